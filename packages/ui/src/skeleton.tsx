import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

/** A placeholder shaped like the content being loaded; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
