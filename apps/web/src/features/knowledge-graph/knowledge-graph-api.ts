import { graphEndpoints, type GraphPathQuery, type GraphQuery } from '@ecc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

/** What the page asks `GET /api/graph` for; every part optional, as the server fills in its defaults. */
export type GraphRequest = Partial<GraphQuery>;

export const graphQueryKeys = {
  all: ['graph'] as const,
  neighbourhood: (query: GraphRequest) => ['graph', 'neighbourhood', query] as const,
  search: (text: string) => ['graph', 'search', text] as const,
  path: (query: Partial<GraphPathQuery>) => ['graph', 'path', query] as const,
};

/** The neighbourhood of a node (the realm when no focus), as `GET /api/graph` answers it. */
export function graphQueryOptions(query: GraphRequest) {
  return queryOptions({
    queryKey: graphQueryKeys.neighbourhood(query),
    queryFn: async ({ signal }) => callEndpoint(graphEndpoints.get, { query, signal }),
  });
}

/** Nodes whose name holds `text`, best first; off while the text is empty. */
export function graphSearchQueryOptions(text: string) {
  return queryOptions({
    queryKey: graphQueryKeys.search(text),
    queryFn: async ({ signal }) => callEndpoint(graphEndpoints.search, { query: { q: text }, signal }),
    enabled: text.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** A shortest path between two nodes of the realm (`found: false` when none is short enough); off until both are chosen. */
export function graphPathQueryOptions(query: { from: string | undefined; to: string | undefined }) {
  return queryOptions({
    queryKey: graphQueryKeys.path(query),
    queryFn: async ({ signal }) =>
      callEndpoint(graphEndpoints.path, { query: { from: query.from ?? '', to: query.to ?? '' }, signal }),
    enabled: query.from !== undefined && query.to !== undefined,
  });
}
