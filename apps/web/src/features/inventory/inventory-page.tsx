import {
  CONSOLIDATION_APPROACH_LABELS,
  INTENSITY_DENOMINATOR_LABELS,
  KYOTO_GASES,
  type InventoryComparison,
  type InventoryResponse,
} from '@ecc/contracts';
import { baseYearRecalculation } from '@ecc/domain';
import { cn, EmptyState, Label, selectClasses } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { FileBarChart2Icon } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { MassChart } from '#components/charts/mass-chart.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates, type QueryView } from '#components/query-states.tsx';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import { useSelectedYear } from '#lib/period/use-selected-year.ts';
import { useCan } from '#lib/permissions/use-ability.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import { ChangeReasonsEditor } from './change-reasons-editor.tsx';
import { inventoryQuery, inventoryYearsQuery } from './inventory-api.ts';
import { CdpView, EsrsView, formatSignedPercent } from './inventory-disclosures.tsx';
import { BusinessUnitName, FacilityTable, InventorySection, SimpleTable } from './inventory-tables.tsx';

const VIEWS = [
  { key: 'ghg-protocol', label: 'GHG Protocol' },
  { key: 'esrs', label: 'ESRS E1-6' },
  { key: 'cdp', label: 'CDP C6/C7' },
] as const;
type ViewKey = (typeof VIEWS)[number]['key'];

const SKELETONS = ['h-24 w-full', 'h-64 w-full', 'h-64 w-full'];

interface TileProps {
  label: string;
  kg: number;
  testId: string;
  detail?: string;
  /** What the mass is of: CO2e unless the tile counts one gas as itself (biogenic CO2). */
  substance?: string;
}

function Tile({ label, kg, testId, detail, substance }: TileProps) {
  return (
    <div className="grid gap-1 rounded-lg border bg-card p-4">
      <h3 className="text-sm text-muted-foreground">{label}</h3>
      <p className="text-2xl font-semibold tabular-nums" data-testid={testId} data-kg={kg}>
        {formatMass(kg, substance === undefined ? {} : { substance })}
      </p>
      {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
    </div>
  );
}

function Tiles({ inventory }: { inventory: InventoryResponse }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Tile label="Total (Scope 2 location-based)" kg={inventory.totals.co2e} testId="inventory-total" />
      <Tile
        label="Total (Scope 2 market-based)"
        kg={inventory.totals.co2eMarket}
        testId="inventory-total-market"
      />
      <Tile label="Scope 1" kg={inventory.scope1.co2e} testId="inventory-scope1" />
      <Tile
        label="Scope 2 location-based"
        kg={inventory.scope2.location.co2e}
        testId="inventory-scope2-location"
      />
      <Tile label="Scope 2 market-based" kg={inventory.scope2.market.co2e} testId="inventory-scope2-market" />
      <Tile label="Scope 3" kg={inventory.scope3.co2e} testId="inventory-scope3" />
      <Tile
        label="Biogenic CO2"
        kg={inventory.biogenicCo2}
        testId="inventory-biogenic"
        substance="CO2"
        detail="Reported outside the scopes."
      />
    </div>
  );
}

function comparisonRow(label: string, comparison: InventoryComparison | null) {
  if (comparison === null) return [label, '—', '—', '—', '—'];
  return [
    `${label} (${comparison.year})`,
    formatMass(comparison.scope1),
    formatMass(comparison.co2e),
    formatMass(comparison.changeCo2e),
    comparison.changePercent === null ? '—' : formatSignedPercent(comparison.changePercent),
  ];
}

