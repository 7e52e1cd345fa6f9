import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

export const controlClasses =
  'w-full min-w-0 rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 md:text-sm';

/** A native select sized like `Input` (the control classes set no height; an input adds `h-9`). */
export const selectClasses = `${controlClasses} h-9`;

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        controlClasses,
        'h-9 py-1 file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium',
        className,
      )}
      {...props}
    />
  );
}
