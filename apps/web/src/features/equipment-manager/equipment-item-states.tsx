import type { EquipmentItem, EquipmentTypeDetail } from '@ecc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { isApiResponseError } from '#lib/api/api-response-error.ts';
import { equipmentItemQuery, equipmentTypeQuery } from './equipment-api.ts';
import { EquipmentNotFound } from './equipment-not-found.tsx';

/** The skeleton of a page with a title and a form or list of properties. */
export const EQUIPMENT_PAGE_SKELETONS = ['h-8 w-64', 'h-40'];

export interface LoadedEquipment {
  equipment: EquipmentItem;
  type: EquipmentTypeDetail;
}

/**
 * The item of an `/equipment-manager/{schema}/{id}/…` page and its type, loaded together: a skeleton meanwhile,
 * "Equipment not found" for an id the realm does not have, the error with a retry, else the page.
 */
export function EquipmentItemStates({ children }: { children: (loaded: LoadedEquipment) => ReactNode }) {
  const { schema = '', id = '' } = useParams({ strict: false }) as { schema?: string; id?: string };
  const item = useQuery(equipmentItemQuery(id));
  const type = useQuery(equipmentTypeQuery(schema));
  const isPending = item.isPending || type.isPending;

  if (!isPending && isApiResponseError(item.error, 404))
    return (
      <EquipmentNotFound
        title="Equipment not found"
        description="This realm has no equipment with that id."
      />
    );
  return (
    <QueryStates
      query={{
        isPending,
        error: item.error ?? type.error,
        data: item.data && type.data ? { equipment: item.data, type: type.data } : undefined,
        refetch: () => Promise.all([item.refetch(), type.refetch()]),
      }}
      loading={
        <LoadingSkeleton
          label="Loading the equipment"
          skeletons={EQUIPMENT_PAGE_SKELETONS}
          className="max-w-xl gap-4"
          aria-busy="true"
        />
      }
      errorTitle="The equipment could not be loaded"
    >
      {children}
    </QueryStates>
  );
}
