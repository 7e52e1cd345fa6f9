import { equipmentFieldsOf } from '@ecc/domain';
import { toast } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '#components/page-header.tsx';
import { equipmentQueryKeys, updateEquipment } from './equipment-api.ts';
import { EquipmentForm } from './equipment-form.tsx';
import { EquipmentItemStates, type LoadedEquipment } from './equipment-item-states.tsx';
import { equipmentPaths } from './equipment-paths.ts';

/** `/equipment-manager/{schema}/{id}/edit`: the type's current form, filled with the item's values. */
export function EquipmentEditPage() {
  return <EquipmentItemStates>{(loaded) => <EquipmentEditor {...loaded} />}</EquipmentItemStates>;
}

function EquipmentEditor({ equipment, type }: LoadedEquipment) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { fields } = equipmentFieldsOf(type.current.schema);
  const viewPath = equipmentPaths.view(equipment.typeKey, equipment.id);
  return (
    <>
      <PageHeader
        title={`Edit ${equipment.name}`}
        description={
          equipment.typeVersion === type.currentVersion
            ? `${equipment.typeName} at ${equipment.facilityName}. Fields marked * are required.`
            : `${equipment.typeName} at ${equipment.facilityName}. Saving moves it from type version ${equipment.typeVersion} to ${type.currentVersion}.`
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
