import { isApiResponseError } from '#lib/api/api-response-error.ts';
import { equipmentFieldsOf } from '@ecc/domain';
import { Skeleton, toast } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '#components/page-header.tsx';
import { equipmentQueryKeys, updateEquipment } from './equipment-api.ts';
import { EquipmentForm } from './equipment-form.tsx';
import { LoadError } from '#components/load-error.tsx';
import { equipmentPaths } from './equipment-paths.ts';
import { EquipmentNotFound } from './equipment-view-page.tsx';
import { useEquipmentWithType } from './use-equipment-with-type.ts';

/** `/equipment-manager/{schema}/{id}/edit`: the type's current form, filled with the item's values. */
export function EquipmentEditPage() {
  const { item, type, isPending, error, retry } = useEquipmentWithType();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  if (isPending) {
    return (
      <div className="grid max-w-xl gap-4" aria-busy="true" aria-label="Loading the equipment">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (isApiResponseError(item.error, 404)) return <EquipmentNotFound />;
  if (error || !item.data || !type.data) {
    return (
      <LoadError
        title="The equipment could not be loaded"
        error={error ?? new Error('Unknown error')}
        onRetry={retry}
      />
    );
  }
  const equipment = item.data;
  const { fields } = equipmentFieldsOf(type.data.current.schema);
  const viewPath = equipmentPaths.view(equipment.typeKey, equipment.id);
  return (
    <>
      <PageHeader
        title={`Edit ${equipment.name}`}
        description={
          equipment.typeVersion === type.data.currentVersion
            ? `${equipment.typeName} at ${equipment.facilityName}. Fields marked * are required.`
            : `${equipment.typeName} at ${equipment.facilityName}. Saving moves it from type version ${equipment.typeVersion} to ${type.data.currentVersion}.`
        }
      />
      <EquipmentForm
        fields={fields}
        initialValues={{
          name: equipment.name,
          // Properties the current version no longer has are dropped: the server would refuse them.
          properties: Object.fromEntries(
            fields.map((field) => [field.name, equipment.properties[field.name]]),
          ),
        }}
        submitLabel="Save changes"
        onCancel={() => void navigate({ href: viewPath })}
        onSubmit={async (values) => {
          await updateEquipment(equipment.id, values);
          await queryClient.invalidateQueries({ queryKey: equipmentQueryKeys.all });
          toast({ title: 'Changes saved', description: values.name, variant: 'success' });
          await navigate({ href: viewPath });
        }}
      />
    </>
  );
}
