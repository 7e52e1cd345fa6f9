import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn.ts';

export interface EmptyStateProps extends Omit<ComponentProps<'section'>, 'title'> {
  /** A decorative icon, e.g. a lucide-react icon element. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** What the user can do next, e.g. a Button. */
  action?: ReactNode;
}

/** Stands in for content that does not exist yet: what is missing, why, and what to do about it. */
export function EmptyState({ icon, title, description, action, className, ...props }: EmptyStateProps) {
  return (
    <section
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-8 text-center',
        className,
      )}
      {...props}
    >
      {icon !== undefined && (
        <div aria-hidden="true" className="text-muted-foreground [&_svg]:size-10">
          {icon}
        </div>
      )}
      <h2 className="text-lg font-semibold">{title}</h2>
      {description !== undefined && (
        <p className="max-w-prose text-sm text-muted-foreground">{description}</p>
      )}
      {action !== undefined && <div className="mt-2">{action}</div>}
    </section>
  );
}
