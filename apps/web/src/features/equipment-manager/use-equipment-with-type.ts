import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { equipmentItemQuery, equipmentTypeQuery } from './equipment-api.ts';

/** The item of an `/equipment-manager/{schema}/{id}/…` page and its type, loaded together. */
export function useEquipmentWithType() {
  const { schema = '', id = '' } = useParams({ strict: false }) as { schema?: string; id?: string };
  const item = useQuery(equipmentItemQuery(id));
  const type = useQuery(equipmentTypeQuery(schema));
  return {
    item,
    type,
    isPending: item.isPending || type.isPending,
    error: item.error ?? type.error,
    retry: () => void Promise.all([item.refetch(), type.refetch()]),
  };
}
