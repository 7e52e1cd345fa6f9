import type { ImportRowErrorBody } from '@ecc/contracts';
import { Alert, AlertDescription, AlertTitle } from '@ecc/ui';

/** Shown in full: a user fixes a file from this list, so no error is hidden behind a "more" link. */
export function ImportRowErrors({ title, errors }: { title: string; errors: readonly ImportRowErrorBody[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert kind="error">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <ul className="max-h-48 list-none overflow-auto" aria-label="Row errors">
          {errors.map((error, index) => (
            <li key={`${error.row}-${error.column}-${index}`}>
              Row {error.row}
              {error.column ? `, column ${error.column}` : ''}: {error.message}
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
