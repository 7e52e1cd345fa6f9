import {
  equipmentEndpoints,
  type CreateEquipmentRequest,
  type CreateEquipmentTypeRequest,
  type CreateEquipmentTypeVersionRequest,
  type UpdateEquipmentRequest,
} from '@ecc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
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
  queryFn: async ({ signal }) => callEndpoint(equipmentEndpoints.types, { signal }),
});

export function equipmentTypeQuery(key: string) {
  return queryOptions({
    queryKey: equipmentQueryKeys.type(key),
    queryFn: async ({ signal }) => callEndpoint(equipmentEndpoints.type, { params: { key }, signal }),
  });
}

export const equipmentSitesQuery = queryOptions({
  queryKey: equipmentQueryKeys.sites(),
  queryFn: async ({ signal }) => callEndpoint(equipmentEndpoints.sites, { signal }),
});

/** Equipment at one site and/or of one type; '' means any. */
export function equipmentListQuery(facilityId: string, typeKey: string) {
  return queryOptions({
    queryKey: equipmentQueryKeys.list(facilityId, typeKey),
    // The query string leaves empty values out: '' asks for any site or type.
    queryFn: async ({ signal }) =>
      callEndpoint(equipmentEndpoints.list, { query: { facilityId, type: typeKey }, signal }),
  });
}

export function equipmentItemQuery(id: string) {
  return queryOptions({
    queryKey: equipmentQueryKeys.item(id),
    queryFn: async ({ signal }) => callEndpoint(equipmentEndpoints.detail, { params: { id }, signal }),
    // A missing item is an answer (shown as not found), not a failure worth retrying.
    retry: (failureCount, error) => !isApiResponseError(error, 404) && failureCount < 2,
  });
}

export const createEquipment = async (body: CreateEquipmentRequest) =>
  callEndpoint(equipmentEndpoints.create, { body });

export const updateEquipment = async (id: string, body: UpdateEquipmentRequest) =>
  callEndpoint(equipmentEndpoints.update, { params: { id }, body });

export const deleteEquipment = async (id: string) =>
  callEndpoint(equipmentEndpoints.delete, { params: { id } });

export const createEquipmentType = async (body: CreateEquipmentTypeRequest) =>
  callEndpoint(equipmentEndpoints.createType, { body });

export const createEquipmentTypeVersion = async (key: string, body: CreateEquipmentTypeVersionRequest) =>
  callEndpoint(equipmentEndpoints.createTypeVersion, { params: { key }, body });
