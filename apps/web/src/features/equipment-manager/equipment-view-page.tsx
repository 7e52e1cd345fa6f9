import { equipmentFieldsOf } from '@ecc/domain';
import { Button, ConfirmDialog, buttonVariants, toast } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '#components/page-header.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import { deleteEquipment, equipmentQueryKeys } from './equipment-api.ts';
import { EquipmentItemStates, type LoadedEquipment } from './equipment-item-states.tsx';
import { equipmentPaths } from './equipment-paths.ts';

function displayValue(value: unknown, unit: string | undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return `${value.toLocaleString()}${unit ? ` ${unit}` : ''}`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `/equipment-manager/{schema}/{id}/view`: one piece of equipment, its properties in its type's words. */
export function EquipmentViewPage() {
  return <EquipmentItemStates>{(loaded) => <EquipmentView {...loaded} />}</EquipmentItemStates>;
}

function EquipmentView({ equipment, type }: LoadedEquipment) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const canUpdate = useCan('update', 'Equipment');
  const canDelete = useCan('delete', 'Equipment');

  const version =
    type.versions.find((candidate) => candidate.version === equipment.typeVersion) ?? type.current;
  const { fields } = equipmentFieldsOf(version.schema);
  const listed = new Set(fields.map((field) => field.name));
  const others = Object.entries(equipment.properties).filter(([name]) => !listed.has(name));

  return (
    <>
      <PageHeader
        title={equipment.name}
        description={`${equipment.typeName} at ${equipment.facilityName} · type version ${equipment.typeVersion}`}
      />
      <div className="grid max-w-2xl gap-6">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 rounded-lg border p-4 text-sm">
          {fields.map((field) => (
            <div key={field.name} className="contents">
              <dt className="text-muted-foreground">{field.label}</dt>
              <dd>{displayValue(equipment.properties[field.name], field.unit)}</dd>
            </div>
          ))}
          {others.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-muted-foreground">{name}</dt>
              <dd>{displayValue(value, undefined)}</dd>
            </div>
          ))}
        </dl>
        {version.activityTypes.length > 0 || version.calculationMethodId ? (
          <p className="text-muted-foreground text-sm">
            Activity: {version.activityTypes.join(', ') || '—'} · Calculation method:{' '}
            {version.calculationMethodId ?? '—'}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {canUpdate ? (
            <Link to={equipmentPaths.edit(equipment.typeKey, equipment.id)} className={buttonVariants()}>
              Edit
            </Link>
          ) : null}
          {canDelete ? (
            <ConfirmDialog
              title={`Delete ${equipment.name}?`}
              description="The equipment and its properties are removed. This cannot be undone."
              confirmLabel="Delete"
              variant="destructive"
              trigger={<Button variant="outline">Delete</Button>}
              onConfirm={async () => {
                try {
                  await deleteEquipment(equipment.id);
                } catch (failure) {
                  toast({
                    title: 'Not deleted',
                    description: (failure as Error).message,
                    variant: 'destructive',
                  });
                  throw failure;
                }
                await queryClient.invalidateQueries({ queryKey: equipmentQueryKeys.all });
                toast({ title: 'Equipment deleted', description: equipment.name, variant: 'success' });
                await navigate({ href: equipmentPaths.browser() });
              }}
            />
          ) : null}
          <Link to={equipmentPaths.browser()} className={buttonVariants({ variant: 'ghost' })}>
            Back to the list
          </Link>
        </div>
      </div>
    </>
  );
}
