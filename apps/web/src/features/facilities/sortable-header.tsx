import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { cn } from '@ecc/ui';
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
