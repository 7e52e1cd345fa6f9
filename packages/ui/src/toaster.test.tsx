import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, type ToastStore } from './toast-store.ts';
import { Toaster } from './toaster.tsx';

describe('Toaster', () => {
  let store: ToastStore;
  beforeEach(() => {
    vi.useFakeTimers();
    store = createToastStore();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function show(options: Parameters<ToastStore['toast']>[0]) {
    let handle: ReturnType<ToastStore['toast']> | undefined;
    act(() => {
      handle = store.toast(options);
    });
    return handle;
  }

  it('shows a toast with its title and description in a region reachable with F8', () => {
    render(<Toaster store={store} />);
    show({ title: 'Saved', description: 'Your changes are stored.' });
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(screen.getByText('Your changes are stored.')).toBeTruthy();
    expect(screen.getByRole('region').getAttribute('aria-label')).toContain('F8');
  });

  it('closes a toast after 5000 ms by default', () => {
    render(<Toaster store={store} />);
    show({ title: 'Saved' });
    act(() => vi.advanceTimersByTime(4999));
    expect(store.getState().toasts[0]?.isOpen).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(store.getState().toasts[0]?.isOpen).toBe(false);
  });

  it('keeps a toast open for its own duration', () => {
    render(<Toaster store={store} />);
    show({ title: 'Session ending', duration: 60_000 });
    act(() => vi.advanceTimersByTime(59_999));
    expect(store.getState().toasts[0]?.isOpen).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(store.getState().toasts[0]?.isOpen).toBe(false);
  });

  it('renders the variant', () => {
    render(<Toaster store={store} />);
    show({ title: 'Logged out', variant: 'destructive' });
    const toast = screen.getByText('Logged out').closest('[data-variant]');
    expect(toast?.getAttribute('data-variant')).toBe('destructive');
    expect(toast?.className).toContain('bg-destructive');
  });

  it('runs the action and closes the toast when its button is pressed', () => {
    const onClick = vi.fn();
    render(<Toaster store={store} />);
    show({
      title: 'Your session will expire soon',
      variant: 'warning',
      action: { label: 'Cancel', onClick },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(store.getState().toasts[0]?.isOpen).toBe(false);
  });

  it('closes a toast with its close button', () => {
    render(<Toaster store={store} closeLabel="Dismiss" />);
    show({ title: 'Saved' });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(store.getState().toasts[0]?.isOpen).toBe(false);
  });

  it('shows at most the 3 newest toasts', () => {
    render(<Toaster store={store} />);
    for (const title of ['One', 'Two', 'Three', 'Four']) show({ title });
    expect(screen.queryByText('One')).toBeNull();
    for (const title of ['Two', 'Three', 'Four']) expect(screen.getByText(title)).toBeTruthy();
  });
});
