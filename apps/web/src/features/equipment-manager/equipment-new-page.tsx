import type { EquipmentSite, EquipmentTypeDetail } from '@ecc/contracts';
import { equipmentFieldsOf } from '@ecc/domain';
import { toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import {
  createEquipment,
  equipmentQueryKeys,
  equipmentSitesQuery,
  equipmentTypeQuery,
} from './equipment-api.ts';
import { EquipmentForm } from './equipment-form.tsx';
import { EQUIPMENT_PAGE_SKELETONS } from './equipment-item-states.tsx';
import { EquipmentNotFound } from './equipment-not-found.tsx';
import { equipmentPaths } from './equipment-paths.ts';

/** `/equipment-manager/site/{facilityId}/{typeKey}/new`: the type's generated form for a new piece of equipment. */
export function EquipmentNewPage() {
  const { id: facilityId = '', equipmentType = '' } = useParams({ strict: false }) as {
    id?: string;
    equipmentType?: string;
  };
  const type = useQuery(equipmentTypeQuery(equipmentType));
  const sites = useQuery(equipmentSitesQuery);

  return (
    <QueryStates
      query={{
        isPending: type.isPending || sites.isPending,
        error: type.error ?? sites.error,
        data: type.data && sites.data ? { type: type.data, sites: sites.data.results } : undefined,
        refetch: () => Promise.all([type.refetch(), sites.refetch()]),
      }}
      loading={
        <LoadingSkeleton
          label="Loading the form"
          skeletons={EQUIPMENT_PAGE_SKELETONS}
          className="max-w-xl gap-4"
          aria-busy="true"
        />
      }
      errorTitle="The form could not be loaded"
    >
      {(loaded) => {
        const site = loaded.sites.find((candidate) => candidate.id === facilityId);
        return site ? (
          <NewEquipmentForm site={site} type={loaded.type} />
        ) : (
          <EquipmentNotFound title="Site not found" description="This realm has no site with that id." />
        );
      }}
    </QueryStates>
  );
}

function NewEquipmentForm({ site, type }: { site: EquipmentSite; type: EquipmentTypeDetail }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { fields } = equipmentFieldsOf(type.current.schema);
  return (
    <>
      <PageHeader
        title={`New ${type.name.toLowerCase()}`}
        description={`At ${site.name}. Fields marked * are required.`}
      />
      <EquipmentForm
        fields={fields}
        initialValues={{ name: '', properties: {} }}
        submitLabel="Add equipment"
        onCancel={() => void navigate({ href: equipmentPaths.browser() })}
        onSubmit={async (values) => {
          const created = await createEquipment({ facilityId: site.id, typeKey: type.key, ...values });
          await queryClient.invalidateQueries({ queryKey: equipmentQueryKeys.all });
          toast({ title: 'Equipment added', description: created.name, variant: 'success' });
          await navigate({ href: equipmentPaths.view(created.typeKey, created.id) });
        }}
      />
    </>
  );
}