function GhgProtocolView({ inventory }: { inventory: InventoryResponse }) {
  const parentIds = new Set(inventory.byBusinessUnit.map((row) => row.parentId));
  const canEditReasons = useCan('update', 'Realm');
  const { year } = inventory;
  const categories = inventory.scope3.categories;
  const { baseYear, previousYear, recalculationThresholdPercent } = inventory.comparison;
  const recalculation = baseYearRecalculation(
    inventory.changeReasons.reasons,
    baseYear?.co2e ?? null,
    recalculationThresholdPercent,
  );
  return (
    <div className="grid gap-6">
      <InventorySection id="inventory-summary" title="Scopes and gases" year={year} exportTable="summary">
        <SimpleTable
          caption="Scope 1 by greenhouse gas, mass and CO2e"
          testId="inventory-gases"
          headers={['Scope 1 gas', 'Mass', 'CO2e']}
          rows={[
            ...KYOTO_GASES.map((gas) => [
              gas,
              formatMass(inventory.scope1.gases[gas], { substance: gas }),
              formatMass(inventory.scope1.gasesCo2e[gas]),
            ]),
            ['Published as CO2e only', '—', formatMass(inventory.scope1.unspecifiedCo2e)],
            ['Scope 1 total', '—', formatMass(inventory.scope1.co2e)],
          ]}
        />
        <SimpleTable
          caption="Scope 2, location-based and market-based side by side"
          testId="inventory-scope2"
          headers={['Scope 2', 'Location-based', 'Market-based']}
          rows={[
            [
              'Purchased electricity, steam, heat and cooling',
              formatMass(inventory.scope2.location.co2e),
              formatMass(inventory.scope2.market.co2e),
            ],
          ]}
        />
      </InventorySection>

      <InventorySection id="inventory-scope3" title="Scope 3 by category" year={year}>
        <MassChart
          title="Scope 3 CO2e by category"
          categoryHeader="Category"
          orientation="bars"
          height={420}
          categories={categories.map((category) => ({
            key: String(category.category),
            label: `${category.category} ${category.name}`,
          }))}
          series={[
            {
              key: 'scope3',
              label: 'Scope 3',
              color: 'primary',
              valuesKg: categories.map((row) => row.co2e),
            },
          ]}
        />
        {inventory.scope3.uncategorisedCo2e > 0 ? (
          <p className="text-sm">
            Scope 3 with no category: {formatMass(inventory.scope3.uncategorisedCo2e)}
          </p>
        ) : null}
      </InventorySection>

      <InventorySection
        id="inventory-units"
        title="By business unit"
        year={year}
        exportTable="business-units"
      >
        <SimpleTable
          caption="Emissions by business unit"
          headers={[
            'Business unit',
            'Facilities',
            'Scope 1',
            'Scope 2 location-based',
            'Scope 2 market-based',
            'Scope 3',
            'Own facilities',
            'Total',
          ]}
          rows={inventory.byBusinessUnit.map((row) => [
            <BusinessUnitName
              key="name"
              name={row.name}
              depth={row.depth}
              isSubtotal={row.businessUnitId !== null && parentIds.has(row.businessUnitId)}
            />,
            formatNumber(row.facilityCount),
            formatMass(row.scope1),
            formatMass(row.scope2Location),
            formatMass(row.scope2Market),
            formatMass(row.scope3),
            formatMass(row.ownCo2e),
            formatMass(row.co2e),
          ])}
        />
      </InventorySection>

      <InventorySection id="inventory-countries" title="By country" year={year} exportTable="countries">
        <SimpleTable
          caption="Emissions by country"
          headers={[
            'Country',
            'Facilities',
            'Scope 1',
            'Scope 2 location-based',
            'Scope 2 market-based',
            'Scope 3',
            'Total',
          ]}
          rows={inventory.byCountry.map((row) => [
            row.country,
            formatNumber(row.facilityCount),
            formatMass(row.scope1),
            formatMass(row.scope2Location),
            formatMass(row.scope2Market),
            formatMass(row.scope3),
            formatMass(row.co2e),
          ])}
        />
      </InventorySection>

      <InventorySection
        id="inventory-facilities-heading"
        title="By facility"
        year={year}
        exportTable="facilities"
      >
        <FacilityTable inventory={inventory} />
      </InventorySection>

      <InventorySection
        id="inventory-comparison"
        title="Base year and previous year"
        year={year}
        exportTables={[
          { table: 'comparison', what: 'base year and previous year' },
          ...(inventory.changeReasons.changeCo2e === null
            ? []
            : [{ table: 'change-reasons' as const, what: 'reasons of change' }]),
        ]}
      >
        <SimpleTable
          caption="This year compared with the base year and the year before"
          testId="inventory-comparison"
          headers={['Compared with', 'Scope 1', 'Total', 'Change', 'Change (%)']}
          rows={[comparisonRow('Base year', baseYear), comparisonRow('Previous year', previousYear)]}
        />
        {baseYear === null ? (
          <p className="text-sm text-muted-foreground">
            No base year with results: choose one in the realm&apos;s Organisation settings.
          </p>
        ) : recalculation?.isRecommended ? (
          <p className="text-sm font-medium" data-testid="inventory-base-year-recalculation">
            Base year recalculation recommended: structural changes of{' '}
            {formatNumber(recalculation.percentOfBaseYear)} % exceed the{' '}
            {formatNumber(recalculationThresholdPercent)} % threshold.
          </p>
        ) : null}
        <h3 className="font-medium">Reasons of change from the year before</h3>
        {inventory.changeReasons.changeCo2e === null ? (
          <p className="text-sm text-muted-foreground">
            The year before has no results, so there is no change to explain.
          </p>
        ) : canEditReasons ? (
          <ChangeReasonsEditor key={year} year={year} current={inventory.changeReasons} />
        ) : (
          <SimpleTable
            caption="Reasons of change from the year before"
            headers={['Reason', 'CO2e', 'Direction']}
            rows={inventory.changeReasons.reasons.map((reason) => [
              reason.reason,
              formatMass(reason.co2e),
              reason.direction,
            ])}
          />
        )}
      </InventorySection>

      <InventorySection id="inventory-intensities" title="Intensities" year={year} exportTable="intensities">
        {inventory.intensities.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No denominators for {year}: add revenue, production, floor area or headcount in the Organisation
            settings.
          </p>
        ) : (
          <SimpleTable
            caption="Emissions intensities"
            headers={[
              'Denominator',
              'Amount',
              'kg CO2e per unit (location-based)',
              'kg CO2e per unit (market-based)',
            ]}
            rows={inventory.intensities.map((intensity) => [
              INTENSITY_DENOMINATOR_LABELS[intensity.kind],
              `${formatNumber(intensity.amount)} ${intensity.unit}`,
              intensity.co2ePerUnit === null ? '—' : formatNumber(intensity.co2ePerUnit),
              intensity.co2eMarketPerUnit === null ? '—' : formatNumber(intensity.co2eMarketPerUnit),
            ])}
          />
        )}
      </InventorySection>

      <InventorySection
        id="inventory-methods"
        title="Methods, factor sources and exclusions"
        year={year}
        exportTables={[
          { table: 'methods', what: 'calculation methods' },
          { table: 'factor-sources', what: 'emission factors used' },
          { table: 'exclusions', what: 'facilities not counted in full' },
        ]}
      >
        <SimpleTable
          caption="Calculation methods used"
          headers={['Calculation method', 'Results']}
          rows={inventory.methods.map((method) => [
            method.calculationMethodId,
            formatNumber(method.resultCount),
          ])}
        />
        <SimpleTable
          caption="Emission factors used"
          headers={['Factor', 'Version', 'Results', 'Fallbacks']}
          rows={inventory.factorSources.map((source) => [
            source.factorKey,
            source.factorVersion,
            formatNumber(source.resultCount),
            formatNumber(source.fallbackCount),
          ])}
        />
        {inventory.exclusions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every facility is counted in full.</p>
        ) : (
          <SimpleTable
            caption="Facilities not counted in full"
            testId="inventory-exclusions"
            headers={['Facility', 'Counted', 'Reason', 'Not counted']}
            rows={inventory.exclusions.map((exclusion) => [
              exclusion.name,
              `${formatNumber(exclusion.countedPercent)} %`,
              exclusion.reason ?? (exclusion.kind === 'partial-share' ? 'Equity share' : '—'),
              formatMass(exclusion.uncountedCo2e),
            ])}
          />
        )}
      </InventorySection>

      {inventory.reported.facilities.length > 0 ? (
        <InventorySection
          id="inventory-reported"
          title={`Source: ${inventory.reported.source}`}
          year={year}
          exportTables={[{ table: 'reported', what: 'facilities reported emissions' }]}
        >
          <p className="text-sm">
            {formatNumber(inventory.reported.facilities.filter((facility) => facility.isCounted).length)}{' '}
            facilities are counted as they reported to EPA&apos;s GHGRP (Scope 1 only,{' '}
            {formatMass(inventory.reported.co2e)}
            after consolidation); the others are calculated from their records. A facility with calculated
            results in the year is counted from those, and its reported figure is shown here only.
          </p>
          <SimpleTable
            caption="Facilities' reported emissions"
            testId="inventory-reported"
            headers={['Facility', 'Counted as', `Scope 1 (${inventory.gwp})`, 'As published', 'Biogenic CO2']}
            rows={inventory.reported.facilities.map((facility) => [
              facility.name,
              facility.isCounted ? 'Reported' : 'Calculated (reported not counted)',
              formatMass(facility.co2e),
              `${formatMass(facility.publishedCo2e)} (${facility.publishedGwp})`,
              facility.biogenicCo2 === null ? '—' : formatMass(facility.biogenicCo2, { substance: 'CO2' }),
            ])}
          />
        </InventorySection>
      ) : null}
    </div>
  );
}

