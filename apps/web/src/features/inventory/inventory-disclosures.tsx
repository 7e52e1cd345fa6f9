import {
  CHANGE_REASON_LABELS,
  KYOTO_GASES,
  type InventoryComparison,
  type InventoryResponse,
} from '@ecc/contracts';
import { convert } from '@ecc/domain';
import { formatNumber } from '#lib/format/format-number.ts';
import { BusinessUnitName, InventorySection, SimpleTable } from './inventory-tables.tsx';

/*
 * The same inventory in the layouts two disclosures ask for: CSRD ESRS E1-6 (gross Scopes 1, 2 both ways and 3 in
 * t CO2e, with the year before, and intensity per net revenue) and CDP C6/C7 (scopes, gases, countries, business
 * units, and the reasons of change). Every figure is one the GHG Protocol view shows, in tonnes.
 */

/** A signed percentage: `+4.2 %`, `−1 %`. */
export function formatSignedPercent(percent: number): string {
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '±';
  return `${sign}${formatNumber(Math.abs(percent))} %`;
}

/** Tonnes with one decimal, as both disclosures take them. */
export function formatTonnes(kg: number): string {
  return formatNumber(Math.round(convert(kg, 'kg', 't') * 10) / 10);
}

function changeOf(current: number, previous: InventoryComparison | null, key: keyof InventoryComparison) {
  const before = previous?.[key];
  if (typeof before !== 'number' || before === 0) return '—';
  return formatSignedPercent(((current - before) / before) * 100);
}

/** ESRS E1-6 "Gross Scopes 1, 2, 3 and Total GHG emissions", t CO2e. */
export function EsrsView({ inventory }: { inventory: InventoryResponse }) {
  const { baseYear, previousYear } = inventory.comparison;
  const significant = inventory.scope3.categories.filter((category) => category.co2e > 0);
  const line = (label: string, current: number, key: keyof InventoryComparison) => [
    label,
    baseYear === null ? '—' : formatTonnes(Number(baseYear[key])),
    previousYear === null ? '—' : formatTonnes(Number(previousYear[key])),
    formatTonnes(current),
    changeOf(current, previousYear, key),
  ];
  const revenue = inventory.intensities.find((intensity) => intensity.kind === 'revenue');
  const headers = [
    't CO2e',
    baseYear === null ? 'Base year' : `Base year (${baseYear.year})`,
    `N-1 (${inventory.year - 1})`,
    `N (${inventory.year})`,
    '% N / N-1',
  ];
  return (
    <div className="grid gap-6">
      <InventorySection
        id="inventory-esrs"
        title="ESRS E1-6: gross Scopes 1, 2, 3 and total GHG emissions"
        year={inventory.year}
        exportTable="esrs-e1-6"
      >
        <SimpleTable
          caption="ESRS E1-6 gross emissions in tonnes CO2e"
          testId="inventory-esrs"
          headers={headers}
          rows={[
            line('Gross Scope 1 GHG emissions', inventory.scope1.co2e, 'scope1'),
            line(
              'Gross location-based Scope 2 GHG emissions',
              inventory.scope2.location.co2e,
              'scope2Location',
            ),
            line('Gross market-based Scope 2 GHG emissions', inventory.scope2.market.co2e, 'scope2Market'),
            line('Gross Scope 3 GHG emissions', inventory.scope3.co2e, 'scope3'),
            ...significant.map((category) => [
              `  ${category.category} ${category.name}`,
              '—',
              '—',
              formatTonnes(category.co2e),
              '—',
            ]),
            line('Total GHG emissions (location-based)', inventory.totals.co2e, 'co2e'),
            [
              'Total GHG emissions (market-based)',
              baseYear === null
                ? '—'
                : formatTonnes(baseYear.scope1 + baseYear.scope2Market + baseYear.scope3),
              previousYear === null
                ? '—'
                : formatTonnes(previousYear.scope1 + previousYear.scope2Market + previousYear.scope3),
              formatTonnes(inventory.totals.co2eMarket),
              '—',
            ],
          ]}
        />
        <p className="text-sm">
          GHG intensity per net revenue:{' '}
          {revenue?.co2ePerUnit == null
            ? 'no revenue recorded for this year (Organisation settings).'
            : `${formatNumber(convert(revenue.co2ePerUnit, 'kg', 't'))} t CO2e per ${revenue.unit} (location-based), ${formatNumber(convert(revenue.co2eMarketPerUnit ?? 0, 'kg', 't'))} t CO2e per ${revenue.unit} (market-based).`}
        </p>
      </InventorySection>
    </div>
  );
}

