import {
  CHANGE_REASON_LABELS,
  INTENSITY_DENOMINATOR_LABELS,
  INVENTORY_SECTION_TABLE_LABELS,
  KYOTO_GASES,
  type InventoryComparison,
  type InventoryDetailTable,
  type InventoryResponse,
  type InventorySectionTable,
  type ReportChart,
  type ReportTable,
} from '@ecc/contracts';
import { convert } from '@ecc/domain';

/*
 * The inventory's tables as a report shows them (issue 11 items 2 and 4): the figures the inventory page shows,
 * in the layouts of the GHG Protocol (kg CO2e, gases in kg) and of ESRS E1-6 and CDP C6/C7 (t CO2e). Every number
 * stays a number with its unit in its column's header, so the workbook can add them up.
 */

type Row = ReportTable['rows'][number];

const KG_CO2E = 'kg CO2e';
const tonnes = (kg: number) => convert(kg, 'kg', 't');

const text = (key: string, header: string) => ({ key, header, isNumber: false });
const number = (key: string, header: string, fractionDigits?: number) => ({
  key,
  header,
  isNumber: true,
  ...(fractionDigits === undefined ? {} : { fractionDigits }),
});

function scopeColumns() {
  return [
    number('scope1', 'Scope 1 (kg CO2e)'),
    number('scope2Location', 'Scope 2 location-based (kg CO2e)'),
    number('scope2Market', 'Scope 2 market-based (kg CO2e)'),
    number('scope3', 'Scope 3 (kg CO2e)'),
    number('co2e', 'Total, location-based (kg CO2e)'),
  ];
}

type ScopeAmounts = Pick<
  InventoryComparison,
  'scope1' | 'scope2Location' | 'scope2Market' | 'scope3' | 'co2e'
>;

function scopeCells(amounts: ScopeAmounts): Row {
  return {
    scope1: amounts.scope1,
    scope2Location: amounts.scope2Location,
    scope2Market: amounts.scope2Market,
    scope3: amounts.scope3,
    co2e: amounts.co2e,
  };
}

function summaryTable(inventory: InventoryResponse): ReportTable {
  const line = (section: string, item: string, unit: string, amount: number): Row => ({
    section,
    item,
    unit,
    amount,
  });
  return {
    title: `${INVENTORY_SECTION_TABLE_LABELS.summary} ${inventory.year}`,
    columns: [
      text('section', 'Section'),
      text('item', 'Item'),
      text('unit', 'Unit'),
      number('amount', 'Amount'),
    ],
    rows: [
      line('Scope 1', 'Gross Scope 1', KG_CO2E, inventory.scope1.co2e),
      line('Scope 2', 'Location-based', KG_CO2E, inventory.scope2.location.co2e),
      line('Scope 2', 'Market-based', KG_CO2E, inventory.scope2.market.co2e),
      line('Scope 3', 'Total Scope 3', KG_CO2E, inventory.scope3.co2e),
      line('Total', 'Scope 1 + 2 (location-based) + 3', KG_CO2E, inventory.totals.co2e),
      line('Total', 'Scope 1 + 2 (market-based) + 3', KG_CO2E, inventory.totals.co2eMarket),
      line('Outside the scopes', 'Biogenic CO2', 'kg', inventory.biogenicCo2),
    ],
  };
}

function scope3Table(inventory: InventoryResponse): ReportTable {
  return {
    title: `${INVENTORY_SECTION_TABLE_LABELS['scope3-categories']} ${inventory.year}`,
    columns: [number('category', 'Category'), text('name', 'Name'), number('co2e', 'CO2e (kg)')],
    rows: [
      ...inventory.scope3.categories.map((category) => ({
        category: category.category,
        name: category.name,
        co2e: category.co2e,
      })),
      { category: null, name: 'No category', co2e: inventory.scope3.uncategorisedCo2e },
      { category: null, name: 'Total Scope 3', co2e: inventory.scope3.co2e },
    ],
  };
}

function gasesTable(inventory: InventoryResponse): ReportTable {
  return {
    title: `${INVENTORY_SECTION_TABLE_LABELS.gases} ${inventory.year}`,
    columns: [text('gas', 'Gas'), number('mass', 'Mass (kg)'), number('co2e', `CO2e (kg, ${inventory.gwp})`)],
    rows: [
      ...KYOTO_GASES.map((gas) => ({
        gas,
        mass: inventory.scope1.gases[gas],
        co2e: inventory.scope1.gasesCo2e[gas],
      })),
      { gas: 'Published as CO2e only', mass: null, co2e: inventory.scope1.unspecifiedCo2e },
      { gas: 'Gross Scope 1', mass: null, co2e: inventory.scope1.co2e },
    ],
  };
}