/** Tabs over the three layouts of the same numbers; arrow keys move between them. */
function ViewTabs({
  view,
  onChange,
  idPrefix,
}: {
  view: ViewKey;
  onChange: (view: ViewKey) => void;
  idPrefix: string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = VIEWS[(index + step + VIEWS.length) % VIEWS.length]!;
    onChange(next.key);
    document.getElementById(`${idPrefix}-tab-${next.key}`)?.focus();
  };
  return (
    <div role="tablist" aria-label="Inventory layout" className="flex gap-1 border-b">
      {VIEWS.map((entry, index) => {
        const isSelected = entry.key === view;
        return (
          <button
            key={entry.key}
            id={`${idPrefix}-tab-${entry.key}`}
            type="button"
            role="tab"
            aria-selected={isSelected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={isSelected ? 0 : -1}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm',
              isSelected ? 'border-primary font-medium' : 'border-transparent text-muted-foreground',
            )}
            onClick={() => onChange(entry.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {entry.label}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The GHG inventory of a reporting year (`/reporting/next`): headline figures, Scope 1 by gas, Scope 2 both ways,
 * Scope 3 by category, breakdowns, comparison and change reasons, intensities and the methods behind it, in the
 * GHG Protocol's layout or as ESRS E1-6 and CDP C6/C7 tables. The year lives in the URL.
 */
export function InventoryPage({ route }: PageProps) {
  const id = useId();
  const { year: selectedYear, selectYear } = useSelectedYear();
  const years = useQuery(inventoryYearsQuery);
  const latestYear = years.data?.years.at(-1);
  const year = selectedYear ?? latestYear;
  const inventory = useQuery({ ...inventoryQuery(year), enabled: year !== undefined });
  const [view, setView] = useState<ViewKey>('ghg-protocol');
  const options = [...new Set([...(years.data?.years ?? []), ...(year === undefined ? [] : [year])])].sort(
    (left, right) => right - left,
  );
  // Until a year is known the years' query stands for the page: a realm without any year is the empty state.
  const pageQuery: QueryView<InventoryResponse | null> =
    year === undefined
      ? {
          isPending: years.isPending,
          error: years.error,
          data: years.data === undefined ? undefined : null,
          refetch: years.refetch,
        }
      : inventory;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeader
          title={route.title}
          description="The realm's greenhouse gas inventory of a reporting year."
        />
        <div className="mb-6 grid gap-2">
          <Label htmlFor={`${id}-year`}>Reporting year</Label>
          <select
            id={`${id}-year`}
            className={cn(selectClasses, 'w-32')}
            value={year ?? ''}
            disabled={options.length === 0}
            onChange={(event) => selectYear(Number(event.target.value))}
          >
            {options.length === 0 ? <option value="">No data yet</option> : null}
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryStates
        query={pageQuery}
        loading={<LoadingSkeleton label="Loading the inventory" skeletons={SKELETONS} aria-busy="true" />}
        errorTitle="The inventory could not be loaded"
        isEmpty={(data) => data === null}
        empty={
          <EmptyState
            icon={<FileBarChart2Icon />}
            title={year === undefined ? 'No emissions yet' : `No emissions in ${year}`}
            description={
              year === undefined
                ? 'The inventory fills in once facilities have activity data with calculated emissions.'
                : 'This realm has no calculated emissions in this reporting year. Choose another year.'
            }
          />
        }
      >
        {(data) =>
          data === null ? null : (
            <div className="grid gap-6" aria-busy={inventory.isPlaceholderData}>
              <p className="text-sm text-muted-foreground">
                {data.period.start} to {data.period.end} · GWP set {data.gwp} ·{' '}
                {CONSOLIDATION_APPROACH_LABELS[data.consolidation]} · masses in kg and t CO2e
              </p>
              <Tiles inventory={data} />
              <ViewTabs view={view} onChange={setView} idPrefix={id} />
              <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${view}`}>
                {view === 'ghg-protocol' ? (
                  <GhgProtocolView inventory={data} />
                ) : view === 'esrs' ? (
                  <EsrsView inventory={data} />
                ) : (
                  <CdpView inventory={data} />
                )}
              </div>
            </div>
          )
        }
      </QueryStates>
    </>
  );
}
