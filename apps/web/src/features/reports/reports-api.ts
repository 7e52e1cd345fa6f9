import {
  analysisEndpoints,
  reportEndpoints,
  type ReportDetail,
  type ReportExportFormat,
  type ReportInput,
  type ReportTransition,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

export const reportsQueryKey = ['reports'] as const;

export const reportListQueryOptions = queryOptions({
  queryKey: [...reportsQueryKey, 'list'],
  queryFn: async ({ signal }) => (await callEndpoint(reportEndpoints.list, { signal })).reports,
});

/** A report with its newest version, or the version asked for. */
export function reportQueryOptions(id: string, version?: number) {
  return queryOptions({
    queryKey: [...reportsQueryKey, 'detail', id, version ?? 'latest'],
    queryFn: ({ signal }) =>
      version === undefined
        ? callEndpoint(reportEndpoints.get, { params: { id }, signal })
        : callEndpoint(reportEndpoints.version, { params: { id, number: version }, signal }),
  });
}

/** The saved analyses a section can show: the user's own and the realm's shared ones. */
export const savedAnalysesQueryOptions = queryOptions({
  queryKey: [...reportsQueryKey, 'analysis-views'],
  queryFn: async ({ signal }) => (await callEndpoint(analysisEndpoints.listViews, { signal })).views,
});

export function createReport(input: ReportInput): Promise<ReportDetail> {
  return callEndpoint(reportEndpoints.create, { body: input });
}

export function saveReport(id: string, input: ReportInput): Promise<ReportDetail> {
  return callEndpoint(reportEndpoints.save, { params: { id }, body: input });
}

export function transitionReport(id: string, action: ReportTransition): Promise<ReportDetail> {
  return callEndpoint(reportEndpoints.transition, { params: { id }, body: { action } });
}

/** The download address of a version's export; the server names the file. */
export function exportHref(id: string, format: ReportExportFormat, version?: number): string {
  const query = new URLSearchParams({
    format,
    ...(version === undefined ? {} : { version: String(version) }),
  });
  return `${reportEndpoints.export.path.replace(':id', encodeURIComponent(id))}?${query}`;
}

export function refreshReports(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: reportsQueryKey });
}
