import { useEffect, useRef, type RefObject } from 'react';

/**
 * Returns `focusAfterRender(id)`: after the next render, focus moves to the element with that id, or to
 * `fallback` when the element is not on screen (a refused form's first field may sit in a hidden section).
 */
export function useFocusAfterRender(fallback: RefObject<HTMLElement | null>): (id: string) => void {
  const pendingId = useRef<string | null>(null);
  useEffect(() => {
    if (pendingId.current === null) return;
    (document.getElementById(pendingId.current) ?? fallback.current)?.focus();
    pendingId.current = null;
  });
  return (id) => {
    pendingId.current = id;
  };
}