function facilitiesTable(inventory: InventoryResponse): ReportTable {
  return {
    title: `${INVENTORY_SECTION_TABLE_LABELS.facilities} ${inventory.year}`,
    columns: [
      text('name', 'Facility'),
      text('country', 'Country'),
      number('countedPercent', 'Counted (%)', 1),
      ...scopeColumns(),
    ],
    rows: inventory.byFacility.map((facility) => ({
      name: facility.name,
      country: facility.country,
      countedPercent: facility.countedPercent,
      ...scopeCells(facility),
    })),
  };
}

function businessUnitsTable(inventory: InventoryResponse): ReportTable {
  return {
    title: `${INVENTORY_SECTION_TABLE_LABELS['business-units']} ${inventory.year}`,
    columns: [
      text('name', 'Business unit'),
      number('level', 'Level'),
      number('facilityCount', 'Facilities'),
      ...scopeColumns(),
    ],
    // The tree's rows include the units below each parent: the name is indented by its level, as on the page.
    rows: inventory.byBusinessUnit.map((unit) => ({
      name: `${'\u00a0\u00a0'.repeat(unit.depth)}${unit.name}`,
      level: unit.depth + 1,
      facilityCount: unit.facilityCount,
      ...scopeCells(unit),
    })),
  };
}

/** ESRS E1-6 in t CO2e: the base year, N-1 and N, with the change from N-1 in percent. */
function esrsTable(inventory: InventoryResponse): ReportTable {
  const { baseYear, previousYear } = inventory.comparison;
  const marketTotal = (amounts: InventoryComparison | null) =>
    amounts === null ? null : tonnes(amounts.scope1 + amounts.scope2Market + amounts.scope3);
  const change = (current: number, before: number | null) =>
    before === null || before === 0 ? null : ((current - before) / before) * 100;
  const line = (label: string, current: number, key: keyof ScopeAmounts): Row => {
    const before = previousYear === null ? null : previousYear[key];
    return {
      line: label,
      baseYear: baseYear === null ? null : tonnes(baseYear[key]),
      previousYear: before === null ? null : tonnes(before),
      year: tonnes(current),
      change: change(current, before),
    };
  };
  const previousMarket = marketTotal(previousYear);
  return {
    title: `${INVENTORY_SECTION_TABLE_LABELS['esrs-e1-6']} ${inventory.year}`,
    columns: [
      text('line', 'Line'),
      number('baseYear', baseYear === null ? 'Base year (t CO2e)' : `Base year ${baseYear.year} (t CO2e)`, 1),
      number('previousYear', `N-1 ${inventory.year - 1} (t CO2e)`, 1),
      number('year', `N ${inventory.year} (t CO2e)`, 1),
      number('change', '% N / N-1', 1),
    ],
    rows: [
      line('Gross Scope 1 GHG emissions', inventory.scope1.co2e, 'scope1'),
      line('Gross location-based Scope 2 GHG emissions', inventory.scope2.location.co2e, 'scope2Location'),
      line('Gross market-based Scope 2 GHG emissions', inventory.scope2.market.co2e, 'scope2Market'),
      line('Gross Scope 3 GHG emissions', inventory.scope3.co2e, 'scope3'),
      ...inventory.scope3.categories
        .filter((category) => category.co2e > 0)
        .map((category) => ({
          line: `  ${category.category} ${category.name}`,
          baseYear: null,
          previousYear: null,
          year: tonnes(category.co2e),
          change: null,
        })),
      line('Total GHG emissions (location-based)', inventory.totals.co2e, 'co2e'),
      {
        line: 'Total GHG emissions (market-based)',
        baseYear: marketTotal(baseYear),
        previousYear: previousMarket,
        year: tonnes(inventory.totals.co2eMarket),
        change:
          previousMarket === null || previousMarket === 0
            ? null
            : ((tonnes(inventory.totals.co2eMarket) - previousMarket) / previousMarket) * 100,
      },
    ],
  };
}

function cdpC6Table(inventory: InventoryResponse): ReportTable {
  return {
    title: `${INVENTORY_SECTION_TABLE_LABELS['cdp-c6']} ${inventory.year}`,
    columns: [text('question', 'Question'), number('co2e', 't CO2e', 1)],
    rows: [
      { question: 'C6.1 Gross global Scope 1 emissions', co2e: tonnes(inventory.scope1.co2e) },
      {
        question: 'C6.3 Gross global Scope 2 emissions, location-based',
        co2e: tonnes(inventory.scope2.location.co2e),
      },
      {
        question: 'C6.3 Gross global Scope 2 emissions, market-based',
        co2e: tonnes(inventory.scope2.market.co2e),
      },
      ...inventory.scope3.categories.map((category) => ({
        question: `C6.5 ${category.name}`,
        co2e: tonnes(category.co2e),
      })),
      {
        question: 'C6.7 CO2 from biogenic carbon (outside the scopes)',
        co2e: tonnes(inventory.biogenicCo2),
      },
    ],
  };
}

