import type { FacilityDto, FacilityInput, FacilityPatch } from '@ecc/contracts';
import { toast } from '@ecc/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFacility, facilityQueryKeys, updateFacility } from './facility-api.ts';

/**
 * Create, edit, archive (with undo) and restore of facilities; each refreshes the lists, the map, the counts and
 * the facility's page.
 */
export function useFacilityMutations() {
  const queryClient = useQueryClient();
  // Not awaited: the dialog closes at once, and the lists follow when refetched.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: facilityQueryKeys.all });

  const create = useMutation({
    mutationFn: (input: FacilityInput) => createFacility(input),
    onSuccess: (created) => {
      refresh();
      toast({ title: `${created.name} created`, variant: 'success' });
    },
  });

  const update = useMutation({
    mutationFn: ({ slug, patch }: { slug: string; patch: FacilityPatch }) => updateFacility(slug, patch),
    onSuccess: refresh,
  });

  const restore = (facility: Pick<FacilityDto, 'slug' | 'name'>) =>
    update.mutate(
      { slug: facility.slug, patch: { archived: false } },
      {
        onSuccess: () => toast({ title: `${facility.name} restored`, variant: 'success' }),
        onError: (error) =>
          toast({
            title: `${facility.name} could not be restored`,
            description: error.message,
            variant: 'destructive',
          }),
      },
    );

  /** Archives; the toast's Undo brings the facility back. Rejects when the server refuses. */
  const archive = async (facility: Pick<FacilityDto, 'slug' | 'name'>) => {
    await update.mutateAsync({ slug: facility.slug, patch: { archived: true } });
    toast({
      title: `${facility.name} archived`,
      description: 'It no longer appears in the lists; its page and data are kept.',
      action: { label: 'Undo', altText: `Undo archiving ${facility.name}`, onClick: () => restore(facility) },
    });
  };

  return { create, update, archive, restore };
}
