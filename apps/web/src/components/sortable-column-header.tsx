/**
 * A column header that sorts its table: a button inside the `th`, the direction announced by `aria-sort` and shown
 * by an arrow.
 */
export function SortableColumnHeader({
  header,
  isSorted,
  isDescending,
  className,
  onSort,
}: {
  header: string;
  isSorted: boolean;
  isDescending: boolean;
  className: string;
  onSort: () => void;
}) {
  return (
    <th
      scope="col"
      aria-sort={isSorted ? (isDescending ? 'descending' : 'ascending') : 'none'}
      className={className}
    >
      <button type="button" className="underline-offset-4 hover:underline" onClick={onSort}>
        {header}
        {isSorted ? (isDescending ? ' ↓' : ' ↑') : ''}
      </button>
    </th>
  );
}
