import type { FacilityDto } from '@ecc/contracts';
import { Alert, AlertDescription, Button, ConfirmDialog } from '@ecc/ui';
import { ArchiveIcon, ArchiveRestoreIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useCan } from '#lib/permissions/use-ability.ts';
import { FacilityFormDialog } from './facility-form-dialog.tsx';
import { useFacilityMutations } from './use-facility-mutations.ts';

/**
 * Edit and archive (after a confirmation, with undo) on a facility's page, or restore an archived one; shown to
 * those who may update facilities. An archived facility says so above its figures.
 */
export function FacilityActions({ facility }: { facility: FacilityDto }) {
  const canUpdate = useCan('update', 'Facility');
  const mutations = useFacilityMutations();
  const [isEditing, setIsEditing] = useState(false);
  const isArchived = facility.archivedOn !== null;
  return (
    <div className="grid gap-3">
      {isArchived ? (
        <Alert kind="warning">
          <AlertDescription>
            This facility is archived: it no longer appears in the lists. Its data are kept.
          </AlertDescription>
        </Alert>
      ) : null}
      {canUpdate ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
            <PencilIcon aria-hidden="true" /> Edit facility
          </Button>
          {isArchived ? (
            <Button variant="outline" size="sm" onClick={() => mutations.restore(facility)}>
              <ArchiveRestoreIcon aria-hidden="true" /> Restore facility
            </Button>
          ) : (
            <ConfirmDialog
              title={`Archive ${facility.name}?`}
              description="It leaves the facility list, the map and the counts. Its page, records and results are kept, and it can be restored."
              confirmLabel="Archive"
              variant="destructive"
              onConfirm={() => mutations.archive(facility)}
              trigger={
                <Button variant="outline" size="sm">
                  <ArchiveIcon aria-hidden="true" /> Archive facility
                </Button>
              }
            />
          )}
        </div>
      ) : null}
      {isEditing ? (
        <FacilityFormDialog
          facility={facility}
          onSave={(values) => mutations.update.mutateAsync({ slug: facility.slug, patch: values })}
          onClose={() => setIsEditing(false)}
        />
      ) : null}
    </div>
  );
}
