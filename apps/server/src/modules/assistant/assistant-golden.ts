import type { AssistantPeriod, AssistantToolCall, InventoryResponse } from '@ecc/contracts';

/*
 * The offline assistant's golden questions on the paid demo realm (issue 14, item 5), asked on 20 May 2026: each
 * with the tool calls it must make and, where it gives numbers, the leading facts it must state, read from the
 * inventory API for the same period. Shared by the integration test and the benchmark.
 */

export const GOLDEN_TODAY = '2026-05-20';

/** What the expectations read: the demo realm's ids by slug or name, and the inventory API's answers. */
export interface GoldenLookup {
  facility(slug: string): string;
  businessUnit(name: string): string;
  inventory(year: number): Promise<InventoryResponse>;
}

export interface GoldenQuestion {
  question: string;
  calls: 'help' | ((lookup: GoldenLookup) => AssistantToolCall[]);
  /** The answer's first facts, in order; absent when its numbers are checked otherwise or it has none. */
  facts?: (lookup: GoldenLookup) => Promise<number[]>;
}

const year = (value: number): AssistantPeriod => ({ kind: 'year', year: value });
const months = (from: string, to: string): AssistantPeriod => ({ kind: 'months', from, to });
const totals = (input: Extract<AssistantToolCall, { name: 'totals' }>['input']): AssistantToolCall[] => [
  { name: 'totals', input },
];
const top = (
  input: Extract<AssistantToolCall, { name: 'top_contributors' }>['input'],
): AssistantToolCall[] => [{ name: 'top_contributors', input }];
const compare = (
  input: Extract<AssistantToolCall, { name: 'compare_periods' }>['input'],
): AssistantToolCall[] => [{ name: 'compare_periods', input }];
const trail = (input: Extract<AssistantToolCall, { name: 'trail' }>['input']): AssistantToolCall[] => [
  { name: 'trail', input },
];

type Inventory = InventoryResponse;
const facilityRow = (inventory: Inventory, id: string) =>
  inventory.byFacility.find((row) => row.facilityId === id);
const unitRow = (inventory: Inventory, id: string) =>
  inventory.byBusinessUnit.find((row) => row.businessUnitId === id);
const category = (inventory: Inventory, number: number) =>
  inventory.scope3.categories.find((row) => row.category === number)?.co2e ?? 0;

/** from, to, the change and (when from is not zero) the change in percent. */
function change(from: number, to: number): number[] {
  return from === 0 ? [from, to, to - from] : [from, to, to - from, ((to - from) / from) * 100];
}

function topFacilities(
  inventory: Inventory,
  measure: (row: Inventory['byFacility'][number]) => number,
  limit: number,
) {
  return inventory.byFacility
    .map(measure)
    .sort((left, right) => right - left)
    .slice(0, limit);
}

