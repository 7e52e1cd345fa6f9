import { Toaster } from '@ecc/ui';
import { useEffect } from 'react';

/** The toaster in a chunk of its own, which app.tsx loads once the first page has painted. */
export function ToastRoot({ onMounted }: { onMounted: () => void }) {
  // Runs after the toaster's own effects, so its viewport already listens for the hotkey.
  useEffect(onMounted, [onMounted]);
  return <Toaster />;
}
