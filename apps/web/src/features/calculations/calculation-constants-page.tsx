import { calculationEndpoints, endpointUrl } from '@ecc/contracts';
import {
  BASE_UNITS,
  conversionFactor,
  dimensionOf,
  GAS_IDS,
  GWP_SET_IDS,
  GWP_SETS,
  kyotoGroupOf,
  realmGwpSetId,
  UNITS,
  unitDefinition,
  unitsMatching,
} from '@ecc/domain';
import { Input } from '@ecc/ui';
import { useId, useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { PageSection } from '#components/page-section.tsx';
import { formatNumber, formatSignificant } from '#lib/format/index.ts';
import { useRealm } from '#lib/realm/realm-queries.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import { CalculationDatasetsSection } from './calculation-datasets-section.tsx';

function GwpSetsSection() {
  const realm = useRealm();
  const realmSet = realmGwpSetId(realm?.properties ?? {});
  return (
    <PageSection title="Global warming potentials">
      <p className="text-muted-foreground text-sm">
        What <code>GWP(&apos;gas&apos;)</code> answers and what weighs <code>EMIT</code> lines. This realm
        reports with <strong>{realmSet}</strong>. Sources:{' '}
        {GWP_SET_IDS.map((id) => `${id}: ${GWP_SETS[id].source}`).join('; ')}.
      </p>
      <div className="flex justify-end">
        <ExportMenu
          what="global warming potentials"
          hrefOf={(format) => endpointUrl(calculationEndpoints.exportGwpSets, undefined, { format })}
        />
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">
            100-year global warming potentials of each gas in the IPCC assessment reports; the realm uses{' '}
            {realmSet}.
          </caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-1 pr-3">
                Gas
              </th>
              <th scope="col" className="py-1 pr-3">
                Kyoto group
              </th>
              {GWP_SET_IDS.map((id) => (
                <th
                  key={id}
                  scope="col"
                  className={`py-1 pr-3 text-right ${id === realmSet ? 'bg-muted' : ''}`}
                >
                  {id}
                  {id === realmSet ? ' (this realm)' : ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {GAS_IDS.map((gas) => (
              <tr key={gas} className="border-b last:border-0">
                <th scope="row" className="py-1 pr-3 text-left font-mono font-normal">
                  {gas}
                </th>
                <td className="py-1 pr-3">{kyotoGroupOf(gas)}</td>
                {GWP_SET_IDS.map((id) => (
                  <td
                    key={id}
                    className={`py-1 pr-3 text-right tabular-nums ${id === realmSet ? 'bg-muted font-medium' : ''}`}
                  >
                    {formatNumber(GWP_SETS[id].values[gas])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </PageSection>
  );
}

function UnitsSection() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const units = unitsMatching(search);
  return (
    <PageSection title="Units">
      <p className="text-muted-foreground text-sm">
        The units <code>CONVERT(value, &apos;from&apos;, &apos;to&apos;)</code> knows; it converts only
        between units of one dimension, through the dimension&apos;s base unit.
      </p>
      <div className="grid max-w-sm gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search units
        </label>
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="kWh, mass, gallon…"
        />
      </div>
      <div className="flex items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {units.length} of {UNITS.length} units
        </p>
        <ExportMenu
          what="units"
          hrefOf={(format) =>
            endpointUrl(calculationEndpoints.exportUnits, undefined, {
              ...(search.trim() === '' ? {} : { q: search.trim() }),
              format,
            })
          }
        />
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Units with their dimension and conversion to the base unit</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-1 pr-3">
                Unit
              </th>
              <th scope="col" className="py-1 pr-3">
                Dimension
              </th>
              <th scope="col" className="py-1 pr-3">
                In the base unit
              </th>
              <th scope="col" className="py-1 pr-3">
                Definition
              </th>
            </tr>
          </thead>
          <tbody>
            {units.map((unit) => {
              const dimension = dimensionOf(unit);
              const base = BASE_UNITS[dimension];
              return (
                <tr key={unit} className="border-b last:border-0">
                  <th scope="row" className="py-1 pr-3 text-left font-mono font-normal">
                    {unit}
                  </th>
                  <td className="py-1 pr-3">{dimension}</td>
                  <td className="py-1 pr-3 tabular-nums">
                    1 {unit} = {formatSignificant(conversionFactor(unit, base), 12)} {base}
                  </td>
                  <td className="text-muted-foreground py-1 pr-3">{unitDefinition(unit)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </PageSection>
  );
}

/** `/calc-editor/constants` (issue 13 item 6): the GWP sets, units and datasets formulas use. */
export function CalculationConstantsPage({ route }: PageProps) {
  return (
    <>
      <PageHeader
        title={route.title}
        description="The constants formulas use: global warming potentials, units, and the realm's lookup tables that LOOKUP reads."
      />
      <div className="grid gap-8">
        <CalculationDatasetsSection />
        <GwpSetsSection />
        <UnitsSection />
      </div>
    </>
  );
}
