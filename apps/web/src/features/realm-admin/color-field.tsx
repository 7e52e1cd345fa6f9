import { Input, Label, cn } from '@ecc/ui';
import { pickerValue } from './theme-editing.ts';

export interface ColorFieldProps {
  id: string;
  label: string;
  /** Hex as typed; empty when the slot is not set. */
  value: string;
  error?: string;
  isDisabled?: boolean;
  onChange: (value: string) => void;
  /** Called when the text field loses focus, to check what was typed. */
  onBlur: () => void;
}

/** A colour slot: a picker and the hex it stands for, either one editing the other; empty means the default. */
export function ColorField({ id, label, value, error, isDisabled, onChange, onBlur }: ColorFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className={cn(error && 'text-destructive')}>
        {label}
      </Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} colour picker`}
          className="border-input h-9 w-10 shrink-0 cursor-pointer rounded-md border bg-transparent p-0.5 disabled:cursor-not-allowed"
          value={pickerValue(value)}
          disabled={isDisabled}
          onChange={(event) => onChange(event.target.value)}
        />
        <Input
          id={id}
          value={value}
          placeholder="Default"
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
          disabled={isDisabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value.trim())}
          onBlur={onBlur}
        />
      </div>
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
