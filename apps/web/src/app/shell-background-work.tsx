import { useAnalytics } from '../lib/analytics/use-analytics.ts';
import { useSessionInactivityTimeout } from '../lib/inactivity/use-inactivity-timeout.ts';

/**
 * What the root shell does beside the page: the inactivity timeout and analytics. In a chunk of its own that
 * the shell loads once the first page has painted (root-shell.tsx).
 */
export function ShellBackgroundWork() {
  useSessionInactivityTimeout();
  useAnalytics();
  return null;
}
