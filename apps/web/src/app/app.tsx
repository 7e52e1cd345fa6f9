import { TOAST_VIEWPORT_HOTKEY } from '@ecc/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useIsFirstPageShown } from '../lib/timing/use-is-first-page-shown.ts';
import type { AppRouter } from './router/app-router.tsx';

// Toasts follow what someone did, never the first paint: the toaster (Radix Toast) loads once a page has been
// shown and the browser is idle. A toast raised before then waits in the store and shows when it has loaded.
const ToastRoot = lazy(() => import('./toast-root.tsx').then((module) => ({ default: module.ToastRoot })));

function isViewportHotkey(event: KeyboardEvent): boolean {
  return TOAST_VIEWPORT_HOTKEY.every((key) => event.code === key);
}

/**
 * Loads the toaster once the first page has been shown. A press of the viewport's hotkey (F8) before the
 * toaster has loaded loads it at once and is replayed to it.
 */
function DeferredToaster({ router }: { router: AppRouter }) {
  const isFirstPageShown = useIsFirstPageShown(router);
  const [isMounted, setIsMounted] = useState(false);
  const [isHotkeyPressed, setIsHotkeyPressed] = useState(false);
  const hasEarlyHotkey = useRef(false);
  useEffect(() => {
    if (isMounted) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isViewportHotkey(event)) return;
      hasEarlyHotkey.current = true;
      setIsHotkeyPressed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMounted]);
  const onMounted = useCallback(() => {
    setIsMounted(true);
    if (!hasEarlyHotkey.current) return;
    document.dispatchEvent(new KeyboardEvent('keydown', { code: TOAST_VIEWPORT_HOTKEY[0], bubbles: true }));
  }, []);
  return isFirstPageShown || isHotkeyPressed ? (
    <Suspense fallback={null}>
      <ToastRoot onMounted={onMounted} />
    </Suspense>
  ) : null;
}

/** The providers every page relies on: server state and the router, and the toasts. */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <DeferredToaster router={router} />
    </QueryClientProvider>
  );
}