/** CDP C7: gases (C7.1a), countries (C7.2, C7.5), business divisions (C7.3a, C7.6a), reasons of change (C7.9a). */
function cdpC7Table(inventory: InventoryResponse): ReportTable {
  const scopeLines = (question: string, rows: readonly (ScopeAmounts & { label: string })[]) =>
    rows.map((row) => ({
      question,
      item: row.label,
      scope1: tonnes(row.scope1),
      scope2Location: tonnes(row.scope2Location),
      scope2Market: tonnes(row.scope2Market),
      change: null,
    }));
  return {
    title: `${INVENTORY_SECTION_TABLE_LABELS['cdp-c7']} ${inventory.year}`,
    columns: [
      text('question', 'Question'),
      text('item', 'Item'),
      number('scope1', 'Scope 1 (t CO2e)', 1),
      number('scope2Location', 'Scope 2 location-based (t CO2e)', 1),
      number('scope2Market', 'Scope 2 market-based (t CO2e)', 1),
      number('change', 'Change from N-1 (t CO2e)', 1),
    ],
    rows: [
      ...KYOTO_GASES.map((gas) => ({
        question: 'C7.1a Scope 1 by greenhouse gas',
        item: gas,
        scope1: tonnes(inventory.scope1.gasesCo2e[gas]),
        scope2Location: null,
        scope2Market: null,
        change: null,
      })),
      ...scopeLines(
        'C7.2 / C7.5 By country',
        inventory.byCountry.map((row) => ({ ...row, label: row.country })),
      ),
      ...scopeLines(
        'C7.3a / C7.6a By business division',
        inventory.byBusinessUnit.map((row) => ({ ...row, label: row.name })),
      ),
      ...inventory.changeReasons.reasons.map((reason) => ({
        question: 'C7.9a Reason for the change from the year before',
        item: CHANGE_REASON_LABELS[reason.reason],
        scope1: null,
        scope2Location: null,
        scope2Market: null,
        change: tonnes(reason.direction === 'increase' ? reason.co2e : -reason.co2e),
      })),
    ],
  };
}

const TABLE_BUILDERS: Readonly<Record<InventorySectionTable, (inventory: InventoryResponse) => ReportTable>> =
  {
    summary: summaryTable,
    'scope3-categories': scope3Table,
    gases: gasesTable,
    facilities: facilitiesTable,
    'business-units': businessUnitsTable,
    'esrs-e1-6': esrsTable,
    'cdp-c6': cdpC6Table,
    'cdp-c7': cdpC7Table,
  };

/** This year, the base year and the year before, each with the scopes and its change to this year. */
function comparisonTable(inventory: InventoryResponse): ReportTable {
  const { baseYear, previousYear } = inventory.comparison;
  const compared = (label: string, comparison: InventoryComparison | null): Row[] =>
    comparison === null
      ? []
      : [
          {
            line: label,
            year: comparison.year,
            ...scopeCells(comparison),
            changeCo2e: comparison.changeCo2e,
            changePercent: comparison.changePercent,
          },
        ];
  return {
    title: `Base year and previous year ${inventory.year}`,
    columns: [
      text('line', 'Compared with'),
      number('year', 'Year'),
      ...scopeColumns(),
      number('changeCo2e', 'Change to this year (kg CO2e)'),
      number('changePercent', 'Change to this year (%)', 1),
    ],
    rows: [
      {
        line: 'This year',
        year: inventory.year,
        scope1: inventory.scope1.co2e,
        scope2Location: inventory.scope2.location.co2e,
        scope2Market: inventory.scope2.market.co2e,
        scope3: inventory.scope3.co2e,
        co2e: inventory.totals.co2e,
        changeCo2e: null,
        changePercent: null,
      },
      ...compared('Base year', baseYear),
      ...compared('Previous year', previousYear),
    ],
  };
}

function intensitiesTable(inventory: InventoryResponse): ReportTable {
  return {
    title: `Intensities ${inventory.year}`,
    columns: [
      text('denominator', 'Denominator'),
      number('amount', 'Amount', 2),
      text('unit', 'Unit'),
      number('co2ePerUnit', 'kg CO2e per unit (location-based)', 4),
      number('co2eMarketPerUnit', 'kg CO2e per unit (market-based)', 4),
    ],
    rows: inventory.intensities.map((intensity) => ({
      denominator: INTENSITY_DENOMINATOR_LABELS[intensity.kind],
      amount: intensity.amount,
      unit: intensity.unit,
      co2ePerUnit: intensity.co2ePerUnit,
      co2eMarketPerUnit: intensity.co2eMarketPerUnit,
    })),
  };
}

