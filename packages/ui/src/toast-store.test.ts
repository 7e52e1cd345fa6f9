import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createToastStore,
  initialToastState,
  toastReducer,
  type ToastItem,
  type ToastState,
} from './toast-store.ts';

/** The specification's removal delay of a dismissed toast (sections 4 and 9), written out here. */
const REMOVE_DELAY_MS = 1_000_000;

function item(id: string, changes: Partial<ToastItem> = {}): ToastItem {
  return { id, title: `Toast ${id}`, isOpen: true, ...changes };
}

function ids(state: ToastState): string[] {
  return state.toasts.map((toast) => toast.id);
}

describe('toastReducer', () => {
  it('keeps only the 3 newest toasts, newest first', () => {
    let state = initialToastState;
    for (const id of ['1', '2', '3', '4', '5'])
      state = toastReducer(state, { type: 'ADD_TOAST', toast: item(id) });
    expect(ids(state)).toEqual(['5', '4', '3']);
  });

  it('updates only the named toast', () => {
    const state: ToastState = { toasts: [item('2'), item('1')] };
    const next = toastReducer(state, {
      type: 'UPDATE_TOAST',
      toast: { id: '1', title: 'Saved', variant: 'success' },
    });
    expect(next.toasts).toEqual([item('2'), item('1', { title: 'Saved', variant: 'success' })]);
    expect(state.toasts[1]?.title).toBe('Toast 1');
  });

  it('dismisses by closing: one toast by id, or all of them', () => {
    const state: ToastState = { toasts: [item('2'), item('1')] };
    expect(
      toastReducer(state, { type: 'DISMISS_TOAST', toastId: '1' }).toasts.map((toast) => toast.isOpen),
    ).toEqual([true, false]);
    expect(toastReducer(state, { type: 'DISMISS_TOAST' }).toasts.map((toast) => toast.isOpen)).toEqual([
      false,
      false,
    ]);
  });

  it('removes one toast by id, or all of them', () => {
    const state: ToastState = { toasts: [item('2'), item('1')] };
    expect(ids(toastReducer(state, { type: 'REMOVE_TOAST', toastId: '2' }))).toEqual(['1']);
    expect(ids(toastReducer(state, { type: 'REMOVE_TOAST' }))).toEqual([]);
  });
});

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds a toast and hands back its id, dismiss and update', () => {
    const store = createToastStore();
    const handle = store.toast({ title: 'Saving…' });
    expect(store.getState().toasts).toEqual([{ id: handle.id, title: 'Saving…', isOpen: true }]);
    handle.update({ title: 'Saved', variant: 'success' });
    expect(store.getState().toasts[0]).toMatchObject({ title: 'Saved', variant: 'success', isOpen: true });
    handle.dismiss();
    expect(store.getState().toasts[0]?.isOpen).toBe(false);
  });

  it('removes a dismissed toast 1,000,000 ms after its dismissal, not before', () => {
    const store = createToastStore();
    const handle = store.toast({ title: 'Bye' });
    vi.advanceTimersByTime(10_000);
    handle.dismiss();
    vi.advanceTimersByTime(REMOVE_DELAY_MS - 1);
    expect(store.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toEqual([]);
  });

  it('counts the removal delay from the first dismissal', () => {
    const store = createToastStore();
    const handle = store.toast({ title: 'Bye' });
    handle.dismiss();
    vi.advanceTimersByTime(REMOVE_DELAY_MS / 2);
    handle.dismiss();
    vi.advanceTimersByTime(REMOVE_DELAY_MS / 2);
    expect(store.getState().toasts).toEqual([]);
  });

  it('dismissing all toasts removes all of them after the delay', () => {
    const store = createToastStore();
    store.toast({ title: 'One' });
    store.toast({ title: 'Two' });
    store.dismiss();
    expect(store.getState().toasts.every((toast) => !toast.isOpen)).toBe(true);
    vi.advanceTimersByTime(REMOVE_DELAY_MS);
    expect(store.getState().toasts).toEqual([]);
  });

  it('forgets the removal timer of a toast pushed out by newer ones', () => {
    const store = createToastStore();
    store.toast({ title: 'Old' }).dismiss();
    for (const title of ['A', 'B', 'C']) store.toast({ title });
    expect(vi.getTimerCount()).toBe(0);
    expect(store.getState().toasts.map((toast) => toast.title)).toEqual(['C', 'B', 'A']);
  });

  it('notifies subscribers of every change until they unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.toast({ title: 'One' }).dismiss();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.toast({ title: 'Two' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
