import {
  apiErrorSchema,
  equipmentItemSchema,
  equipmentListResponseSchema,
  equipmentSiteListResponseSchema,
  equipmentTypeDetailSchema,
  equipmentTypeListResponseSchema,
  type CreateEquipmentRequest,
  type CreateEquipmentTypeRequest,
  type CreateEquipmentTypeVersionRequest,
  type UpdateEquipmentRequest,
} from '@ecc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#lib/api/api.ts';
import { isApiResponseError } from '#lib/api/api-response-error.ts';

/** Every equipment query starts with 'equipment', so one invalidation refreshes lists, counts and items. */
export const equipmentQueryKeys = {
  all: ['equipment'] as const,
  types: () => ['equipment', 'types'] as const,
  type: (key: string) => ['equipment', 'types', key] as const,
  sites: () => ['equipment', 'sites'] as const,
  list: (facilityId: string, typeKey: string) => ['equipment', 'list', facilityId, typeKey] as const,
  item: (id: string) => ['equipment', 'item', id] as const,
};

export const equipmentTypesQuery = queryOptions({
  queryKey: equipmentQueryKeys.types(),
  queryFn: async ({ signal }) =>
    equipmentTypeListResponseSchema.parse(await api.get('/api/equipment/types', { signal })),
});

export function equipmentTypeQuery(key: string) {
  return queryOptions({
    queryKey: equipmentQueryKeys.type(key),
    queryFn: async ({ signal }) =>
      equipmentTypeDetailSchema.parse(
        await api.get(`/api/equipment/types/${encodeURIComponent(key)}`, { signal }),
      ),
  });
}

export const equipmentSitesQuery = queryOptions({
  queryKey: equipmentQueryKeys.sites(),
  queryFn: async ({ signal }) =>
    equipmentSiteListResponseSchema.parse(await api.get('/api/equipment/sites', { signal })),
});

/** Equipment at one site and/or of one type; '' means any. */
export function equipmentListQuery(facilityId: string, typeKey: string) {
  const search = new URLSearchParams();
  if (facilityId !== '') search.set('facilityId', facilityId);
  if (typeKey !== '') search.set('type', typeKey);
  const query = search.toString();
  return queryOptions({
    queryKey: equipmentQueryKeys.list(facilityId, typeKey),
    queryFn: async ({ signal }) =>
      equipmentListResponseSchema.parse(
        await api.get(`/api/equipment${query ? `?${query}` : ''}`, { signal }),
      ),
  });
}

export function equipmentItemQuery(id: string) {
  return queryOptions({
    queryKey: equipmentQueryKeys.item(id),
    queryFn: async ({ signal }) =>
      equipmentItemSchema.parse(await api.get(`/api/equipment/${id}`, { signal })),
    // A missing item is an answer (shown as not found), not a failure worth retrying.
    retry: (failureCount, error) => !isApiResponseError(error, 404) && failureCount < 2,
  });
}

export const createEquipment = async (body: CreateEquipmentRequest) =>
  equipmentItemSchema.parse(await api.post('/api/equipment', body));

export const updateEquipment = async (id: string, body: UpdateEquipmentRequest) =>
  equipmentItemSchema.parse(await api.put(`/api/equipment/${id}`, body));

export const deleteEquipment = (id: string) =>
  api.request<void>(`/api/equipment/${id}`, { method: 'DELETE' });

export const createEquipmentType = async (body: CreateEquipmentTypeRequest) =>
  equipmentTypeDetailSchema.parse(await api.post('/api/equipment/types', body));

export const createEquipmentTypeVersion = async (key: string, body: CreateEquipmentTypeVersionRequest) =>
  equipmentTypeDetailSchema.parse(
    await api.post(`/api/equipment/types/${encodeURIComponent(key)}/versions`, body),
  );

/**
 * The server's 400 names each problem in `fieldErrors` (`body/properties/chargeKg`, `body/name`): the messages by
 * the first segment of the path under `prefix`, so a form can show each at its field.
 */
export function issuesByField(error: unknown, prefix: string): Record<string, string> {
  if (!isApiResponseError(error, 400)) return {};
  const parsed = apiErrorSchema.safeParse(error.body);
  const byField: Record<string, string> = {};
  for (const [path, message] of Object.entries(parsed.data?.fieldErrors ?? {})) {
    if (!path.startsWith(`${prefix}/`)) continue;
    const field = path.slice(prefix.length + 1).split('/')[0] ?? '';
    if (field !== '') byField[field] ??= message;
  }
  return byField;
}
