import type { AnyRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle.ts';

/**
 * False until the router has shown its first page and the browser is idle after it: what renders only then
 * (and the code it loads) is left out of the first paint.
 */
export function useIsFirstPageShown(router: AnyRouter): boolean {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    const show = () => {
      cancelIdle ??= whenIdle(() => setIsShown(true));
    };
    const unsubscribe = router.subscribe('onRendered', show);
    if (router.state.resolvedLocation) show();
    return () => {
      unsubscribe();
      cancelIdle?.();
    };
  }, [router]);
  return isShown;
}
