import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { Tooltip, TooltipProvider } from './tooltip.tsx';

describe('Tooltip', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens 700 ms after the pointer rests on its trigger', () => {
    render(
      <TooltipProvider>
        <Tooltip content="Download the report">
          <Button>Download</Button>
        </Tooltip>
      </TooltipProvider>,
    );
    fireEvent.pointerMove(screen.getByRole('button', { name: 'Download' }), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('Download the report');
  });

  it('opens at once on keyboard focus', () => {
    render(
      <TooltipProvider>
        <Tooltip content="Download the report">
          <Button>Download</Button>
        </Tooltip>
      </TooltipProvider>,
    );
    fireEvent.focus(screen.getByRole('button', { name: 'Download' }));
    expect(screen.getByRole('tooltip').textContent).toBe('Download the report');
  });
});
