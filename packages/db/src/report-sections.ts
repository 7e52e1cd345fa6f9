import {
  INVENTORY_SECTION_TABLE_LABELS,
  KPI_METRIC_LABELS,
  analysisQuerySchema,
  type InventoryResponse,
  type OverviewYearTotals,
  type RenderedSection,
  type ReportSection,
  type ReportSectionKind,
} from '@ecc/contracts';
import { createAnalysisViewRepository } from './analysis-view-repository.ts';
import type { Database } from './create-database.ts';
import { createOverviewRepository } from './overview-repository.ts';
import { runRealmAnalysis } from './realm-analysis.ts';
import { readRealmInventory } from './realm-inventory.ts';
import { analysisReportChart, analysisReportTable } from './report-analysis-section.ts';
import { inventoryReportCharts, inventoryReportTable } from './report-inventory-tables.ts';
import { readRealmGwpSetId } from './result-gwp-sets.ts';
import { emptyYearTotals, yearTotalsOf } from '@ecc/domain';

/**
 * What a section needs to read its numbers: the realm, and reads shared by the sections of one rendering (every
 * KPI section of a report reads the realm's yearly totals once).
 */
export interface SectionContext {
  readonly db: Database;
  readonly realmId: string;
  yearTotals(year: number): Promise<OverviewYearTotals>;
  /** The year's inventory; null when the year has no results. */
  inventory(year: number): Promise<InventoryResponse | null>;
}

export function createSectionContext(db: Database, realmId: string): SectionContext {
  let totalsByYear: Promise<Map<number, OverviewYearTotals>> | undefined;
  const inventories = new Map<number, Promise<InventoryResponse | null>>();
  const readTotals = async () => {
    const gwpSetId = await readRealmGwpSetId(db, realmId);
    const yearly = await createOverviewRepository(db).yearlyAmounts(realmId, gwpSetId);
    const trend = yearTotalsOf(yearly.amounts, yearly.facilityCounts);
    return new Map(trend.map((totals) => [totals.year, totals]));
  };
  return {
    db,
    realmId,
    async yearTotals(year) {
      totalsByYear ??= readTotals();
      return (await totalsByYear).get(year) ?? emptyYearTotals(year);
    },
    inventory(year) {
      let inventory = inventories.get(year);
      if (inventory === undefined) {
        inventory = readRealmInventory(db, realmId, year);
        inventories.set(year, inventory);
      }
      return inventory;
    },
  };
}

type SectionOfKind<Kind extends ReportSectionKind> = Extract<ReportSection, { kind: Kind }>;
type SectionRenderer<Kind extends ReportSectionKind> = (
  context: SectionContext,
  section: SectionOfKind<Kind>,
) => Promise<RenderedSection>;

const KG = 'kg CO2e';

/**
 * One renderer per section kind: what a section shows, with its numbers read now. A new kind adds its schema to
 * `reportSectionSchema` in contracts and its renderer here; the PDF, XLSX, CSV
 * and the browser draw any section from its rendering (markdown, tiles, tables, charts), never by its kind.
 */
export const SECTION_RENDERERS: { readonly [Kind in ReportSectionKind]: SectionRenderer<Kind> } = {
  async text(_context, section) {
    return {
      id: section.id,
      kind: section.kind,
      title: section.title ?? '',
      markdown: section.markdown,
      tables: [],
      charts: [],
    };
  },

  async kpi(context, section) {
    const totals = await context.yearTotals(section.year);
    const values = { ...totals, total: totals.co2eKg };
    const tiles = section.metrics.map((metric) => ({
      key: metric,
      label: KPI_METRIC_LABELS[metric],
      value: values[metric],
      unit: KG,
    }));
    const title = section.title || `Emissions ${section.year}`;
    return {
      id: section.id,
      kind: section.kind,
      title,
      tiles,
      tables: [
        {
          title,
          columns: [
            { key: 'figure', header: 'Figure', isNumber: false },
            { key: 'co2eKg', header: 'CO2e (kg)', isNumber: true },
          ],
          rows: tiles.map((tile) => ({ figure: tile.label, co2eKg: tile.value })),
        },
      ],
      charts: [
        {
          kind: 'bar',
          title: `${title} (${KG})`,
          categories: tiles.map((tile) => tile.label),
          values: tiles.map((tile) => tile.value),
          unit: KG,
        },
      ],
    };
  },

  async inventory(context, section) {
    const title = section.title || `${INVENTORY_SECTION_TABLE_LABELS[section.table]} ${section.year}`;
    const inventory = await context.inventory(section.year);
    if (inventory === null) {
      return noticeSection(section, title, `The reporting year ${section.year} has no emission results.`);
    }
    return {
      id: section.id,
      kind: section.kind,
      title,
      tables: [{ ...inventoryReportTable(inventory, section.table), title }],
      charts: inventoryReportCharts(inventory, section.table),
    };
  },

  async analysis(context, section) {
    const view = await createAnalysisViewRepository(context.db).find(context.realmId, section.viewId);
    if (view === undefined) {
      return noticeSection(
        section,
        section.title || 'Saved analysis',
        'The saved analysis of this section was deleted.',
      );
    }
    const title = section.title || view.name;
    const query = analysisQuerySchema.parse(view.definition);
    // Subtotals asked of the database for the chart's row totals; the table shows them only if the view does.
    const outcome = await runRealmAnalysis(context.db, context.realmId, { ...query, subtotals: true });
    if (!outcome.isAnswered) {
      const reasons = Object.values(outcome.fieldErrors).join('; ');
      return noticeSection(section, title, `The saved analysis cannot be computed now: ${reasons}.`);
    }
    const chart = analysisReportChart(title, query, outcome.answer);
    return {
      id: section.id,
      kind: section.kind,
      title,
      tables: [analysisReportTable(title, query, outcome.answer)],
      charts: chart === undefined ? [] : [chart],
    };
  },
};

/** A section that cannot show its numbers says why, in its place. */
function noticeSection(section: ReportSection, title: string, notice: string): RenderedSection {
  return { id: section.id, kind: section.kind, title, markdown: notice, tables: [], charts: [] };
}

export function renderSection(context: SectionContext, section: ReportSection): Promise<RenderedSection> {
  // The registry's type pairs each kind with its renderer; TypeScript cannot follow the pairing through a union.
  const renderer = SECTION_RENDERERS[section.kind] as SectionRenderer<ReportSectionKind>;
  return renderer(context, section as never);
}

export async function renderSections(
  context: SectionContext,
  sections: readonly ReportSection[],
): Promise<RenderedSection[]> {
  const rendered: RenderedSection[] = [];
  for (const section of sections) rendered.push(await renderSection(context, section));
  return rendered;
}
