import { useQuery } from '@tanstack/react-query';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { businessUnitsQueryOptions } from '#lib/organisation/business-units-query.ts';
import { realmCurrencyQueryOptions } from '#lib/organisation/realm-currency-query.ts';
import { useCan } from '#lib/permissions/use-ability.ts';
import { BoundarySettingsForm } from './boundary-settings-form.tsx';
import { BusinessUnitTree } from './business-unit-tree.tsx';
import { CurrencySettingsForm } from './currency-settings-form.tsx';
import { DenominatorsSection } from './denominators-section.tsx';
import { boundaryQueryOptions, denominatorsQueryOptions } from './organisation-api.ts';

/**
 * The Organisation tab of /admin/realm (issue 11, item 1; decision 024): the realm's business units, its reporting
 * boundary, its currency (decision 050) and its intensity denominators. Those who read facilities see it; those who update the realm change it.
 * The specification's route table has no page for it, so it is a tab of realm administration.
 */
export function OrganisationPanel() {
  const canManage = useCan('update', 'Realm');
  const units = useQuery(businessUnitsQueryOptions);
  const boundary = useQuery(boundaryQueryOptions);
  const denominators = useQuery(denominatorsQueryOptions);
  const currency = useQuery(realmCurrencyQueryOptions);

  return (
    <div className="grid max-w-4xl gap-10">
      <QueryStates
        query={units}
        loading={<LoadingSkeleton label="Loading the business units" skeletons={['h-10', 'h-24']} />}
        errorTitle="The business units could not be loaded"
      >
        {(data) => <BusinessUnitTree units={data.results} canManage={canManage} />}
      </QueryStates>
      <QueryStates
        query={boundary}
        loading={<LoadingSkeleton label="Loading the boundary" skeletons={['h-24', 'h-10']} />}
        errorTitle="The boundary could not be loaded"
      >
        {(settings) => <BoundarySettingsForm settings={settings} canManage={canManage} />}
      </QueryStates>
      <QueryStates
        query={currency}
        loading={<LoadingSkeleton label="Loading the currency" skeletons={['h-10']} />}
        errorTitle="The currency could not be loaded"
      >
        {(settings) => <CurrencySettingsForm settings={settings} canManage={canManage} />}
      </QueryStates>
      <QueryStates
        query={denominators}
        loading={<LoadingSkeleton label="Loading the intensity denominators" skeletons={['h-10', 'h-24']} />}
        errorTitle="The intensity denominators could not be loaded"
      >
        {(data) => <DenominatorsSection denominators={data.results} canManage={canManage} />}
      </QueryStates>
    </div>
  );
}
