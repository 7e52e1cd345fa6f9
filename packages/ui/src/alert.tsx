import type { AlertKind } from '@ecc/contracts';
import { cva } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

/* Text stays in the foreground colour on a faint tint of the kind's colour, so every theme keeps its contrast;
   the border and the icon carry the kind. */
const kindClasses: Record<AlertKind, string> = {
  info: 'border-border bg-muted [&>svg]:text-muted-foreground',
  error: 'border-destructive/60 bg-destructive/10 [&>svg]:text-destructive',
  accent: 'border-accent-foreground/30 bg-accent text-accent-foreground [&>svg]:text-accent-foreground',
  primary: 'border-primary/60 bg-primary/10 [&>svg]:text-primary',
  success: 'border-success/60 bg-success/10 [&>svg]:text-success',
  warning: 'border-warning/70 bg-warning/15 [&>svg]:text-warning-foreground',
  secondary: 'border-border bg-secondary text-secondary-foreground [&>svg]:text-secondary-foreground',
};

export const alertVariants = cva(
  'relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border px-4 py-3 text-sm text-foreground has-[>svg]:grid-cols-[calc(var(--spacing)*4)_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5',
  { variants: { kind: kindClasses }, defaultVariants: { kind: 'info' } },
);

/** Errors and warnings interrupt a screen reader; the other kinds wait their turn. */
const ASSERTIVE_KINDS: ReadonlySet<AlertKind> = new Set(['error', 'warning']);

export interface AlertProps extends ComponentProps<'div'> {
  kind?: AlertKind;
}

export function Alert({ kind = 'info', className, ...props }: AlertProps) {
  return (
    <div
      role={ASSERTIVE_KINDS.has(kind) ? 'alert' : 'status'}
      data-kind={kind}
      className={cn(alertVariants({ kind }), className)}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('col-start-2 font-medium leading-tight tracking-tight', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('col-start-2 grid gap-1 text-sm [&_p]:leading-relaxed', className)} {...props} />;
}
