import { describeCron } from '@ecc/domain';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { Input } from './input.tsx';
import { Label } from './label.tsx';

export interface CronFieldProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> {
  value: string;
  onChange: (value: string) => void;
  /** The user's locale, for the description ('en', 'de', 'zh-CN', …). */
  locale?: string;
  label?: ReactNode;
  isZeroBasedMonth?: boolean;
  isOneBasedDayOfWeek?: boolean;
}

/**
 * A cron expression input that says, as the user types, what the schedule means, or which part is wrong and
 * why. The feedback is a polite live region so screen readers announce it without interrupting.
 */
export function CronField({
  value,
  onChange,
  locale,
  label,
  isZeroBasedMonth,
  isOneBasedDayOfWeek,
  id,
  className,
  ...props
}: CronFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const feedbackId = `${inputId}-feedback`;
  const isEmpty = value.trim() === '';
  const result = isEmpty ? undefined : describeCron(value, { locale, isZeroBasedMonth, isOneBasedDayOfWeek });
  const isInvalid = result !== undefined && !result.ok;
  return (
    <div className={cn('grid gap-2', className)}>
      {label !== undefined && <Label htmlFor={inputId}>{label}</Label>}
      <Input
        id={inputId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={feedbackId}
        aria-invalid={isInvalid || undefined}
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        {...props}
      />
      <div id={feedbackId} aria-live="polite" className="min-h-5 text-sm">
        {result?.ok === true && <p className="text-muted-foreground">{result.description}</p>}
        {result?.ok === false &&
          (result.errors.length > 0 ? (
            <ul className="grid gap-0.5 text-destructive">
              {result.errors.map((error) => (
                <li key={error.message}>{error.message}</li>
              ))}
            </ul>
          ) : (
            <p className="text-destructive">{result.message}</p>
          ))}
      </div>
    </div>
  );
}
