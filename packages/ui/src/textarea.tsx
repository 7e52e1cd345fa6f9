import type { ComponentProps } from 'react';
import { cn } from './cn.ts';
import { controlClasses } from './input.tsx';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(controlClasses, 'min-h-16 py-2', className)} {...props} />;
}
