import { Spinner } from '@ecc/ui';

/** Shown while a route's guards or code take longer than the router's pending delay. */
export function PagePending() {
  return (
    <div className="text-muted-foreground flex min-h-48 items-center justify-center">
      <Spinner label="Loading page" />
    </div>
  );
}
