import {
  calculationEndpoints,
  calculationPublishRefusalSchema,
  type CalculationPublishRefusal,
  type CalculationVersion,
} from '@ecc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { isApiResponseError } from '#lib/api/api-response-error.ts';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

/*
 * The realm's stored calculations (decision 037) as queries: the list (tree), one calculation with its tests and
 * bindings, and its versions. Shared by the IDE and the other calculation pages; every write invalidates
 * `calculationQueryKeys.all`, so the tree and the open tabs show the new state.
 */

export const calculationQueryKeys = {
  all: ['calculations', 'stored'] as const,
  list: () => [...calculationQueryKeys.all, 'list'] as const,
  detail: (id: string) => [...calculationQueryKeys.all, 'detail', id] as const,
  versions: (id: string) => [...calculationQueryKeys.all, 'versions', id] as const,
};

export function calculationListQueryOptions() {
  return queryOptions({
    queryKey: calculationQueryKeys.list(),
    queryFn: ({ signal }) => callEndpoint(calculationEndpoints.list, { signal }),
  });
}

export function calculationDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: calculationQueryKeys.detail(id),
    queryFn: ({ signal }) => callEndpoint(calculationEndpoints.read, { params: { id }, signal }),
  });
}

export function calculationVersionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: calculationQueryKeys.versions(id),
    queryFn: ({ signal }) => callEndpoint(calculationEndpoints.listVersions, { params: { id }, signal }),
  });
}

/** Publishing's answer: the published version, or the server's refusal with the failing tests and errors. */
export type PublishOutcome =
  | { readonly isPublished: true; readonly version: CalculationVersion }
  | { readonly isPublished: false; readonly refusal: CalculationPublishRefusal };

/** Publishes a version; the 409 with failing tests or formula errors is an answer, other failures throw. */
export async function publishCalculationVersion(id: string, number: number): Promise<PublishOutcome> {
  try {
    const version = await callEndpoint(calculationEndpoints.publish, { params: { id, number } });
    return { isPublished: true, version };
  } catch (error) {
    if (isApiResponseError(error, 409)) {
      const refusal = calculationPublishRefusalSchema.safeParse(error.body);
      if (refusal.success) return { isPublished: false, refusal: refusal.data };
    }
    throw error;
  }
}
