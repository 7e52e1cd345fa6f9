import type { ReactNode } from 'react';

/** A page's h1 and an optional lead paragraph. */
export function PageHeader({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="mb-6 grid gap-1">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {description !== undefined ? <p className="text-muted-foreground max-w-prose">{description}</p> : null}
    </div>
  );
}
