import {
  analysisEndpoints,
  endpointUrl,
  reportEndpoints,
  type AnalysisView,
  type ExportFormat,
  type AnalysisFilters,
  type AnalysisQuery,
  type AnalysisViewInput,
} from '@ecc/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

const ANALYSIS_KEY = ['analysis'] as const;
const VIEWS_KEY = [...ANALYSIS_KEY, 'views'] as const;

/** The pivot of `view`, computed by the server; another view keeps the last answer on screen until it arrives. */
export function analysisQuery(view: AnalysisQuery) {
  return queryOptions({
    queryKey: [...ANALYSIS_KEY, 'query', view] as const,
    queryFn: async ({ signal }) => callEndpoint(analysisEndpoints.query, { body: view, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The values each dimension takes in the realm's data, for the filters. */
export function dimensionValuesQuery() {
  return queryOptions({
    queryKey: [...ANALYSIS_KEY, 'dimension-values'] as const,
    queryFn: async ({ signal }) => callEndpoint(analysisEndpoints.dimensionValues, { signal }),
  });
}

export function savedViewsQuery() {
  return queryOptions({
    queryKey: VIEWS_KEY,
    queryFn: async ({ signal }) => callEndpoint(analysisEndpoints.listViews, { signal }),
  });
}

/** The records behind one cell, a page at a time. */
export function cellRecordsQuery(
  request: {
    filters: AnalysisFilters;
    keys: Record<string, string | number>;
    scope2Method: 'location' | 'market';
  },
  page: number,
) {
  return queryOptions({
    queryKey: [...ANALYSIS_KEY, 'records', request, page] as const,
    queryFn: async ({ signal }) =>
      callEndpoint(analysisEndpoints.records, { body: { ...request, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AnalysisViewInput) => callEndpoint(analysisEndpoints.createView, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: VIEWS_KEY }),
  });
}

export function useDeleteView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(analysisEndpoints.deleteView, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: VIEWS_KEY }),
  });
}

/** The download of the pivot of `view` in `format`: a link the browser follows and saves. */
export function analysisExportHref(view: AnalysisQuery, format: ExportFormat): string {
  return endpointUrl(analysisEndpoints.export, undefined, { view: JSON.stringify(view), format });
}

/** The download of every record behind a cell in `format`: a link the browser follows and saves. */
export function cellRecordsExportHref(
  cell: {
    filters: AnalysisFilters;
    keys: Record<string, string | number>;
    scope2Method: 'location' | 'market';
  },
  format: ExportFormat,
): string {
  return endpointUrl(analysisEndpoints.exportRecords, undefined, { cell: JSON.stringify(cell), format });
}

/** The reports page's cache key: a report changed here is refetched there. */
const REPORTS_KEY = ['reports'] as const;

/** The realm's reports a saved analysis can be added to. */
export function reportChoicesQuery() {
  return queryOptions({
    queryKey: [...REPORTS_KEY, 'list'] as const,
    queryFn: async ({ signal }) => (await callEndpoint(reportEndpoints.list, { signal })).reports,
  });
}

/**
 * Appends a saved analysis to a report (the server adds it to the newest version in one transaction), or creates
 * a report holding only it; the reports' cached answers are refreshed.
 */
export function useAddToReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { view: AnalysisView; target: { reportId: string } | { newName: string } }) => {
      const section = {
        id: crypto.randomUUID(),
        kind: 'analysis' as const,
        title: '',
        viewId: input.view.id,
      };
      return 'reportId' in input.target
        ? callEndpoint(reportEndpoints.appendSection, {
            params: { id: input.target.reportId },
            body: { section },
          })
        : callEndpoint(reportEndpoints.create, { body: { name: input.target.newName, sections: [section] } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: REPORTS_KEY }),
  });
}
