import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { cn } from '@ecc/ui';
import type { ReactNode } from 'react';
import { ariaSort, nextSort, type SortState } from './table-rows.ts';

interface SortableHeaderProps<Key extends string> {
  columnKey: Key;
  label: string;
  sort: SortState<Key>;
  onSort: (sort: SortState<Key>) => void;
  isNumeric?: boolean | undefined;
}

/** A column header whose button sorts by the column; aria-sort tells a screen reader the current order. */
export function SortableHeader<Key extends string>({
  columnKey,
  label,
  sort,
  onSort,
  isNumeric,
}: SortableHeaderProps<Key>) {
  const direction = ariaSort(sort, columnKey);
  const Icon =
    direction === 'ascending' ? ArrowUpIcon : direction === 'descending' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <div role="columnheader" aria-sort={direction} className={cn('px-1 py-1', isNumeric && 'text-right')}>
      <button
        type="button"
        className={cn(
          'inline-flex h-8 cursor-pointer items-center gap-1 rounded px-2 font-medium whitespace-nowrap hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
          isNumeric && 'flex-row-reverse',
        )}
        onClick={() => onSort(nextSort(sort, columnKey))}
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', direction === 'none' && 'opacity-40')} />
      </button>
    </div>
  );
}

export interface SortableColumn<Key extends string> {
  key: Key;
  label: string;
  isNumeric?: boolean;
}

/** The header row of a grid table: a sorting header per column, then any headers that do not sort. */
export function SortableHeaderRow<Key extends string>({
  columns,
  sort,
  onSort,
  gridClassName,
  children,
}: {
  columns: readonly SortableColumn<Key>[];
  sort: SortState<Key>;
  onSort: (sort: SortState<Key>) => void;
  /** The grid's column template, shared with the body rows. */
  gridClassName: string;
  children?: ReactNode;
}) {
  return (
    <div role="rowgroup" className="border-b bg-muted/50">
      <div role="row" aria-rowindex={1} className={`grid ${gridClassName}`}>
        {columns.map((column) => (
          <SortableHeader
            key={column.key}
            columnKey={column.key}
            label={column.label}
            sort={sort}
            onSort={onSort}
            isNumeric={column.isNumeric}
          />
        ))}
        {children}
      </div>
    </div>
  );
}