/** CDP C6 (scopes) and C7 (breakdowns, change reasons), t CO2e. */
export function CdpView({ inventory }: { inventory: InventoryResponse }) {
  const parentIds = new Set(inventory.byBusinessUnit.map((row) => row.parentId));
  return (
    <div className="grid gap-6">
      <InventorySection
        id="inventory-cdp-c6"
        title="CDP C6: emissions data"
        year={inventory.year}
        exportTable="cdp-c6"
      >
        <SimpleTable
          caption="CDP C6.1, C6.3 and C6.5 in tonnes CO2e"
          testId="inventory-cdp-c6"
          headers={['Question', 't CO2e']}
          rows={[
            ['C6.1 Gross global Scope 1 emissions', formatTonnes(inventory.scope1.co2e)],
            [
              'C6.3 Gross global Scope 2 emissions, location-based',
              formatTonnes(inventory.scope2.location.co2e),
            ],
            ['C6.3 Gross global Scope 2 emissions, market-based', formatTonnes(inventory.scope2.market.co2e)],
            ...inventory.scope3.categories.map((category) => [
              `C6.5 ${category.name}`,
              formatTonnes(category.co2e),
            ]),
            ['C6.7 CO2 from biogenic carbon (outside the scopes)', formatTonnes(inventory.biogenicCo2)],
          ]}
        />
      </InventorySection>
      <InventorySection
        id="inventory-cdp-c7"
        title="CDP C7: emissions breakdowns"
        year={inventory.year}
        exportTable="cdp-c7"
      >
        <SimpleTable
          caption="CDP C7.1a Scope 1 by greenhouse gas"
          headers={['C7.1a Greenhouse gas', 't CO2e']}
          rows={KYOTO_GASES.map((gas) => [gas, formatTonnes(inventory.scope1.gasesCo2e[gas])])}
        />
        <SimpleTable
          caption="CDP C7.2 Scope 1 by country"
          headers={[
            'C7.2 / C7.5 Country',
            'Scope 1 t CO2e',
            'Scope 2 location-based t CO2e',
            'Scope 2 market-based t CO2e',
          ]}
          rows={inventory.byCountry.map((row) => [
            row.country,
            formatTonnes(row.scope1),
            formatTonnes(row.scope2Location),
            formatTonnes(row.scope2Market),
          ])}
        />
        <SimpleTable
          caption="CDP C7.3a Scope 1 by business division"
          headers={[
            'C7.3a / C7.6a Business division',
            'Scope 1 t CO2e',
            'Scope 2 location-based t CO2e',
            'Scope 2 market-based t CO2e',
          ]}
          rows={inventory.byBusinessUnit.map((row) => [
            <BusinessUnitName
              key="name"
              name={row.name}
              depth={row.depth}
              isSubtotal={row.businessUnitId !== null && parentIds.has(row.businessUnitId)}
            />,
            formatTonnes(row.scope1),
            formatTonnes(row.scope2Location),
            formatTonnes(row.scope2Market),
          ])}
        />
        <SimpleTable
          caption="CDP C7.9a reasons for the change from the year before"
          headers={['C7.9a Reason', 't CO2e', 'Direction', '% change']}
          rows={inventory.changeReasons.reasons.map((reason) => [
            CHANGE_REASON_LABELS[reason.reason],
            formatTonnes(reason.co2e),
            reason.direction === 'increase' ? 'Increased' : 'Decreased',
            reason.percentOfPrevious === null ? '—' : formatSignedPercent(reason.percentOfPrevious),
          ])}
        />
      </InventorySection>
    </div>
  );
}
