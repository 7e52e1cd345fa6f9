import {
  activityRecordEndpoints,
  emissionEndpoints,
  endpointUrl,
  equipmentEndpoints,
  estimateFailureSchema,
  facilityEndpoints,
  MAX_ACTIVITY_RECORD_PAGE_SIZE,
  staleActivityRecordSchema,
  type ActivityRecordDto,
  type ActivityRecordInput,
  type ActivityRecordPatch,
  type EstimateFailureResponse,
  type EstimateRequestBody,
  type EstimateResponse,
  type FacilityListFilter,
  type FacilityListQuery,
  type FacilityPatch,
  type FacilityInput,
  type FacilityTrailQuery,
} from '@ecc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { isApiResponseError } from '#lib/api/api-response-error.ts';
import type { PreviewItem } from './estimate-preview.ts';
import type { TrailRequest } from './facility-types.ts';

export const facilityQueryKeys = {
  all: ['facilities'] as const,
  list: (query: Partial<FacilityListQuery>) => ['facilities', 'list', query] as const,
  map: (filter: Partial<FacilityListFilter>) => ['facilities', 'map', filter] as const,
  sectors: () => ['facilities', 'sectors'] as const,
  states: () => ['facilities', 'states'] as const,
  detail: (slug: string, year?: number) => ['facilities', 'detail', slug, year] as const,
  records: (slug: string) => ['facilities', 'records', slug] as const,
  trail: (slug: string, request: TrailRequest) => ['facilities', 'trail', slug, request] as const,
  recordTrail: (id: string) => ['facilities', 'record-trail', id] as const,
};

