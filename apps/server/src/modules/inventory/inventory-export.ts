import {
  CHANGE_REASON_LABELS,
  KYOTO_GASES,
  type ChangeReasonDto,
  type InventoryBusinessUnit,
  type InventoryCountry,
  type InventoryExportTable,
  type InventoryFacility,
  type InventoryResponse,
  type ExportFormat,
  type ReportTable,
} from '@ecc/contracts';
import { inventoryDetailTable } from '@ecc/db';
import { convert } from '@ecc/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';

/** One line of the summary table: what it is, its scope, and its amount. */
export interface InventorySummaryLine {
  section: string;
  item: string;
  unit: 'kg CO2e' | 'kg';
  amount: number;
}

type ScopeAmounts = Pick<InventoryFacility, 'scope1' | 'scope2Location' | 'scope2Market' | 'scope3' | 'co2e'>;

/** The scope columns of any row that has the scope amounts. */
function scopeColumns<Row extends ScopeAmounts>(): ExportColumn<Row>[] {
  return [
    { header: 'Scope 1 (kg CO2e)', value: (row) => row.scope1, width: 18 },
    { header: 'Scope 2 location-based (kg CO2e)', value: (row) => row.scope2Location, width: 18 },
    { header: 'Scope 2 market-based (kg CO2e)', value: (row) => row.scope2Market, width: 18 },
    { header: 'Scope 3 (kg CO2e)', value: (row) => row.scope3, width: 18 },
    { header: 'Total, location-based (kg CO2e)', value: (row) => row.co2e, width: 18 },
  ];
}

/** The GHG Protocol layout of the inventory, one line per figure. */
export function summaryLines(inventory: InventoryResponse): InventorySummaryLine[] {
  const co2e = (section: string, item: string, amount: number): InventorySummaryLine => ({
    section,
    item,
    unit: 'kg CO2e',
    amount,
  });
  return [
    co2e('Scope 1', 'Gross Scope 1', inventory.scope1.co2e),
    ...KYOTO_GASES.map((gas) => ({
      section: 'Scope 1 by gas',
      item: gas,
      unit: 'kg' as const,
      amount: inventory.scope1.gases[gas],
    })),
    ...KYOTO_GASES.map((gas) => co2e('Scope 1 by gas', gas, inventory.scope1.gasesCo2e[gas])),
    co2e('Scope 1 by gas', 'Published as CO2e only', inventory.scope1.unspecifiedCo2e),
    co2e('Scope 2', 'Location-based', inventory.scope2.location.co2e),
    co2e('Scope 2', 'Market-based', inventory.scope2.market.co2e),
    co2e('Scope 3', 'Total Scope 3', inventory.scope3.co2e),
    ...inventory.scope3.categories.map((category) =>
      co2e('Scope 3 by category', `${category.category} ${category.name}`, category.co2e),
    ),
    co2e('Scope 3 by category', 'No category', inventory.scope3.uncategorisedCo2e),
    co2e('Total', 'Scope 1 + 2 (location-based) + 3', inventory.totals.co2e),
    co2e('Total', 'Scope 1 + 2 (market-based) + 3', inventory.totals.co2eMarket),
    { section: 'Outside the scopes', item: 'Biogenic CO2', unit: 'kg', amount: inventory.biogenicCo2 },
  ];
}

const SUMMARY_COLUMNS: readonly ExportColumn<InventorySummaryLine>[] = [
  { header: 'Section', value: (line) => line.section, width: 22 },
  { header: 'Item', value: (line) => line.item, width: 44 },
  { header: 'Unit', value: (line) => line.unit, width: 10 },
  { header: 'Amount', value: (line) => line.amount, width: 20 },
];

const FACILITY_COLUMNS: readonly ExportColumn<InventoryFacility>[] = [
  { header: 'Facility', value: (row) => row.name, width: 36 },
  { header: 'Slug', value: (row) => row.slug, width: 30 },
  { header: 'Country', value: (row) => row.country, width: 10 },
  { header: 'Counted (%)', value: (row) => row.countedPercent, width: 12 },
  ...scopeColumns<InventoryFacility>(),
  // Calculated from records, or as reported to EPA's GHGRP (decision 039).
  { header: 'Source', value: (row) => row.source, width: 12 },
];

