import type { ButtonSize, ButtonVariant } from '@ecc/contracts';
import { cva } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn.ts';
import { LoadingIcon } from './loading-icon.tsx';

const variantClasses: Record<ButtonVariant, string> = {
  default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
  destructive: 'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90',
  outline: 'border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
  secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
  warning: 'bg-warning text-warning-foreground shadow-xs hover:bg-warning/90',
  success: 'bg-success text-success-foreground shadow-xs hover:bg-success/90',
  ghost: 'hover:bg-accent hover:text-accent-foreground',
  link: 'text-primary underline-offset-4 hover:underline',
};

const sizeClasses: Record<ButtonSize, string> = {
  xs: 'h-7 gap-1 rounded-md px-2 text-xs',
  sm: 'h-8 gap-1.5 rounded-md px-3',
  default: 'h-9 px-4 py-2',
  lg: 'h-10 rounded-md px-6',
  xl: 'h-12 rounded-lg px-8 text-base',
  icon: 'size-9',
};

export const buttonVariants = cva(
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*=size-])]:size-4',
  {
    variants: { variant: variantClasses, size: sizeClasses },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the only child (a link, say) with the button's look instead of a <button>. */
  asChild?: boolean;
  /** Shows a spinner, marks the button busy and disables it until the work is done. */
  isLoading?: boolean;
}

export function Button({
  variant,
  size,
  asChild = false,
  isLoading = false,
  className,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    return (
      <Slot.Root className={classes} aria-busy={isLoading || undefined} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type="button"
      data-variant={variant ?? 'default'}
      data-size={size ?? 'default'}
      className={classes}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...props}
    >
      {isLoading && <LoadingIcon className="animate-spin" />}
      {children}
    </button>
  );
}
