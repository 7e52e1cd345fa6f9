import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export interface DataTableColumn<Row> {
  header: string;
  /** Read to screen readers only, for a column whose cells speak for themselves, such as "Actions". */
  isHeaderHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** Added to the column's cells, e.g. `font-mono` or `text-right`. */
  className?: string;
}

export interface DataTableProps<Row> {
  /** Names the table for assistive technology; not shown. */
  caption: ReactNode;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /**
   * The first column's cells name their rows (`th scope="row"`), so a screen reader announces the row with each
   * cell. Turn it off for rows no one cell names.
   */
  hasRowHeaders?: boolean;
}

const cellClasses = 'px-4 py-2';

/** A bordered, horizontally scrolling table of rows, one column a field. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  hasRowHeaders = true,
}: DataTableProps<Row>) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn(cellClasses, 'font-medium')}>
                {column.isHeaderHidden ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t">
              {columns.map((column, index) =>
                hasRowHeaders && index === 0 ? (
                  <th
                    key={column.header}
                    scope="row"
                    className={cn(cellClasses, 'text-left font-normal', column.className)}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={cn(cellClasses, column.className)}>
                    {column.cell(row)}
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
