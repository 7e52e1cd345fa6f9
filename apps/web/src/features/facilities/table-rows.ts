export type SortDirection = 'ascending' | 'descending';

export interface SortState<Key extends string> {
  key: Key;
  direction: SortDirection;
}

type SortValue = string | number | boolean | null | undefined;

/** The next sort after a click on a column: the same column flips, another column starts ascending. */
export function nextSort<Key extends string>(current: SortState<Key>, key: Key): SortState<Key> {
  if (current.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(left: SortValue, right: SortValue): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (typeof left === 'boolean' && typeof right === 'boolean') return Number(left) - Number(right);
  return collator.compare(String(left), String(right));
}

/**
 * A sorted copy; rows without a value go last in either direction, because an empty cell at the top of a
 * descending sort hides the values the user asked to see. Equal values keep their order (a stable sort).
 */
export function sortRows<Row, Key extends string>(
  rows: readonly Row[],
  sort: SortState<Key>,
  valueOf: (row: Row, key: Key) => SortValue,
): Row[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: valueOf(row, sort.key) }));
  keyed.sort((left, right) => {
    const isLeftEmpty = left.value === null || left.value === undefined || left.value === '';
    const isRightEmpty = right.value === null || right.value === undefined || right.value === '';
    if (isLeftEmpty || isRightEmpty) return Number(isLeftEmpty) - Number(isRightEmpty);
    return sign * compareValues(left.value, right.value);
  });
  return keyed.map((entry) => entry.row);
}

/** Rows in which every word of the filter appears in one of the row's texts, ignoring case. */
export function filterRows<Row>(
  rows: readonly Row[],
  filter: string,
  textsOf: (row: Row) => readonly (string | number | null | undefined)[],
): Row[] {
  const words = filter.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = textsOf(row)
      .filter((text) => text !== null && text !== undefined)
      .join(' ')
      .toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** The aria-sort value of a column header. */
export function ariaSort<Key extends string>(sort: SortState<Key>, key: Key): SortDirection | 'none' {
  return sort.key === key ? sort.direction : 'none';
}
