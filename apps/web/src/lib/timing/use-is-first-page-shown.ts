import type { AnyRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { whenFirstPageShown } from './when-first-page-shown.ts';

/** False until the router has shown its first page and the browser is idle after it (`whenFirstPageShown`). */
export function useIsFirstPageShown(router: AnyRouter): boolean {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => whenFirstPageShown(router, () => setIsShown(true)), [router]);
  return isShown;
}