export const GOLDEN_QUESTIONS: readonly GoldenQuestion[] = [
  // Totals of a reporting year, by scope.
  {
    question: 'What were our Scope 1 emissions in 2024?',
    calls: () => totals({ period: year(2024), scope: 1 }),
    facts: async ({ inventory }) => [(await inventory(2024)).scope1.co2e],
  },
  {
    question: 'Scope 2 emissions in 2024',
    calls: () => totals({ period: year(2024), scope: 2 }),
    facts: async ({ inventory }) => [(await inventory(2024)).scope2.location.co2e],
  },
  {
    question: 'Scope 2 market-based emissions in 2025',
    calls: () => totals({ period: year(2025), scope: 2, scope2Method: 'market' }),
    facts: async ({ inventory }) => [(await inventory(2025)).scope2.market.co2e],
  },
  {
    question: 'Scope 3 emissions 2023',
    calls: () => totals({ period: year(2023), scope: 3 }),
    facts: async ({ inventory }) => [(await inventory(2023)).scope3.co2e],
  },
  {
    question: 'Total emissions in 2025',
    calls: () => totals({ period: year(2025) }),
    facts: async ({ inventory }) => [(await inventory(2025)).totals.co2e],
  },
  {
    question: 'What was our carbon footprint last year?',
    calls: () => totals({ period: year(2025) }),
    facts: async ({ inventory }) => [(await inventory(2025)).totals.co2e],
  },
  {
    question: 'How much did we emit in 2023?',
    calls: () => totals({ period: year(2023) }),
    facts: async ({ inventory }) => [(await inventory(2023)).totals.co2e],
  },
  {
    question: 'scope one emissions for 2025',
    calls: () => totals({ period: year(2025), scope: 1 }),
    facts: async ({ inventory }) => [(await inventory(2025)).scope1.co2e],
  },
  {
    question: 'Scope III emissions in 2024',
    calls: () => totals({ period: year(2024), scope: 3 }),
    facts: async ({ inventory }) => [(await inventory(2024)).scope3.co2e],
  },
  {
    question: 'What are our emissions?',
    calls: () => totals({ period: year(2025) }),
    facts: async ({ inventory }) => [(await inventory(2025)).totals.co2e],
  },
  {
    question: 'Emissions in FY2024',
    calls: () => totals({ period: year(2024) }),
    facts: async ({ inventory }) => [(await inventory(2024)).totals.co2e],
  },
  {
    question: 'Direct emissions in 2024',
    calls: () => totals({ period: year(2024), scope: 1 }),
    facts: async ({ inventory }) => [(await inventory(2024)).scope1.co2e],
  },
  {
    question: 'Total emissions this year',
    calls: () => totals({ period: year(2026) }),
    facts: async () => [],
  },
  // Gases and Scope 3 categories.
  {
    question: 'How much methane did we emit in 2024?',
    calls: () => totals({ period: year(2024), gas: 'CH4' }),
    facts: async ({ inventory }) => [(await inventory(2024)).scope1.gasesCo2e.CH4],
  },
  {
    question: 'CO2 emissions in 2025',
    calls: () => totals({ period: year(2025), gas: 'CO2' }),
    facts: async ({ inventory }) => [(await inventory(2025)).scope1.gasesCo2e.CO2],
  },
  {
    question: 'Nitrous oxide emissions 2023',
    calls: () => totals({ period: year(2023), gas: 'N2O' }),
    facts: async ({ inventory }) => [(await inventory(2023)).scope1.gasesCo2e.N2O],
  },
  {
    question: 'HFC emissions in 2024',
    calls: () => totals({ period: year(2024), gas: 'HFCs' }),
    facts: async ({ inventory }) => [(await inventory(2024)).scope1.gasesCo2e.HFCs],
  },
  {
    question: 'Business travel emissions in 2024',
    calls: () => totals({ period: year(2024), scope: 3, category: 6 }),
    facts: async ({ inventory }) => [category(await inventory(2024), 6)],
  },
  {
    question: 'Scope 3 category 1 emissions in 2025',
    calls: () => totals({ period: year(2025), scope: 3, category: 1 }),
    facts: async ({ inventory }) => [category(await inventory(2025), 1)],
  },
  {
    question: 'Emissions from purchased goods and services in 2024',
    calls: () => totals({ period: year(2024), scope: 3, category: 1 }),
    facts: async ({ inventory }) => [category(await inventory(2024), 1)],
  },
  {
    question: 'Employee commuting emissions 2025',
    calls: () => totals({ period: year(2025), scope: 3, category: 7 }),
    facts: async ({ inventory }) => [category(await inventory(2025), 7)],
  },
  {
    question: 'Waste emissions in 2024',
    calls: () => totals({ period: year(2024), scope: 3, category: 5 }),
    facts: async ({ inventory }) => [category(await inventory(2024), 5)],
  },
  // Facilities (fuzzy names) and business units.
  {
    question: 'Scope 1 emissions at Riverbend Power Station in 2024',
    calls: ({ facility }) =>
      totals({ period: year(2024), scope: 1, facilityId: facility('riverbend-power-station') }),
    facts: async ({ inventory, facility }) => [
      facilityRow(await inventory(2024), facility('riverbend-power-station'))!.scope1,
    ],
  },
  {
    question: 'Emissions at riverbend in 2025',
    calls: ({ facility }) => totals({ period: year(2025), facilityId: facility('riverbend-power-station') }),
    facts: async ({ inventory, facility }) => [
      facilityRow(await inventory(2025), facility('riverbend-power-station'))!.co2e,
    ],
  },
  {
    question: 'Scope 2 at Lone Star Cment in 2024',
    calls: ({ facility }) =>
      totals({ period: year(2024), scope: 2, facilityId: facility('lone-star-cement') }),
    facts: async ({ inventory, facility }) => [
      facilityRow(await inventory(2024), facility('lone-star-cement'))!.scope2Location,
    ],
  },
  {
    question: 'Emissions of Great Lakes Steel last year',
    calls: ({ facility }) => totals({ period: year(2025), facilityId: facility('great-lakes-steel') }),
    facts: async ({ inventory, facility }) => [
      facilityRow(await inventory(2025), facility('great-lakes-steel'))!.co2e,
    ],
  },
  {
    question: 'Scope 1 emissions of the Klinikum Isar in 2023',
    calls: ({ facility }) => totals({ period: year(2023), scope: 1, facilityId: facility('klinikum-isar') }),
    facts: async ({ inventory, facility }) => [
      facilityRow(await inventory(2023), facility('klinikum-isar'))!.scope1,
    ],
  },
  {
    question: 'Scope 1 emissions of business unit Europe in 2024',
    calls: ({ businessUnit }) =>
      totals({ period: year(2024), scope: 1, businessUnitId: businessUnit('Europe') }),
    facts: async ({ inventory, businessUnit }) => [
      unitRow(await inventory(2024), businessUnit('Europe'))!.scope1,
    ],
  },
  {
    question: 'Americas emissions in 2025',
    calls: ({ businessUnit }) => totals({ period: year(2025), businessUnitId: businessUnit('Americas') }),
    facts: async ({ inventory, businessUnit }) => [
      unitRow(await inventory(2025), businessUnit('Americas'))!.co2e,
    ],
  },
  // Periods shorter than a year (their sums are checked against the year's in the test).
  { question: 'Emissions in Q3 2024', calls: () => totals({ period: months('2024-07', '2024-09') }) },
  {
    question: 'Scope 1 emissions in Q1 2025',
    calls: () => totals({ period: months('2025-01', '2025-03'), scope: 1 }),
  },
  {
    question: 'Emissions in the second quarter of 2024',
    calls: () => totals({ period: months('2024-04', '2024-06') }),
  },
  {
    question: 'Emissions from March to May 2024',
    calls: () => totals({ period: months('2024-03', '2024-05') }),
  },
  {
    question: 'Scope 2 emissions March to May',
    calls: () => totals({ period: months('2026-03', '2026-05'), scope: 2 }),
    facts: async () => [],
  },
  {
    question: 'Emissions year to date',
    calls: () => totals({ period: months('2026-01', '2026-05') }),
    facts: async () => [],
  },
  { question: 'Emissions in January 2025', calls: () => totals({ period: months('2025-01', '2025-01') }) },
  {
    question: 'Scope 1 emissions in 2024 Q4',
    calls: () => totals({ period: months('2024-10', '2024-12'), scope: 1 }),
  },
  {
    question: 'Emissions November to February 2025',
    calls: () => totals({ period: months('2024-11', '2025-02') }),
  },
  // Top contributors and breakdowns.
  {
    question: 'Top 5 facilities by emissions in 2024',
    calls: () => top({ period: year(2024), by: 'facility', limit: 5 }),
    facts: async ({ inventory }) => topFacilities(await inventory(2024), (row) => row.co2e, 5),
  },
  {
    question: 'Top 3 facilities by Scope 1 in 2025',
    calls: () => top({ period: year(2025), by: 'facility', limit: 3, scope: 1 }),
    facts: async ({ inventory }) => [
      ...topFacilities(await inventory(2025), (row) => row.scope1, 3),
      (await inventory(2025)).scope1.co2e,
    ],
  },
  {
    question: 'Which facility emitted the most in 2024?',
    calls: () => top({ period: year(2024), by: 'facility', limit: 1 }),
    facts: async ({ inventory }) => [
      ...topFacilities(await inventory(2024), (row) => row.co2e, 1),
      (await inventory(2024)).totals.co2e,
    ],
  },
  {
    question: 'Largest emitters last year',
    calls: () => top({ period: year(2025), by: 'facility', limit: 5 }),
    facts: async ({ inventory }) => topFacilities(await inventory(2025), (row) => row.co2e, 5),
  },
  {
    question: 'Emissions by business unit in 2024',
    calls: () => top({ period: year(2024), by: 'business-unit', limit: 50 }),
    facts: async ({ inventory }) =>
      (await inventory(2024)).byBusinessUnit.map((row) => row.co2e).sort((left, right) => right - left),
  },
  {
    question: 'Emissions by scope in 2025',
    calls: () => top({ period: year(2025), by: 'scope', limit: 50 }),
    facts: async ({ inventory }) => {
      const figures = await inventory(2025);
      return [figures.scope1.co2e, figures.scope2.location.co2e, figures.scope3.co2e]
        .sort((left, right) => right - left)
        .concat([figures.scope2.market.co2e, figures.totals.co2e]);
    },
  },
  {
    question: 'Scope 3 emissions by category in 2024',
    calls: () => top({ period: year(2024), by: 'category', limit: 50, scope: 3 }),
    facts: async ({ inventory }) => {
      const figures = await inventory(2024);
      const rows = figures.scope3.categories.map((row) => row.co2e).filter((value) => value !== 0);
      return [...rows.sort((left, right) => right - left), figures.scope3.co2e];
    },
  },
  {
    question: 'Scope 1 by gas in 2024',
    calls: () => top({ period: year(2024), by: 'gas', limit: 50, scope: 1 }),
    facts: async ({ inventory }) => {
      const figures = await inventory(2024);
      const rows = Object.values(figures.scope1.gasesCo2e).filter((value) => value !== 0);
      return [...rows.sort((left, right) => right - left), figures.scope1.co2e];
    },
  },
  {
    question: 'Top 10 facilities 2023',
    calls: () => top({ period: year(2023), by: 'facility', limit: 10 }),
    facts: async ({ inventory }) => topFacilities(await inventory(2023), (row) => row.co2e, 10),
  },
  {
    question: 'Top three business units by Scope 2 in 2025',
    calls: () => top({ period: year(2025), by: 'business-unit', limit: 3, scope: 2 }),
    facts: async ({ inventory }) =>
      (await inventory(2025)).byBusinessUnit
        .map((row) => row.scope2Location)
        .sort((left, right) => right - left)
        .slice(0, 3),
  },
  {
    question: 'What drives our emissions in 2025?',
    calls: () => top({ period: year(2025), by: 'facility', limit: 5 }),
    facts: async ({ inventory }) => topFacilities(await inventory(2025), (row) => row.co2e, 5),
  },
  {
    question: 'Emissions per facility in Q2 2025',
    calls: () => top({ period: months('2025-04', '2025-06'), by: 'facility', limit: 50 }),
  },
  // Comparisons and changes, explained by facility.
  {
    question: 'Compare 2024 with 2025',
    calls: () => compare({ from: year(2024), to: year(2025) }),
    facts: async ({ inventory }) =>
      change((await inventory(2024)).totals.co2e, (await inventory(2025)).totals.co2e),
  },
  {
    question: 'Compare 2025 with 2024',
    calls: () => compare({ from: year(2024), to: year(2025) }),
    facts: async ({ inventory }) =>
      change((await inventory(2024)).totals.co2e, (await inventory(2025)).totals.co2e),
  },
  {
    question: 'How did Scope 1 emissions change from 2023 to 2024?',
    calls: () => compare({ from: year(2023), to: year(2024), scope: 1 }),
    facts: async ({ inventory }) =>
      change((await inventory(2023)).scope1.co2e, (await inventory(2024)).scope1.co2e),
  },
  {
    question: 'Why did Scope 2 emissions change in 2025?',
    calls: () => compare({ from: year(2024), to: year(2025), scope: 2 }),
    facts: async ({ inventory }) =>
      change((await inventory(2024)).scope2.location.co2e, (await inventory(2025)).scope2.location.co2e),
  },
  {
    question: 'Why did our emissions increase last year?',
    calls: () => compare({ from: year(2024), to: year(2025) }),
    facts: async ({ inventory }) =>
      change((await inventory(2024)).totals.co2e, (await inventory(2025)).totals.co2e),
  },
  {
    question: '2024 vs 2023 scope 3',
    calls: () => compare({ from: year(2023), to: year(2024), scope: 3 }),
    facts: async ({ inventory }) =>
      change((await inventory(2023)).scope3.co2e, (await inventory(2024)).scope3.co2e),
  },
  {
    question: 'Compare Q1 2024 with Q1 2025',
    calls: () => compare({ from: months('2024-01', '2024-03'), to: months('2025-01', '2025-03') }),
  },
  {
    question: 'Why did emissions at Riverbend change in 2024?',
    calls: ({ facility }) =>
      compare({ from: year(2023), to: year(2024), facilityId: facility('riverbend-power-station') }),
    facts: async ({ inventory, facility }) =>
      change(
        facilityRow(await inventory(2023), facility('riverbend-power-station'))!.co2e,
        facilityRow(await inventory(2024), facility('riverbend-power-station'))!.co2e,
      ),
  },
  {
    question: 'Difference between 2023 and 2025',
    calls: () => compare({ from: year(2023), to: year(2025) }),
    facts: async ({ inventory }) =>
      change((await inventory(2023)).totals.co2e, (await inventory(2025)).totals.co2e),
  },
  {
    question: 'Compare methane in 2023 and 2024',
    calls: () => compare({ from: year(2023), to: year(2024), gas: 'CH4' }),
    facts: async ({ inventory }) =>
      change((await inventory(2023)).scope1.gasesCo2e.CH4, (await inventory(2024)).scope1.gasesCo2e.CH4),
  },
  {
    question: 'What changed?',
    calls: () => compare({ from: year(2024), to: year(2025) }),
    facts: async ({ inventory }) =>
      change((await inventory(2024)).totals.co2e, (await inventory(2025)).totals.co2e),
  },
  // Trails.
  {
    question: 'Where does the Scope 1 total of 2024 come from?',
    calls: () => trail({ period: year(2024), scope: 1 }),
    facts: async ({ inventory }) => [(await inventory(2024)).scope1.co2e],
  },
  {
    question: 'Show the trail of emissions at Riverbend Power Station in 2025',
    calls: ({ facility }) => trail({ period: year(2025), facilityId: facility('riverbend-power-station') }),
    facts: async ({ inventory, facility }) => [
      facilityRow(await inventory(2025), facility('riverbend-power-station'))!.co2e,
    ],
  },
  {
    question: 'Which records make up Scope 2 in 2024?',
    calls: () => trail({ period: year(2024), scope: 2 }),
    facts: async ({ inventory }) => [(await inventory(2024)).scope2.location.co2e],
  },
  {
    question: 'How was the 2023 total calculated?',
    calls: () => trail({ period: year(2023) }),
    facts: async ({ inventory }) => [(await inventory(2023)).totals.co2e],
  },
  // Facility search: only the realm's own facilities are found.
  {
    question: 'Find facility riverbend',
    calls: () => [{ name: 'facility_search', input: { query: 'riverbend' } }],
    facts: async () => [1],
  },
  {
    question: 'Search for facilities named cement',
    calls: () => [{ name: 'facility_search', input: { query: 'cement' } }],
    facts: async () => [1],
  },
  {
    question: 'Do we have a facility called Acme Refinery?',
    calls: () => [{ name: 'facility_search', input: { query: 'acme refinery' } }],
    facts: async () => [],
  },
  // Targets.
  { question: 'Are we on track for our targets?', calls: () => [{ name: 'target_status', input: {} }] },
  { question: 'Target status', calls: () => [{ name: 'target_status', input: {} }] },
  // Questions it cannot map get the help answer.
  { question: 'What is the capital of France?', calls: 'help', facts: async () => [] },
  { question: 'hello', calls: 'help', facts: async () => [] },
  { question: '?!', calls: 'help', facts: async () => [] },
];
