import { useAnalytics } from '../lib/analytics/use-analytics.ts';

/**
 * What the root shell does beside the page and may start late: analytics. In a chunk of its own that the shell
 * loads once the first page has painted (root-shell.tsx).
 */
export function ShellBackgroundWork() {
  useAnalytics();
  return null;
}