/** One page of the facilities the query matches, in the server's order; the previous page stays while the next loads. */
export function facilityListQuery(query: Partial<FacilityListQuery>) {
  return queryOptions({
    queryKey: facilityQueryKeys.list(query),
    queryFn: async ({ signal }) => callEndpoint(facilityEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every facility the filter matches, as map points. */
export function facilityMapQuery(filter: Partial<FacilityListFilter>) {
  return queryOptions({
    queryKey: facilityQueryKeys.map(filter),
    queryFn: async ({ signal }) => callEndpoint(facilityEndpoints.map, { query: filter, signal }),
    placeholderData: keepPreviousData,
  });
}

export const facilitySectorsQuery = queryOptions({
  queryKey: facilityQueryKeys.sectors(),
  queryFn: async ({ signal }) => callEndpoint(facilityEndpoints.sectors, { signal }),
});

export const facilityStatesQuery = queryOptions({
  queryKey: facilityQueryKeys.states(),
  queryFn: async ({ signal }) => callEndpoint(facilityEndpoints.states, { signal }),
});

export async function createFacility(input: FacilityInput) {
  return callEndpoint(facilityEndpoints.create, { body: input });
}

export async function updateFacility(slug: string, patch: FacilityPatch) {
  return callEndpoint(facilityEndpoints.update, { params: { slug }, body: patch });
}

/** The facility and its figures; the breakdowns, flags and intensity of `year` (the latest when undefined). */
export function facilityDetailQuery(slug: string, year: number | undefined) {
  return queryOptions({
    queryKey: facilityQueryKeys.detail(slug, year),
    queryFn: async ({ signal }) =>
      callEndpoint(facilityEndpoints.detail, { params: { slug }, query: { year }, signal }),
    // Another year keeps the page's figures on screen until its own arrive, rather than a skeleton.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === slug ? previous : undefined,
  });
}

/** Every record of the facility in one answer: the table sorts and filters them in the browser. */
export function activityRecordsQuery(slug: string) {
  return queryOptions({
    queryKey: facilityQueryKeys.records(slug),
    queryFn: async ({ signal }) =>
      callEndpoint(activityRecordEndpoints.list, {
        params: { slug },
        query: { limit: MAX_ACTIVITY_RECORD_PAGE_SIZE },
        signal,
      }),
  });
}

/** The query of a facility total's trail (its JSON and its CSV take the same). */
function trailQueryOf(request: TrailRequest): FacilityTrailQuery {
  return {
    year: request.year,
    scope: request.scope,
    activityType: request.activityType,
    gas: request.gas,
    month: request.month,
    equipmentId: request.equipmentId === null ? 'none' : request.equipmentId,
  };
}

export function facilityTrailQuery(slug: string, request: TrailRequest) {
  return queryOptions({
    queryKey: facilityQueryKeys.trail(slug, request),
    queryFn: async ({ signal }) =>
      callEndpoint(activityRecordEndpoints.facilityTrail, {
        params: { slug },
        query: trailQueryOf(request),
        signal,
      }),
  });
}

export function recordTrailQuery(id: string) {
  return queryOptions({
    queryKey: facilityQueryKeys.recordTrail(id),
    queryFn: async ({ signal }) => callEndpoint(activityRecordEndpoints.trail, { params: { id }, signal }),
  });
}

/** Where a facility total's trail downloads as CSV (every record of the total, one row per result). */
export function facilityTrailCsvUrl(slug: string, request: TrailRequest): string {
  return endpointUrl(activityRecordEndpoints.facilityTrailCsv, { slug }, trailQueryOf(request));
}

/** Where a record's trail downloads as CSV. */
export function recordTrailCsvUrl(id: string): string {
  return endpointUrl(activityRecordEndpoints.trailCsv, { id });
}

/** Where a facility total's trail downloads as a workbook (the CSV's columns). */
export function facilityTrailXlsxUrl(slug: string, request: TrailRequest): string {
  return endpointUrl(activityRecordEndpoints.facilityTrailXlsx, { slug }, trailQueryOf(request));
}

/** Where a record's trail downloads as a workbook. */
export function recordTrailXlsxUrl(id: string): string {
  return endpointUrl(activityRecordEndpoints.trailXlsx, { id });
}

export async function createActivityRecord(
  slug: string,
  input: ActivityRecordInput,
): Promise<ActivityRecordDto> {
  return callEndpoint(activityRecordEndpoints.create, { params: { slug }, body: input });
}

/** A change made on `patch.version` of the record; a 409 (someone changed it since) is a `StaleRecordError`. */
export async function updateActivityRecord(
  id: string,
  patch: ActivityRecordPatch,
): Promise<ActivityRecordDto> {
  return withStaleRecords(() =>
    callEndpoint(activityRecordEndpoints.update, { params: { id }, body: patch }),
  );
}

/**
 * Deletes the record if it is still at `version`; answers the deleted record, which is all an undo needs to
 * create it again. A 409 (someone changed it since) is a `StaleRecordError`.
 */
export async function deleteActivityRecord(id: string, version: number): Promise<ActivityRecordDto> {
  return withStaleRecords(() =>
    callEndpoint(activityRecordEndpoints.remove, { params: { id }, query: { version } }),
  );
}

/** Someone changed the record since it was read: `current` is the record as it is now. */
export class StaleRecordError extends Error {
  constructor(
    message: string,
    readonly current: ActivityRecordDto,
  ) {
    super(message);
    this.name = 'StaleRecordError';
  }
}

async function withStaleRecords<Result>(work: () => Promise<Result>): Promise<Result> {
  try {
    return await work();
  } catch (error) {
    const stale = isApiResponseError(error, 409)
      ? staleActivityRecordSchema.safeParse(error.body)
      : undefined;
    if (stale?.success) throw new StaleRecordError(stale.data.message, stale.data.current);
    throw error;
  }
}

/** The fields of a record that a POST takes: an undone delete comes back with the same data (and a new id). */
export function recordToInput(record: ActivityRecordDto): ActivityRecordInput {
  return {
    activityType: record.activityType,
    periodStart: record.periodStart.slice(0, 10),
    periodEnd: record.periodEnd.slice(0, 10),
    quantity: record.quantity,
    unit: record.unit,
    factorKey: record.factorKey,
    scope: record.scope as 1 | 2 | 3,
    scope3Category: record.scope3Category,
    certificateCoverage: record.certificateCoverage,
    isEstimated: record.isEstimated,
    equipmentId: record.equipmentId,
    notes: record.notes,
  };
}

/** Library and realm factors matching the text, for the factor picker. */
export function emissionFactorOptionsQuery(q: string) {
  return queryOptions({
    queryKey: ['emission-factors', 'options', q] as const,
    queryFn: ({ signal }) => callEndpoint(emissionEndpoints.factors, { query: { q, limit: 25 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The equipment at a facility, from the equipment manager; the view lists the summary's names without it. */
export function facilityEquipmentQuery(facilityId: string) {
  return queryOptions({
    queryKey: ['equipment', 'by-facility', facilityId] as const,
    queryFn: ({ signal }) => callEndpoint(equipmentEndpoints.list, { query: { facilityId }, signal }),
    retry: false,
  });
}

/** The estimate API's answer to one request: every item's emissions, or (422) why they cannot be calculated. */
export type EstimateOutcome =
  | { readonly isEstimated: true; readonly response: EstimateResponse }
  | { readonly isEstimated: false; readonly failure: EstimateFailureResponse };

/**
 * The estimate API. Without `gwp` the server uses the realm's reporting set, the one saved records
 * are calculated on. A 422 is an answer here (the items the engine cannot calculate), not an error.
 */
export async function estimateEmissions(
  request: EstimateRequestBody,
  signal?: AbortSignal,
): Promise<EstimateOutcome> {
  try {
    const response = await callEndpoint(emissionEndpoints.estimate, { body: request, signal });
    return { isEstimated: true, response };
  } catch (error) {
    const failure = isApiResponseError(error, 422) ? estimateFailureSchema.safeParse(error.body) : undefined;
    if (failure?.success) return { isEstimated: false, failure: failure.data };
    throw error;
  }
}

/** The preview of a record being typed: one estimate per item, each answered with the item it is for. */
export function estimatePreviewQuery(items: readonly PreviewItem[]) {
  return queryOptions({
    queryKey: ['emissions', 'estimate-preview', items] as const,
    queryFn: async ({ signal }) =>
      Promise.all(
        items.map(async (preview) => ({
          ...preview,
          outcome: await estimateEmissions({ items: [preview.item] }, signal),
        })),
      ),
    // The previous figures stay in view, marked as updating, while the next answer is on its way.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
