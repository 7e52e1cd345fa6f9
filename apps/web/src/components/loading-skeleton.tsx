import { Skeleton, cn } from '@ecc/ui';
import type { ComponentProps } from 'react';

const LIST_ROWS = ['h-10', 'h-10'];

export interface LoadingSkeletonProps extends ComponentProps<'div'> {
  /** Names what is loading for assistive technology, e.g. "Loading invitations". */
  label: string;
  /** One class list a placeholder, shaped like what is coming; two rows of a list when left out. */
  skeletons?: readonly string[];
}

/** Placeholders stacked where a list, form or page is about to appear. */
export function LoadingSkeleton({ label, skeletons = LIST_ROWS, className, ...props }: LoadingSkeletonProps) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={cn('grid gap-2', className)} {...props}>
      {skeletons.map((skeleton, index) => (
        <Skeleton key={index} className={skeleton} />
      ))}
    </div>
  );
}
