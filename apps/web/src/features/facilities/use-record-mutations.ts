import type { ActivityRecordDto, ActivityRecordInput, ActivityRecordPatch } from '@ecc/contracts';
import { toast } from '@ecc/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createActivityRecord,
  deleteActivityRecord,
  facilityQueryKeys,
  recordToInput,
  StaleRecordError,
  updateActivityRecord,
} from './facility-api.ts';
import { formatMass } from '#lib/format/format-mass.ts';
import { OVERVIEW_QUERY_KEY } from '#lib/period/reporting-years-query.ts';

/**
 * Add, edit and delete (with undo) of a facility's records; each refreshes the totals that depend on them. An
 * edit or deletion names the version it was made on: one refused because someone changed the record since
 * fails with `StaleRecordError` and refreshes the records, so the page shows what is stored now.
 */
export function useRecordMutations(slug: string) {
  const queryClient = useQueryClient();
  // Not awaited by the mutations: the form is free again at once, and the totals follow when refetched.
  const refresh = () =>
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: ['facilities', 'detail', slug] }),
      queryClient.invalidateQueries({ queryKey: OVERVIEW_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: facilityQueryKeys.records(slug) }),
      queryClient.invalidateQueries({ queryKey: ['facilities', 'trail', slug] }),
      queryClient.invalidateQueries({ queryKey: ['facilities', 'record-trail'] }),
      queryClient.invalidateQueries({ queryKey: ['facilities', 'list'] }),
    ]);

  const create = useMutation({
    mutationFn: (input: ActivityRecordInput) => createActivityRecord(slug, input),
    onSuccess: refresh,
  });

  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ActivityRecordPatch }) =>
      updateActivityRecord(id, patch),
    onSuccess: refresh,
    onError: (error) => {
      if (error instanceof StaleRecordError) refresh();
    },
  });

  const remove = useMutation({
    mutationFn: (record: ActivityRecordDto) => deleteActivityRecord(record.id, record.version),
    onSuccess: (deleted) => {
      refresh();
      toast({
        title: 'Record deleted',
        description: `${deleted.activityType}, ${deleted.periodStart.slice(0, 10)}: ${formatMass(deleted.co2eKg)}`,
        action: {
          label: 'Undo',
          altText: 'Undo the deletion of the record',
          onClick: () =>
            create.mutate(recordToInput(deleted), {
              onSuccess: () => toast({ title: 'Record restored', variant: 'success' }),
              onError: (error) =>
                toast({
                  title: 'The record could not be restored',
                  description: error.message,
                  variant: 'destructive',
                }),
            }),
        },
      });
    },
    onError: (error) => {
      if (error instanceof StaleRecordError) refresh();
      toast({ title: 'The record could not be deleted', description: error.message, variant: 'destructive' });
    },
  });

  return { create, update, remove };
}
