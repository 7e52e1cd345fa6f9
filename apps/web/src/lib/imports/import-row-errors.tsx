import type { ImportRowErrorBody } from '@ecc/contracts';
import { Alert, AlertDescription, AlertTitle } from '@ecc/ui';

/** The errors by row, rows in the order the server named them (the file's order). */
export function errorsByRow(errors: readonly ImportRowErrorBody[]): [number, ImportRowErrorBody[]][] {
  const rows = new Map<number, ImportRowErrorBody[]>();
  for (const error of errors) rows.set(error.row, [...(rows.get(error.row) ?? []), error]);
  return [...rows];
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString()} ${noun}${count === 1 ? '' : 's'}`;
}

/** `3 errors in 2 rows`. */
export function rowErrorCount(errors: readonly ImportRowErrorBody[]): string {
  return `${plural(errors.length, 'error')} in ${plural(errorsByRow(errors).length, 'row')}`;
}

/**
 * Every error, grouped by row so that all of a row's problems are read together, and shown in full: a user fixes
 * a file from this list, so none is hidden behind a "more" link.
 */
export function ImportRowErrors({ title, errors }: { title: string; errors: readonly ImportRowErrorBody[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert kind="error">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <ul className="grid max-h-64 list-none gap-2 overflow-auto" aria-label="Row errors">
          {errorsByRow(errors).map(([row, rowErrors]) => (
            <li key={row}>
              <span className="font-medium">Row {row}</span>
              <ul aria-label={`Errors of row ${row}`} className="list-disc pl-5">
                {rowErrors.map((error, index) => (
                  <li key={`${error.column}-${index}`}>
                    {error.column ? `${error.column}: ` : ''}
                    {error.message}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

/** A determinate bar while rows are written. */
export function ImportProgressBar({ label, done, total }: { label: string; done: number; total: number }) {
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="bg-muted h-2 w-full overflow-hidden rounded"
      >
        <div className="bg-primary h-full transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-muted-foreground text-xs">
        {done.toLocaleString()} of {total.toLocaleString()} written
      </p>
    </div>
  );
}
