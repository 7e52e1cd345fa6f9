import type { ComponentProps } from 'react';
import { cn } from './cn.ts';
import { LoadingIcon } from './loading-icon.tsx';

export interface SpinnerProps extends Omit<ComponentProps<'span'>, 'children'> {
  /** What is loading, read out by screen readers. */
  label?: string;
}

export function Spinner({ label = 'Loading', className, ...props }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex', className)} {...props}>
      <LoadingIcon className="size-4 animate-spin" />
    </span>
  );
}
