import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePagedSearch } from './use-paged-search.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('usePagedSearch', () => {
  it('settles on the trimmed text once typing pauses for 300 ms', () => {
    const { result } = renderHook(() => usePagedSearch());
    act(() => result.current.setSearchText(' gas'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.setSearchText(' gas '));
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.search).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.search).toBe('gas');
    expect(result.current.searchText).toBe(' gas ');
  });

  it('goes back to the first page with each new search', () => {
    const { result } = renderHook(() => usePagedSearch());
    act(() => result.current.setOffset(50));
    expect(result.current.offset).toBe(50);
    act(() => result.current.setSearchText('coal'));
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.offset).toBe(0);
  });
});