function methodsTable(inventory: InventoryResponse): ReportTable {
  return {
    title: `Calculation methods ${inventory.year}`,
    columns: [text('method', 'Calculation method'), number('resultCount', 'Results')],
    rows: inventory.methods.map((method) => ({
      method: method.calculationMethodId,
      resultCount: method.resultCount,
    })),
  };
}

function factorSourcesTable(inventory: InventoryResponse): ReportTable {
  return {
    title: `Emission factors used ${inventory.year}`,
    columns: [
      text('factor', 'Factor'),
      text('version', 'Version'),
      number('resultCount', 'Results'),
      number('fallbackCount', 'Fallbacks'),
    ],
    rows: inventory.factorSources.map((source) => ({
      factor: source.factorKey,
      version: source.factorVersion,
      resultCount: source.resultCount,
      fallbackCount: source.fallbackCount,
    })),
  };
}

function exclusionsTable(inventory: InventoryResponse): ReportTable {
  return {
    title: `Facilities not counted in full ${inventory.year}`,
    columns: [
      text('name', 'Facility'),
      text('slug', 'Slug'),
      number('countedPercent', 'Counted (%)', 1),
      text('reason', 'Reason'),
      number('uncountedCo2e', 'Own CO2e before consolidation (kg)'),
    ],
    rows: inventory.exclusions.map((exclusion) => ({
      name: exclusion.name,
      slug: exclusion.slug,
      countedPercent: exclusion.countedPercent,
      reason: exclusion.reason ?? (exclusion.kind === 'partial-share' ? 'Equity share' : ''),
      uncountedCo2e: exclusion.uncountedCo2e,
    })),
  };
}

/** Facilities' years as reported to EPA's GHGRP, counted or shown only (decision 039). */
function reportedTable(inventory: InventoryResponse): ReportTable {
  return {
    title: `Source: ${inventory.reported.source} ${inventory.year}`,
    columns: [
      text('name', 'Facility'),
      text('slug', 'Slug'),
      text('countedAs', 'Counted as'),
      number('co2e', `Scope 1 (kg CO2e, ${inventory.gwp})`),
      number('publishedCo2e', 'As published (kg CO2e)'),
      text('publishedGwp', 'Published GWP set'),
      number('biogenicCo2', 'Biogenic CO2 (kg)'),
    ],
    rows: inventory.reported.facilities.map((facility) => ({
      name: facility.name,
      slug: facility.slug,
      countedAs: facility.isCounted ? 'Reported' : 'Calculated (reported not counted)',
      co2e: facility.co2e,
      publishedCo2e: facility.publishedCo2e,
      publishedGwp: facility.publishedGwp,
      biogenicCo2: facility.biogenicCo2,
    })),
  };
}

const DETAIL_TABLE_BUILDERS: Readonly<
  Record<InventoryDetailTable, (inventory: InventoryResponse) => ReportTable>
> = {
  comparison: comparisonTable,
  intensities: intensitiesTable,
  methods: methodsTable,
  'factor-sources': factorSourcesTable,
  exclusions: exclusionsTable,
  reported: reportedTable,
  'esrs-e1-6': esrsTable,
  'cdp-c6': cdpC6Table,
  'cdp-c7': cdpC7Table,
};

/** One of the inventory page's tables as its export file lays it out: the page's numbers, units in the headers. */
export function inventoryDetailTable(inventory: InventoryResponse, table: InventoryDetailTable): ReportTable {
  return DETAIL_TABLE_BUILDERS[table](inventory);
}

export function inventoryReportTable(
  inventory: InventoryResponse,
  table: InventorySectionTable,
): ReportTable {
  return TABLE_BUILDERS[table](inventory);
}

/** The summary's and the Scope 3 table's bars (kg CO2e); the other tables are read as tables. */
export function inventoryReportCharts(
  inventory: InventoryResponse,
  table: InventorySectionTable,
): ReportChart[] {
  if (table === 'summary') {
    return [
      {
        kind: 'bar',
        title: `Emissions by scope ${inventory.year} (${KG_CO2E})`,
        categories: ['Scope 1', 'Scope 2 (location-based)', 'Scope 2 (market-based)', 'Scope 3'],
        values: [
          inventory.scope1.co2e,
          inventory.scope2.location.co2e,
          inventory.scope2.market.co2e,
          inventory.scope3.co2e,
        ],
        unit: KG_CO2E,
      },
    ];
  }
  if (table === 'scope3-categories') {
    const reported = inventory.scope3.categories.filter((category) => category.co2e !== 0);
    return reported.length === 0
      ? []
      : [
          {
            kind: 'bar',
            title: `Scope 3 by category ${inventory.year} (${KG_CO2E})`,
            categories: reported.map((category) => `${category.category} ${category.name}`),
            values: reported.map((category) => category.co2e),
            unit: KG_CO2E,
          },
        ];
  }
  return [];
}
