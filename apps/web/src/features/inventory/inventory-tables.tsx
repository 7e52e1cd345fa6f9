import {
  endpointUrl,
  inventoryEndpoints,
  type InventoryExportTable,
  type InventoryFacility,
  type InventoryResponse,
} from '@ecc/contracts';
import { Button, cn } from '@ecc/ui';
import { useMemo, useState, type ReactNode } from 'react';
import { SortableColumnHeader } from '#components/sortable-column-header.tsx';
import { ExportMenu } from '#components/export-menu.tsx';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatNumber } from '#lib/format/format-number.ts';

/** Rows per page of the facility table: a realm may have thousands of facilities (6,515 from GHGRP). */
export const FACILITY_PAGE_SIZE = 50;

const cellClasses = 'px-3 py-2';
const numberClasses = cn(cellClasses, 'text-right tabular-nums');

/** One of the tables a section exports, named for its Export button (`Export emission factors used`). */
export interface SectionExport {
  table: InventoryExportTable;
  what: string;
}

/** A titled section of the inventory with an export menu per table it shows (one, named by the title, or several). */
export function InventorySection({
  id,
  title,
  year,
  exportTable,
  exportTables = exportTable === undefined ? [] : [{ table: exportTable, what: title.toLowerCase() }],
  children,
}: {
  id: string;
  title: string;
  year: number;
  exportTable?: InventoryExportTable;
  exportTables?: readonly SectionExport[];
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        {exportTables.length === 0 ? null : (
          <div className="flex flex-wrap gap-2">
            {exportTables.map(({ table, what }) => (
              <ExportMenu
                key={table}
                what={what}
                label={exportTables.length > 1 ? `Export ${what}` : undefined}
                hrefOf={(format) =>
                  endpointUrl(inventoryEndpoints.export, undefined, { year, table, format })
                }
              />
            ))}
          </div>
        )}
      </div>
      {children}
    </section>
  );
}

/**
 * A business unit's name indented by its depth in the tree; a unit with units below it is marked as a subtotal, so
 * a screen reader hears what the indentation shows.
 */
export function BusinessUnitName({
  name,
  depth,
  isSubtotal,
}: {
  name: string;
  depth: number;
  isSubtotal: boolean;
}) {
  return (
    <span className={cn('block', isSubtotal && 'font-medium')} style={{ paddingLeft: `${depth * 1.5}rem` }}>
      {name}
      {isSubtotal ? <span className="text-muted-foreground font-normal"> (with units below)</span> : null}
    </span>
  );
}

/** A plain accessible table: a caption, header cells, the first cell of a row naming it. */
export function SimpleTable({
  caption,
  headers,
  rows,
  testId,
}: {
  caption: string;
  headers: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  testId?: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            {headers.map((header, index) => (
              <th
                key={header}
                scope="col"
                className={cn(index === 0 ? cellClasses : numberClasses, 'font-medium')}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            // Rows of these tables never move: their position is their identity.
            <tr key={rowIndex} className="border-t">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className={cn(cellClasses, 'text-left font-normal')}>
                    {cell}
                  </th>
                ) : (
                  <td key={index} className={numberClasses}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type FacilitySortKey = 'name' | 'country' | 'scope1' | 'scope2Location' | 'scope2Market' | 'scope3' | 'co2e';

const FACILITY_COLUMNS: readonly { key: FacilitySortKey; header: string; isNumber: boolean }[] = [
  { key: 'name', header: 'Facility', isNumber: false },
  { key: 'country', header: 'Country', isNumber: false },
  { key: 'scope1', header: 'Scope 1', isNumber: true },
  { key: 'scope2Location', header: 'Scope 2 location-based', isNumber: true },
  { key: 'scope2Market', header: 'Scope 2 market-based', isNumber: true },
  { key: 'scope3', header: 'Scope 3', isNumber: true },
  { key: 'co2e', header: 'Total (location-based)', isNumber: true },
];

/** Facilities sorted in the browser (the whole year's list is one answer) and shown a page at a time. */
export function sortFacilities(
  rows: readonly InventoryFacility[],
  key: FacilitySortKey,
  isDescending: boolean,
): InventoryFacility[] {
  const direction = isDescending ? -1 : 1;
  return [...rows].sort((left, right) => {
    const order =
      key === 'name' || key === 'country' ? left[key].localeCompare(right[key]) : left[key] - right[key];
    return order * direction || left.name.localeCompare(right.name);
  });
}

/** The facility table: sortable by every column, paged, the share counted shown where it is not 100 %. */
export function FacilityTable({ inventory }: { inventory: InventoryResponse }) {
  const [sort, setSort] = useState<{ key: FacilitySortKey; isDescending: boolean }>({
    key: 'co2e',
    isDescending: true,
  });
  const [page, setPage] = useState(0);
  const sorted = useMemo(
    () => sortFacilities(inventory.byFacility, sort.key, sort.isDescending),
    [inventory.byFacility, sort],
  );
  const pageCount = Math.max(1, Math.ceil(sorted.length / FACILITY_PAGE_SIZE));
  const shownPage = Math.min(page, pageCount - 1);
  const rows = sorted.slice(shownPage * FACILITY_PAGE_SIZE, (shownPage + 1) * FACILITY_PAGE_SIZE);
  const sortBy = (key: FacilitySortKey) => {
    setSort((current) =>
      current.key === key
        ? { key, isDescending: !current.isDescending }
        : { key, isDescending: key !== 'name' && key !== 'country' },
    );
    setPage(0);
  };
  return (
    <div className="grid gap-2">
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm" data-testid="inventory-facilities">
          <caption className="sr-only">
            Emissions by facility, {formatNumber(sorted.length)} facilities, page {shownPage + 1} of{' '}
            {pageCount}
          </caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              {FACILITY_COLUMNS.map((column) => (
                <SortableColumnHeader
                  key={column.key}
                  header={column.header}
                  isSorted={sort.key === column.key}
                  isDescending={sort.isDescending}
                  className={cn(column.isNumber ? numberClasses : cellClasses, 'font-medium')}
                  onSort={() => sortBy(column.key)}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.facilityId} className="border-t">
                <th scope="row" className={cn(cellClasses, 'text-left font-normal')}>
                  {row.name}
                  {row.countedPercent === 100 ? null : (
                    <span className="ml-2 text-xs text-muted-foreground">
                      counted at {formatNumber(row.countedPercent)} %
                    </span>
                  )}
                </th>
                <td className={cellClasses}>{row.country}</td>
                <td className={numberClasses}>{formatMass(row.scope1)}</td>
                <td className={numberClasses}>{formatMass(row.scope2Location)}</td>
                <td className={numberClasses}>{formatMass(row.scope2Market)}</td>
                <td className={numberClasses}>{formatMass(row.scope3)}</td>
                <td className={numberClasses}>{formatMass(row.co2e)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pageCount > 1 ? (
        <nav aria-label="Facility pages" className="flex items-center justify-end gap-2 text-sm">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={shownPage === 0}
            onClick={() => setPage(shownPage - 1)}
          >
            Previous
          </Button>
          <span aria-live="polite">
            Page {shownPage + 1} of {pageCount}
          </span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={shownPage >= pageCount - 1}
            onClick={() => setPage(shownPage + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
