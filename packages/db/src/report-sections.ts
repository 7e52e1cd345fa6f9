import {
  KPI_METRIC_LABELS,
  type OverviewYearTotals,
  type RenderedSection,
  type ReportSection,
  type ReportSectionKind,
} from '@ecc/contracts';
import type { Database } from './create-database.ts';
import { createOverviewRepository } from './overview-repository.ts';
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
}

export function createSectionContext(db: Database, realmId: string): SectionContext {
  let totalsByYear: Promise<Map<number, OverviewYearTotals>> | undefined;
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
  };
}

type SectionOfKind<Kind extends ReportSectionKind> = Extract<ReportSection, { kind: Kind }>;
type SectionRenderer<Kind extends ReportSectionKind> = (
  context: SectionContext,
  section: SectionOfKind<Kind>,
) => Promise<RenderedSection>;

const KG = 'kg CO2e';

/**
 * One renderer per section kind: what a section shows, with its numbers read now. A new kind (inventory tables,
 * saved analyses) adds its schema to `reportSectionSchema` in contracts and its renderer here; the PDF, XLSX, CSV
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
};

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
