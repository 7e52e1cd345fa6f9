import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, type ToastVariant } from '@ecc/contracts';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

export interface ToastActionOptions {
  label: string;
  onClick: () => void;
  /** How a screen reader user performs the action without the button; defaults to the label. */
  altText?: string;
}

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes itself; the Toaster's default applies when absent. */
  duration?: number;
  action?: ToastActionOptions;
}

export interface ToastItem extends ToastOptions {
  id: string;
  isOpen: boolean;
}

export interface ToastState {
  /** Newest first. */
  toasts: ToastItem[];
}

export type ToastReducerAction =
  | { type: 'ADD_TOAST'; toast: ToastItem }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToastItem> & Pick<ToastItem, 'id'> }
  /** Without a toastId every toast is dismissed (closed, then removed after the delay). */
  | { type: 'DISMISS_TOAST'; toastId?: string }
  /** Without a toastId every toast is removed. */
  | { type: 'REMOVE_TOAST'; toastId?: string };

export const initialToastState: ToastState = { toasts: [] };

/** Pure state transitions of the toast lifecycle: added, updated, dismissed, removed. */
export function toastReducer(state: ToastState, action: ToastReducerAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((toast) =>
          toast.id === action.toast.id ? { ...toast, ...action.toast } : toast,
        ),
      };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((toast) =>
          action.toastId === undefined || toast.id === action.toastId ? { ...toast, isOpen: false } : toast,
        ),
      };
    case 'REMOVE_TOAST':
      return {
        toasts:
          action.toastId === undefined ? [] : state.toasts.filter((toast) => toast.id !== action.toastId),
      };
  }
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

export interface ToastStore {
  getState: () => ToastState;
  subscribe: (listener: () => void) => () => void;
  dispatch: (action: ToastReducerAction) => void;
  toast: (options: ToastOptions) => ToastHandle;
  dismiss: (toastId?: string) => void;
}

/** A toast store: the reducer, plus the timers that remove dismissed toasts after TOAST_REMOVE_DELAY_MS. */
export function createToastStore(): ToastStore {
  let state = initialToastState;
  let nextId = 0;
  const listeners = new Set<() => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function scheduleRemoval(toastId: string) {
    if (removalTimers.has(toastId)) return;
    const timer = setTimeout(() => {
      removalTimers.delete(toastId);
      dispatch({ type: 'REMOVE_TOAST', toastId });
    }, TOAST_REMOVE_DELAY_MS);
    removalTimers.set(toastId, timer);
  }

  function dispatch(action: ToastReducerAction) {
    if (action.type === 'DISMISS_TOAST') {
      const dismissed = state.toasts.filter(
        (toast) => action.toastId === undefined || toast.id === action.toastId,
      );
      for (const toast of dismissed) scheduleRemoval(toast.id);
    }
    state = toastReducer(state, action);
    // A toast pushed out by the limit or removed early needs no removal any more.
    for (const [toastId, timer] of removalTimers) {
      if (!state.toasts.some((toast) => toast.id === toastId)) {
        clearTimeout(timer);
        removalTimers.delete(toastId);
      }
    }
    for (const listener of listeners) listener();
  }

  function dismiss(toastId?: string) {
    dispatch(toastId === undefined ? { type: 'DISMISS_TOAST' } : { type: 'DISMISS_TOAST', toastId });
  }

  function toast(options: ToastOptions): ToastHandle {
    nextId += 1;
    const id = String(nextId);
    dispatch({ type: 'ADD_TOAST', toast: { ...options, id, isOpen: true } });
    return {
      id,
      dismiss: () => dismiss(id),
      update: (changes) => dispatch({ type: 'UPDATE_TOAST', toast: { ...changes, id } }),
    };
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch,
    toast,
    dismiss,
  };
}

/** The application's toasts: one store shared by every caller of toast() and every Toaster. */
export const toastStore = createToastStore();

/** Shows a toast from anywhere (event handlers, api clients, timers). */
export function toast(options: ToastOptions): ToastHandle {
  return toastStore.toast(options);
}

/** Closes one toast, or all of them. */
export function dismissToast(toastId?: string): void {
  toastStore.dismiss(toastId);
}

export function useToast(store: ToastStore = toastStore) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { toasts: state.toasts, toast: store.toast, dismiss: store.dismiss };
}
