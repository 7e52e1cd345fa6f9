import {
  SCOPE3_CATEGORY_NAMES,
  type AssistantCitation,
  type AssistantPeriod,
  type AssistantToolCall,
  type InventoryResponse,
  type InventoryScopeAmounts,
  type TargetAmbition,
} from '@ecc/contracts';
import {
  createInventoryRepository,
  createPathwayTargetRepository,
  readInventoryYears,
  readRealmInventory,
  readRealmMonthsInventory,
  readReportingYearStartMonth,
  type Database,
} from '@ecc/db';
import {
  annualReductionRate,
  rankNamedItems,
  reportingYearLabel,
  type AssistantFigure,
  type AssistantTargetFigure,
  type AssistantToolOutput,
  type QuestionContext,
} from '@ecc/domain';

/*
 * The assistant's tools (issue 14, item 4). Each reads the realm's figures the way its pages read them — the
 * inventory of a reporting year (decision 034's yearly totals, through `readRealmInventory`), the monthly totals
 * for shorter periods — under the request's realm scope, and returns numbers with links to the pages showing them.
 * Facilities the user may not read are neither matched by name nor listed.
 */

export interface AssistantFacility {
  id: string;
  slug: string;
  name: string;
}

export interface AssistantToolContext extends QuestionContext {
  realmId: string;
  facilities: readonly AssistantFacility[];
}

type Filters = Omit<Extract<AssistantToolCall, { name: 'totals' }>['input'], 'period'>;

