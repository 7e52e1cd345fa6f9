import { cn, Label, selectClasses } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { reportingYearsQuery } from './reporting-years-query.ts';
import { useSelectedYear } from './use-selected-year.ts';

/**
 * The period selector shared by the overview, the facility list and the facility view: the realm's years with
 * data, latest first, kept in the URL as `?year=`. `shownYear` is the year the screen shows (the server's choice
 * when the URL names none), so the selector always says which year the figures are of.
 */
export function YearSelect({
  shownYear,
  className,
  latestLabel,
}: {
  shownYear: number | null;
  className?: string;
  /** Offered first where a screen can show each item's own latest year (the facility list), as no year. */
  latestLabel?: string;
}) {
  const id = useId();
  const { selectYear } = useSelectedYear();
  const years = useQuery(reportingYearsQuery);
  const options = [
    ...new Set([...(years.data?.years ?? []), ...(shownYear === null ? [] : [shownYear])]),
  ].sort((left, right) => right - left);
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>Year</Label>
      <select
        id={id}
        className={cn(selectClasses, 'w-32')}
        value={shownYear ?? ''}
        disabled={options.length === 0 && latestLabel === undefined}
        aria-describedby={years.isError ? `${id}-error` : undefined}
        onChange={(event) => selectYear(event.target.value === '' ? undefined : Number(event.target.value))}
      >
        {latestLabel !== undefined && <option value="">{latestLabel}</option>}
        {options.length === 0 && latestLabel === undefined && <option value="">No data yet</option>}
        {options.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
      {years.isError && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          The other years could not be loaded.
        </p>
      )}
    </div>
  );
}
