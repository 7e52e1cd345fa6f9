import {
  OVERVIEW_SOURCE_FACILITY_COUNT,
  type ExportFormat,
  type OverviewExportQuery,
  type OverviewExportTable,
} from '@ecc/contracts';
import {
  createOverviewRepository,
  readRealmGwpSetId,
  type Database,
  type OverviewDataQualityRow,
  type OverviewFacilityScopesRow,
  type OverviewReportedFacilityRow,
  type OverviewRepository,
} from '@ecc/db';
import {
  chooseOverviewYear,
  MAD_TO_STANDARD_DEVIATION,
  MIN_MONTHS_FOR_OUTLIERS,
  OUTLIER_DEVIATIONS,
  rankSources,
  withScopeTotal,
  yearTotalsOf,
} from '@ecc/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pagesByOffset, sendTableExport, type ExportColumn } from '#platform/table-export.ts';

type Ranked<Row> = Row & { rank: number };

/** `Texas, US`, as the overview's Where column. */
function place(row: { state: string | null; country: string }): string {
  return [row.state, row.country].filter(Boolean).join(', ');
}

/** A share of the year's total in percent; empty when the total is zero, as the page's dash. */
function percentOf(co2eKg: number, totalKg: number): number | null {
  return totalKg === 0 ? null : (co2eKg / totalKg) * 100;
}

/** Rows numbered from the offset they were read at, so the rank column runs on across pages. */
function ranked<Row>(rows: readonly Row[], offset: number): Ranked<Row>[] {
  return rows.map((row, index) => ({ ...row, rank: offset + index + 1 }));
}

interface OverviewExportContext {
  request: FastifyRequest;
  reply: FastifyReply;
  repository: OverviewRepository;
  realmId: string;
  gwpSetId: string;
  /** The overview's year; null when the realm has no data, which exports the header alone. */
  year: number | null;
  name: string;
  format: ExportFormat;
}

/** The year's total CO2e (location-based), which the page's Share column divides by. */
async function yearTotal({ repository, realmId, gwpSetId, year }: OverviewExportContext): Promise<number> {
  if (year === null) return 0;
  const yearly = await repository.yearlyAmounts(realmId, gwpSetId);
  return (
    yearTotalsOf(yearly.amounts, yearly.facilityCounts).find((entry) => entry.year === year)?.co2eKg ?? 0
  );
}

async function sendFacilities(context: OverviewExportContext): Promise<FastifyReply> {
  const { repository, realmId, gwpSetId, year } = context;
  const total = await yearTotal(context);
  type Row = Ranked<OverviewFacilityScopesRow & { co2eKg: number }>;
  const columns: ExportColumn<Row>[] = [
    { header: 'Rank', value: (row) => row.rank, width: 8 },
    { header: 'Facility', value: (row) => row.name, width: 36 },
    { header: 'Slug', value: (row) => row.slug, width: 30 },
    { header: 'Where', value: place, width: 20 },
    { header: 'Sector', value: (row) => row.sector, width: 24 },
    { header: 'CO2e, location-based (kg CO2e)', value: (row) => row.co2eKg, width: 20 },
    { header: 'Share of the year (%)', value: (row) => percentOf(row.co2eKg, total), width: 14 },
    { header: 'Scope 1 (kg CO2e)', value: (row) => row.scope1, width: 18 },
    { header: 'Scope 2 location-based (kg CO2e)', value: (row) => row.scope2Location, width: 18 },
    { header: 'Scope 2 market-based (kg CO2e)', value: (row) => row.scope2Market, width: 18 },
    { header: 'Scope 3 (kg CO2e)', value: (row) => row.scope3, width: 18 },
  ];
  const pages =
    year === null
      ? []
      : await pagesByOffset(async (offset, limit) => {
          const rows = await repository.topFacilities(realmId, gwpSetId, year, limit, offset);
          const withTotals = rows.map(({ scope1, scope2Location, scope2Market, scope3, ...facility }) => ({
            ...facility,
            ...withScopeTotal({ scope1, scope2Location, scope2Market, scope3 }),
          }));
          return ranked(withTotals, offset);
        });
  return sendTableExport(context.request, context.reply, { ...fileOf(context), columns, pages });
}

