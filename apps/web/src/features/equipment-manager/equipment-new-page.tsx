import { equipmentFieldsOf } from '@ecc/domain';
import { Skeleton, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { PageHeader } from '#components/page-header.tsx';
import {
  createEquipment,
  equipmentQueryKeys,
  equipmentSitesQuery,
  equipmentTypeQuery,
} from './equipment-api.ts';
import { EquipmentForm } from './equipment-form.tsx';
import { LoadError } from '#components/load-error.tsx';
import { equipmentPaths } from './equipment-paths.ts';

/** `/equipment-manager/site/{facilityId}/{typeKey}/new`: the type's generated form for a new piece of equipment. */
export function EquipmentNewPage() {
  const { id: facilityId = '', equipmentType = '' } = useParams({ strict: false }) as {
    id?: string;
    equipmentType?: string;
  };
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const type = useQuery(equipmentTypeQuery(equipmentType));
  const sites = useQuery(equipmentSitesQuery);
  const site = sites.data?.results.find((candidate) => candidate.id === facilityId);

  if (type.isPending || sites.isPending) {
    return (
      <div className="grid max-w-xl gap-4" aria-busy="true" aria-label="Loading the form">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (type.isError || sites.isError) {
    const error = type.error ?? sites.error;
    return (
      <LoadError
        title="The form could not be loaded"
        error={error ?? new Error('Unknown error')}
        onRetry={() => void Promise.all([type.refetch(), sites.refetch()])}
      />
    );
  }
  if (!site) {
    return (
      <>
        <PageHeader title="Site not found" description="This realm has no site with that id." />
        <Link to={equipmentPaths.browser()} className="text-primary underline">
          Back to the equipment list
        </Link>
      </>
    );
  }
  const { fields } = equipmentFieldsOf(type.data.current.schema);
  return (
    <>
      <PageHeader
        title={`New ${type.data.name.toLowerCase()}`}
        description={`At ${site.name}. Fields marked * are required.`}
      />
      <EquipmentForm
        fields={fields}
        initialValues={{ name: '', properties: {} }}
        submitLabel="Add equipment"
        onCancel={() => void navigate({ href: equipmentPaths.browser() })}
        onSubmit={async (values) => {
          const created = await createEquipment({ facilityId, typeKey: equipmentType, ...values });
          await queryClient.invalidateQueries({ queryKey: equipmentQueryKeys.all });
          toast({ title: 'Equipment added', description: created.name, variant: 'success' });
          await navigate({ href: equipmentPaths.view(created.typeKey, created.id) });
        }}
      />
    </>
  );
}
