import {
  calculationEndpoints,
  calculationPublishRefusalSchema,
  type CalculationPublishRefusal,
  type CalculationVersion,
} from '@ecc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { isApiResponseError } from '#lib/api/api-response-error.ts';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { calculationsQueryKey } from './calculation-pages-api.ts';

/*
 * One stored calculation (decision 037) as queries: its detail with tests and bindings, and its versions, for the
 * IDE and the DRAKON page (the list is `calculationLibraryQueryOptions` of calculation-pages-api.ts). Every write
 * invalidates `calculationQueryKeys.all`, the key under which every calculation query lives, so the tree, the
 * other calculation pages and the open tabs show the new state.
 */

export const calculationQueryKeys = {
  all: calculationsQueryKey,
  detail: (id: string) => [...calculationsQueryKey, 'stored', 'detail', id] as const,
  versions: (id: string) => [...calculationsQueryKey, 'stored', 'versions', id] as const,
};

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
