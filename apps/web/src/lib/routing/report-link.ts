/** The address parameter naming the report `/reporting/analysis/report` shows, so a report can be linked to. */
export const REPORT_SEARCH_PARAMETER = 'report';

/** The report builder's page of one report. */
export function reportLink(reportId: string): {
  to: '/reporting/analysis/report';
  search: Record<string, string>;
} {
  return { to: '/reporting/analysis/report', search: { [REPORT_SEARCH_PARAMETER]: reportId } };
}