/** The tree as rows: each unit's level (1 at the top) and parent, its figures including the units below it. */
function businessUnitColumns(
  units: readonly InventoryBusinessUnit[],
): readonly ExportColumn<InventoryBusinessUnit>[] {
  const names = new Map(units.map((unit) => [unit.businessUnitId, unit.name]));
  return [
    { header: 'Business unit', value: (row) => row.name, width: 36 },
    { header: 'Level', value: (row) => row.depth + 1, width: 8 },
    {
      header: 'Parent',
      value: (row) => (row.parentId === null ? '' : (names.get(row.parentId) ?? '')),
      width: 36,
    },
    { header: 'Facilities', value: (row) => row.facilityCount, width: 12 },
    { header: 'Own facilities (kg CO2e)', value: (row) => row.ownCo2e, width: 20 },
    ...scopeColumns<InventoryBusinessUnit>(),
  ];
}

const COUNTRY_COLUMNS: readonly ExportColumn<InventoryCountry>[] = [
  { header: 'Country', value: (row) => row.country, width: 10 },
  { header: 'Facilities', value: (row) => row.facilityCount, width: 12 },
  ...scopeColumns<InventoryCountry>(),
];

/** CDP C7.9a's reasons as their editor shows them, in tonnes as CDP asks, then the unexplained remainder. */
function changeReasonColumns(year: number): readonly ExportColumn<ChangeReasonDto>[] {
  return [
    { header: 'Year', value: () => year, width: 8 },
    { header: 'Reason (CDP C7.9a)', value: (row) => CHANGE_REASON_LABELS[row.reason], width: 44 },
    { header: 'Emissions (t CO2e)', value: (row) => convert(row.co2e, 'kg', 't'), width: 18 },
    {
      header: 'Direction',
      value: (row) => (row.direction === 'increase' ? 'Increased' : 'Decreased'),
      width: 12,
    },
    { header: 'Change from the year before (%)', value: (row) => row.percentOfPrevious, width: 18 },
    { header: 'Note', value: (row) => row.note, width: 44 },
  ];
}

type DetailRow = ReportTable['rows'][number];

/** A report table's columns as a file's: the same headers (units in them), numbers kept as numbers. */
function detailColumns(table: ReportTable): ExportColumn<DetailRow>[] {
  return table.columns.map((column) => ({
    header: column.header,
    value: (row) => row[column.key] ?? null,
    width: column.isNumber ? 20 : 36,
  }));
}

/** Answers one of the inventory's tables as the page shows it, as a CSV or XLSX download. */
export function sendInventoryExport(
  request: FastifyRequest,
  reply: FastifyReply,
  inventory: InventoryResponse,
  query: { table: InventoryExportTable; format: ExportFormat },
): FastifyReply {
  const name = `ghg-inventory-${inventory.year}-${query.table}`;
  const format = query.format;
  switch (query.table) {
    case 'summary':
      return sendTableExport(request, reply, {
        format,
        name,
        columns: SUMMARY_COLUMNS,
        pages: [summaryLines(inventory)],
      });
    case 'facilities':
      return sendTableExport(request, reply, {
        format,
        name,
        columns: FACILITY_COLUMNS,
        pages: [inventory.byFacility],
      });
    case 'business-units':
      return sendTableExport(request, reply, {
        format,
        name,
        columns: businessUnitColumns(inventory.byBusinessUnit),
        pages: [inventory.byBusinessUnit],
      });
    case 'countries':
      return sendTableExport(request, reply, {
        format,
        name,
        columns: COUNTRY_COLUMNS,
        pages: [inventory.byCountry],
      });
    case 'change-reasons':
      return sendTableExport(request, reply, {
        format,
        name,
        columns: changeReasonColumns(inventory.year),
        pages: [inventory.changeReasons.reasons],
      });
    default: {
      const table = inventoryDetailTable(inventory, query.table);
      return sendTableExport(request, reply, {
        format,
        name,
        columns: detailColumns(table),
        pages: [table.rows],
      });
    }
  }
}