async function sendSources(context: OverviewExportContext): Promise<FastifyReply> {
  const { repository, realmId, gwpSetId, year } = context;
  const total = await yearTotal(context);
  // A realm has few activity types, so every source is read at once, each with its largest facilities.
  const sources =
    year === null
      ? []
      : rankSources(
          await repository.sourceFacilities(realmId, gwpSetId, year, OVERVIEW_SOURCE_FACILITY_COUNT),
          Number.POSITIVE_INFINITY,
        );
  const columns: ExportColumn<Ranked<(typeof sources)[number]>>[] = [
    { header: 'Rank', value: (row) => row.rank, width: 8 },
    { header: 'Source', value: (row) => row.activityType, width: 36 },
    { header: 'CO2e, location-based (kg CO2e)', value: (row) => row.co2eKg, width: 20 },
    { header: 'Share of the year (%)', value: (row) => percentOf(row.co2eKg, total), width: 14 },
    { header: 'Facilities', value: (row) => row.facilityCount, width: 12 },
    {
      header: 'Largest at (kg CO2e)',
      value: (row) => row.topFacilities.map((facility) => `${facility.name} (${facility.co2eKg})`).join('; '),
      width: 60,
    },
  ];
  return sendTableExport(context.request, context.reply, {
    ...fileOf(context),
    columns,
    pages: [ranked(sources, 0)],
  });
}

async function sendReported(context: OverviewExportContext): Promise<FastifyReply> {
  const { repository, realmId, gwpSetId, year } = context;
  const columns: ExportColumn<Ranked<OverviewReportedFacilityRow>>[] = [
    { header: 'Rank', value: (row) => row.rank, width: 8 },
    { header: 'Facility', value: (row) => row.name, width: 36 },
    { header: 'Slug', value: (row) => row.slug, width: 30 },
    { header: 'Where', value: place, width: 20 },
    { header: 'Reported to', value: (row) => row.source, width: 20 },
    { header: 'GWP set', value: (row) => row.gwpSetId, width: 10 },
    { header: 'CO2e (kg CO2e)', value: (row) => row.co2eKg, width: 20 },
  ];
  const pages =
    year === null
      ? []
      : await pagesByOffset(async (offset, limit) =>
          ranked(await repository.topReportedFacilities(realmId, gwpSetId, year, limit, offset), offset),
        );
  return sendTableExport(context.request, context.reply, { ...fileOf(context), columns, pages });
}

const DATA_QUALITY_RULE = {
  minMonthsForOutliers: MIN_MONTHS_FOR_OUTLIERS,
  outlierDeviations: OUTLIER_DEVIATIONS,
  madToStandardDeviation: MAD_TO_STANDARD_DEVIATION,
};

async function sendDataQuality(context: OverviewExportContext): Promise<FastifyReply> {
  const { repository, realmId, year } = context;
  const columns: ExportColumn<Ranked<OverviewDataQualityRow>>[] = [
    { header: 'Rank', value: (row) => row.rank, width: 8 },
    { header: 'Facility', value: (row) => row.name, width: 36 },
    { header: 'Slug', value: (row) => row.slug, width: 30 },
    { header: 'Gaps (months)', value: (row) => row.gaps, width: 14 },
    { header: 'Outliers (months)', value: (row) => row.outliers, width: 14 },
    { header: 'Estimated (months)', value: (row) => row.estimated, width: 14 },
  ];
  const pages =
    year === null
      ? []
      : await pagesByOffset(async (offset, limit) => {
          const { rows } = await repository.dataQuality(realmId, year, limit, DATA_QUALITY_RULE, offset);
          return ranked(rows, offset);
        });
  return sendTableExport(context.request, context.reply, { ...fileOf(context), columns, pages });
}

function fileOf({ name, format }: OverviewExportContext): { name: string; format: ExportFormat } {
  return { name, format };
}

const SENDERS: Record<OverviewExportTable, (context: OverviewExportContext) => Promise<FastifyReply>> = {
  facilities: sendFacilities,
  sources: sendSources,
  reported: sendReported,
  'data-quality': sendDataQuality,
};

/**
 * One of the overview's rankings as CSV or XLSX: every facility or source of the year (the one asked for, else
 * the latest with data, as the overview chooses), ranked as on the page, not only the top it shows.
 */
export async function sendOverviewExport(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  realmId: string,
  query: OverviewExportQuery,
): Promise<FastifyReply> {
  const repository = createOverviewRepository(db);
  const gwpSetId = await readRealmGwpSetId(db, realmId);
  const year = chooseOverviewYear(query.year, await repository.years(realmId, gwpSetId));
  const name = `overview-${query.table}${year === null ? '' : `-${year}`}`;
  return SENDERS[query.table]({
    request,
    reply,
    repository,
    realmId,
    gwpSetId,
    year,
    name,
    format: query.format,
  });
}
