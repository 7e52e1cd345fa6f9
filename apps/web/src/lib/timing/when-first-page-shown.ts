import type { AnyRouter } from '@tanstack/react-router';
import { whenIdle } from './when-idle.ts';

/**
 * Runs `work` once the router has shown its first page and the browser is idle after it, so that the code it
 * loads stays out of the first paint; returns the function that cancels it.
 */
export function whenFirstPageShown(router: AnyRouter, work: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const show = () => {
    cancelIdle ??= whenIdle(work);
  };
  const unsubscribe = router.subscribe('onRendered', show);
  if (router.state.resolvedLocation) show();
  return () => {
    unsubscribe();
    cancelIdle?.();
  };
}