/** Facilities whose trails a realm or business unit total cites, largest first. */
const CITED_FACILITY_COUNT = 10;

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function monthLabel(month: string): string {
  return `${SHORT_MONTHS[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;
}

/** The year a page opens for a period: the reporting year itself, else the year of the period's last month. */
function pageYear(period: AssistantPeriod): number {
  return period.kind === 'year' ? period.year : Number(period.to.slice(0, 4));
}

export function inventoryCitation(year: number, label: string): AssistantCitation {
  return {
    type: 'inventory-year',
    id: String(year),
    label: `Inventory ${label}`,
    href: `/reporting/next?year=${year}`,
  };
}

function facilityCitation(
  facility: Pick<AssistantFacility, 'slug' | 'name'>,
  year: number,
): AssistantCitation {
  return {
    type: 'facility',
    id: facility.slug,
    label: facility.name,
    href: `/facility/next/${encodeURIComponent(facility.slug)}?year=${year}`,
  };
}

function trailCitation(
  facility: Pick<AssistantFacility, 'slug' | 'name'>,
  year: number,
  scope: 1 | 2 | 3 | undefined,
): AssistantCitation {
  const trail = scope === undefined ? 'total' : `scope-${scope}`;
  return {
    type: 'trail',
    id: `${facility.slug}:${year}:${trail}`,
    label: `Trail of ${facility.name} (${scope === undefined ? 'total' : `Scope ${scope}`}, ${year})`,
    href: `/facility/next/${encodeURIComponent(facility.slug)}?year=${year}&trail=${trail}`,
  };
}

/** The scope amount a filter selects: Scope 2 location-based unless market-based is asked for. */
function measureOf(amounts: InventoryScopeAmounts, filters: Filters): number {
  const scope2 = filters.scope2Method === 'market' ? amounts.scope2Market : amounts.scope2Location;
  if (filters.scope === 1) return amounts.scope1;
  if (filters.scope === 2) return scope2;
  if (filters.scope === 3) return amounts.scope3;
  return filters.scope2Method === 'market'
    ? amounts.scope1 + amounts.scope2Market + amounts.scope3
    : amounts.co2e;
}

function realmAmounts(inventory: InventoryResponse): InventoryScopeAmounts {
  return {
    scope1: inventory.scope1.co2e,
    scope2Location: inventory.scope2.location.co2e,
    scope2Market: inventory.scope2.market.co2e,
    scope3: inventory.scope3.co2e,
    co2e: inventory.totals.co2e,
  };
}

function scopeWords(filters: Filters): string {
  const method = filters.scope2Method === 'market' ? ' (market-based)' : '';
  if (filters.scope === 2) return `Scope 2${method}`;
  if (filters.scope !== undefined) return `Scope ${filters.scope}`;
  return filters.scope2Method === 'market' ? 'Total (Scope 2 market-based)' : '';
}

export function createAssistantTools(db: Database, context: AssistantToolContext) {
  const inventories = new Map<string, Promise<InventoryResponse | null>>();
  const facilitiesById = new Map(context.facilities.map((facility) => [facility.id, facility]));
  const unitsById = new Map(context.businessUnits.map((unit) => [unit.id, unit]));

  const periodLabel = (period: AssistantPeriod): string => {
    if (period.kind === 'year') return reportingYearLabel(period.year, context.reportingYearStartMonth);
    return period.from === period.to
      ? monthLabel(period.from)
      : `${monthLabel(period.from)} – ${monthLabel(period.to)}`;
  };

  /** The realm's figures of a period, read once per question. */
  const inventoryOf = (period: AssistantPeriod): Promise<InventoryResponse | null> => {
    const key = JSON.stringify(period);
    let inventory = inventories.get(key);
    if (inventory === undefined) {
      inventory =
        period.kind === 'year'
          ? readRealmInventory(db, context.realmId, period.year)
          : readRealmMonthsInventory(db, context.realmId, period.from, period.to);
      inventories.set(key, inventory);
    }
    return inventory;
  };

  const subjectOf = (filters: Filters): string => {
    const parts: string[] = [];
    const scope = scopeWords(filters);
    if (filters.category !== undefined) {
      parts.push(
        `Scope 3 category ${filters.category} (${SCOPE3_CATEGORY_NAMES[filters.category]}) emissions`,
      );
    } else if (filters.gas !== undefined) {
      parts.push(`Scope 1 ${filters.gas} emissions`);
    } else parts.push(scope === '' ? 'Emissions' : `${scope} emissions`);
    const facility = filters.facilityId === undefined ? undefined : facilitiesById.get(filters.facilityId);
    if (facility !== undefined) parts.push(`at ${facility.name}`);
    const unit = filters.businessUnitId === undefined ? undefined : unitsById.get(filters.businessUnitId);
    if (unit !== undefined) parts.push(`of business unit ${unit.name}`);
    return parts.join(' ');
  };

  /** The one figure a period and filters select, with the pages showing it and a note on what was not possible. */
  const figureOf = (
    inventory: InventoryResponse,
    period: AssistantPeriod,
    filters: Filters,
  ): { figure: AssistantFigure; note?: string } => {
    const year = pageYear(period);
    const label = `${subjectOf(filters)}, ${periodLabel(period)}`;
    const yearCitation = inventoryCitation(year, periodLabel({ kind: 'year', year }));
    const facility = filters.facilityId === undefined ? undefined : facilitiesById.get(filters.facilityId);
    let note: string | undefined;
    if (facility !== undefined && (filters.category !== undefined || filters.gas !== undefined)) {
      note = `Gases and Scope 3 categories are kept for the realm as a whole, not by facility, so this is the realm's figure.`;
    }
    if (filters.category !== undefined) {
      if (period.kind === 'months') {
        note = 'Scope 3 categories are kept by reporting year: ask about a whole year for a category.';
      }
      const co2eKg = inventory.scope3.categories.find((row) => row.category === filters.category)?.co2e ?? 0;
      return {
        figure: {
          label: `Scope 3 category ${filters.category}, ${periodLabel(period)}`,
          co2eKg,
          citations: [yearCitation],
        },
        ...(note === undefined ? {} : { note }),
      };
    }
    if (filters.gas !== undefined) {
      return {
        figure: {
          label: `Scope 1 ${filters.gas}, ${periodLabel(period)}`,
          co2eKg: inventory.scope1.gasesCo2e[filters.gas],
          citations: [yearCitation],
        },
        ...(note === undefined ? {} : { note }),
      };
    }
    if (facility !== undefined) {
      const row = inventory.byFacility.find((candidate) => candidate.facilityId === facility.id);
      return {
        figure: {
          label,
          co2eKg: row === undefined ? 0 : measureOf(row, filters),
          citations: [facilityCitation(facility, year), trailCitation(facility, year, filters.scope)],
        },
      };
    }
    // The year's inventory lists every facility; the trails of the largest lead to their records.
    const citations = [
      yearCitation,
      ...facilityRows(inventory, period, filters)
        .filter((row) => row.figure.co2eKg !== 0)
        .slice(0, CITED_FACILITY_COUNT)
        .map((row) => trailCitation(row.facility, year, filters.scope)),
    ];
    if (filters.businessUnitId !== undefined) {
      const row = inventory.byBusinessUnit.find(
        (candidate) => candidate.businessUnitId === filters.businessUnitId,
      );
      return { figure: { label, co2eKg: row === undefined ? 0 : measureOf(row, filters), citations } };
    }
    return { figure: { label, co2eKg: measureOf(realmAmounts(inventory), filters), citations } };
  };

  const noData = (period: AssistantPeriod, filters: Filters): AssistantToolOutput => ({
    name: 'no_data',
    periodLabel: periodLabel(period),
    subject: subjectOf(filters),
    years: context.years,
  });

  /** Readable facilities by their share of the measure, largest first. */
  const facilityRows = (inventory: InventoryResponse, period: AssistantPeriod, filters: Filters) => {
    const year = pageYear(period);
    return inventory.byFacility
      .filter((row) => facilitiesById.has(row.facilityId))
      .filter((row) => filters.businessUnitId === undefined || row.businessUnitId === filters.businessUnitId)
      .map((row) => {
        const facility = facilitiesById.get(row.facilityId)!;
        return {
          facility,
          figure: {
            label: facility.name,
            co2eKg: measureOf(row, filters),
            citations: [facilityCitation(facility, year), trailCitation(facility, year, filters.scope)],
          },
        };
      })
      .sort((left, right) => right.figure.co2eKg - left.figure.co2eKg);
  };

  async function totals(input: Extract<AssistantToolCall, { name: 'totals' }>['input']) {
    const { period, ...filters } = input;
    const inventory = await inventoryOf(period);
    if (inventory === null) return noData(period, filters);
    const { figure, note } = figureOf(inventory, period, filters);
    return {
      name: 'totals' as const,
      periodLabel: periodLabel(period),
      subject: subjectOf(filters),
      total: figure,
      ...(note === undefined ? {} : { note }),
    };
  }

  async function topContributors(
    input: Extract<AssistantToolCall, { name: 'top_contributors' }>['input'],
  ): Promise<AssistantToolOutput> {
    const { period, by, limit, ...filters } = input;
    const inventory = await inventoryOf(period);
    if (inventory === null) return noData(period, filters);
    const year = pageYear(period);
    const yearCitation = inventoryCitation(year, periodLabel({ kind: 'year', year }));
    const { figure: total } = figureOf(inventory, period, { ...filters, facilityId: undefined });
    let rows: AssistantFigure[];
    let note: string | undefined;
    switch (by) {
      case 'facility':
        rows = facilityRows(inventory, period, filters).map((row) => row.figure);
        break;
      case 'business-unit':
        rows = inventory.byBusinessUnit
          .map((row) => ({ label: row.name, co2eKg: measureOf(row, filters), citations: [yearCitation] }))
          .sort((left, right) => right.co2eKg - left.co2eKg);
        break;
      case 'scope': {
        const amounts = realmAmounts(inventory);
        rows = [
          { label: 'Scope 1', co2eKg: amounts.scope1, citations: [yearCitation] },
          { label: 'Scope 2 (location-based)', co2eKg: amounts.scope2Location, citations: [yearCitation] },
          { label: 'Scope 3', co2eKg: amounts.scope3, citations: [yearCitation] },
        ].sort((left, right) => right.co2eKg - left.co2eKg);
        break;
      }
      case 'category':
        rows = inventory.scope3.categories
          .filter((row) => row.co2e !== 0)
          .map((row) => ({
            label: `Category ${row.category} (${row.name})`,
            co2eKg: row.co2e,
            citations: [yearCitation],
          }))
          .sort((left, right) => right.co2eKg - left.co2eKg);
        if (period.kind === 'months')
          note = 'Scope 3 categories are kept by reporting year: ask about a whole year.';
        break;
      case 'gas':
        rows = Object.entries(inventory.scope1.gasesCo2e)
          .filter(([, co2eKg]) => co2eKg !== 0)
          .map(([gas, co2eKg]) => ({ label: `Scope 1 ${gas}`, co2eKg, citations: [yearCitation] }))
          .sort((left, right) => right.co2eKg - left.co2eKg);
        break;
    }
    const subject =
      by === 'category'
        ? 'Scope 3 emissions'
        : by === 'gas'
          ? 'Scope 1 emissions'
          : subjectOf({ ...filters });
    const chosenTotal =
      by === 'category'
        ? { ...total, label: `Scope 3, ${periodLabel(period)}`, co2eKg: inventory.scope3.co2e }
        : by === 'gas'
          ? { ...total, label: `Scope 1, ${periodLabel(period)}`, co2eKg: inventory.scope1.co2e }
          : total;
    const output: AssistantToolOutput = {
      name: 'top_contributors',
      periodLabel: periodLabel(period),
      subject,
      by,
      rows: rows.slice(0, limit),
      total: chosenTotal,
      ...(note === undefined ? {} : { note }),
    };
    // Market-based Scope 2 is another view of the same emissions: listed, never added to the total.
    if (by === 'scope') {
      output.rows.push({
        label: 'Scope 2 (market-based, not added to the total)',
        co2eKg: inventory.scope2.market.co2e,
        citations: [yearCitation],
      });
    }
    return output;
  }

  async function comparePeriods(
    input: Extract<AssistantToolCall, { name: 'compare_periods' }>['input'],
  ): Promise<AssistantToolOutput> {
    const { from, to, ...filters } = input;
    const [fromInventory, toInventory] = await Promise.all([inventoryOf(from), inventoryOf(to)]);
    if (fromInventory === null) return noData(from, filters);
    if (toInventory === null) return noData(to, filters);
    const fromFigure = figureOf(fromInventory, from, filters);
    const toFigure = figureOf(toInventory, to, filters);
    const contributors: AssistantFigure[] = [];
    // Only a scope measure splits by facility; a gas or a Scope 3 category is kept for the realm as a whole.
    if (filters.gas === undefined && filters.category === undefined && filters.facilityId === undefined) {
      const before = new Map(
        facilityRows(fromInventory, from, filters).map((row) => [row.facility.id, row.figure.co2eKg]),
      );
      const after = facilityRows(toInventory, to, filters);
      const seen = new Set<string>();
      for (const row of after) {
        seen.add(row.facility.id);
        contributors.push({ ...row.figure, co2eKg: row.figure.co2eKg - (before.get(row.facility.id) ?? 0) });
      }
      for (const row of facilityRows(fromInventory, from, filters)) {
        if (!seen.has(row.facility.id)) contributors.push({ ...row.figure, co2eKg: -row.figure.co2eKg });
      }
      contributors.sort((left, right) => Math.abs(right.co2eKg) - Math.abs(left.co2eKg));
    }
    const note = fromFigure.note ?? toFigure.note;
    return {
      name: 'compare_periods',
      subject: subjectOf(filters),
      from: { ...fromFigure.figure, periodLabel: periodLabel(from) },
      to: { ...toFigure.figure, periodLabel: periodLabel(to) },
      contributors: contributors.slice(0, 5),
      ...(note === undefined ? {} : { note }),
    };
  }

  async function trail(
    input: Extract<AssistantToolCall, { name: 'trail' }>['input'],
  ): Promise<AssistantToolOutput> {
    const { period, ...filters } = input;
    const inventory = await inventoryOf(period);
    if (inventory === null) return noData(period, filters);
    const { figure, note } = figureOf(inventory, period, filters);
    const year = pageYear(period);
    const facility = filters.facilityId === undefined ? undefined : facilitiesById.get(filters.facilityId);
    const parts =
      facility !== undefined
        ? [{ ...figure, label: facility.name, citations: [trailCitation(facility, year, filters.scope)] }]
        : facilityRows(inventory, period, filters)
            .filter((row) => row.figure.co2eKg !== 0)
            .slice(0, 10)
            .map((row) => ({ ...row.figure, citations: [trailCitation(row.facility, year, filters.scope)] }));
    return {
      name: 'trail',
      periodLabel: periodLabel(period),
      subject: subjectOf(filters),
      total: figure,
      parts,
      ...(note === undefined ? {} : { note }),
    };
  }

  function facilitySearch(query: string): AssistantToolOutput {
    const needle = query.toLowerCase();
    const contained = context.facilities.filter((facility) => facility.name.toLowerCase().includes(needle));
    const ranked = rankNamedItems(query, context.facilities);
    const matches = [...new Set([...contained, ...ranked])].slice(0, 10);
    const year = context.years.at(-1);
    return {
      name: 'facility_search',
      query,
      matches: matches.map((facility) => ({
        facilityId: facility.id,
        label: facility.name,
        citations: [
          year === undefined
            ? {
                type: 'facility',
                id: facility.slug,
                label: facility.name,
                href: `/facility/next/${encodeURIComponent(facility.slug)}`,
              }
            : facilityCitation(facility, year),
        ],
      })),
    };
  }

  async function targetStatus(): Promise<AssistantToolOutput> {
    const targets = await createPathwayTargetRepository(db).listTargets(context.realmId);
    const latestYear = context.years.at(-1) ?? null;
    const figures: AssistantTargetFigure[] = [];
    for (const target of targets) {
      const rate = annualReductionRate({
        baseYear: target.baseYear,
        targetYear: target.targetYear,
        ambition: target.ambition as TargetAmbition,
        customReductionPercent: target.customReductionPercent,
      });
      const citation: AssistantCitation = {
        type: 'target',
        id: target.id,
        label: target.name,
        href: '/pathways',
      };
      const covered = async (year: number): Promise<number | null> => {
        const inventory = await inventoryOf({ kind: 'year', year });
        if (inventory === null) return null;
        const amounts = realmAmounts(inventory);
        let sum = 0;
        for (const scope of target.scopes) {
          if (scope === 1) sum += amounts.scope1;
          if (scope === 2)
            sum += target.scope2Method === 'market' ? amounts.scope2Market : amounts.scope2Location;
          if (scope === 3) {
            sum +=
              target.scope3Categories.length === 0
                ? amounts.scope3
                : inventory.scope3.categories
                    .filter((row) => target.scope3Categories.includes(row.category))
                    .reduce((total, row) => total + row.co2e, 0);
          }
        }
        return sum;
      };
      // Intensity targets divide by a denominator the pathways page reads; here only absolute targets are measured.
      const isAbsolute = target.kind === 'absolute';
      const baseCo2eKg = isAbsolute ? await covered(target.baseYear) : null;
      const latestCo2eKg = isAbsolute && latestYear !== null ? await covered(latestYear) : null;
      figures.push({
        label: target.name,
        baseYear: target.baseYear,
        baseCo2eKg,
        targetYear: target.targetYear,
        reductionPercent: Math.min(rate * (target.targetYear - target.baseYear), 1) * 100,
        latestYear: latestCo2eKg === null ? null : latestYear,
        latestCo2eKg,
        achievedPercent:
          baseCo2eKg === null || latestCo2eKg === null || baseCo2eKg === 0
            ? null
            : ((baseCo2eKg - latestCo2eKg) / baseCo2eKg) * 100,
        allowedCo2eKg:
          baseCo2eKg === null || latestYear === null
            ? null
            : Math.max(0, baseCo2eKg * (1 - rate * (latestYear - target.baseYear))),
        citations: [citation],
      });
    }
    return { name: 'target_status', targets: figures };
  }

  return {
    async run(call: AssistantToolCall): Promise<AssistantToolOutput> {
      switch (call.name) {
        case 'totals':
          return totals(call.input);
        case 'top_contributors':
          return topContributors(call.input);
        case 'compare_periods':
          return comparePeriods(call.input);
        case 'trail':
          return trail(call.input);
        case 'facility_search':
          return facilitySearch(call.input.query);
        case 'target_status':
          return targetStatus();
      }
    },
  };
}

/** What the parser and the tools need of the realm: its readable facilities, units, years and year start. */
export async function readAssistantContext(
  db: Database,
  realmId: string,
  today: string,
  canReadFacility: (facilityId: string) => boolean,
): Promise<AssistantToolContext> {
  const repository = createInventoryRepository(db);
  const [facilities, businessUnits, years, reportingYearStartMonth] = await Promise.all([
    repository.facilities(realmId),
    repository.businessUnits(realmId),
    readInventoryYears(db, realmId),
    readReportingYearStartMonth(db, realmId),
  ]);
  return {
    realmId,
    today,
    reportingYearStartMonth,
    years,
    facilities: facilities
      .filter((facility) => canReadFacility(facility.id))
      .map(({ id, slug, name }) => ({ id, slug, name })),
    businessUnits,
  };
}
