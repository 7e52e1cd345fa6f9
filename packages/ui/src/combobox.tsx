import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { Input } from './input.tsx';

export interface ComboboxOption {
  /** What choosing the option puts in the text box. */
  value: string;
  label: ReactNode;
  /** A second line under the label (e.g. where the option comes from). */
  description?: ReactNode;
}

export interface ComboboxProps {
  /** The text in the box; the caller searches with it and answers `options`. */
  value: string;
  onValueChange: (value: string) => void;
  options: readonly ComboboxOption[];
  /** The popup's accessible name, e.g. "Emission factors". */
  listLabel: string;
  /** Said in the popup while there are no options: "Searching…", "No factor matches". */
  emptyMessage?: ReactNode;
  /** A line after the options, e.g. "12 more: type more words". */
  footer?: ReactNode;
  id?: string;
  placeholder?: string;
  className?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

/**
 * A text box with a list of suggestions, following the WAI-ARIA combobox pattern (list autocomplete without
 * automatic selection): typing opens the list, Down and Up move through it (Alt+Down opens it), Enter picks the
 * active option, Escape closes the list. While the list is open, Enter and Escape stop here, so a form or row
 * around the box that saves on Enter or cancels on Escape does not also act.
 */
export function Combobox({
  value,
  onValueChange,
  options,
  listLabel,
  emptyMessage,
  footer,
  id,
  placeholder,
  className,
  'aria-describedby': describedBy,
  'aria-invalid': isInvalid,
}: ComboboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listId = `${inputId}-listbox`;
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const active = isOpen && activeIndex >= 0 && activeIndex < options.length ? activeIndex : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const open = () => {
    setIsOpen(true);
    setActiveIndex(-1);
  };
  const close = () => {
    setIsOpen(false);
    setActiveIndex(-1);
  };
  const choose = (option: ComboboxOption) => {
    onValueChange(option.value);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) {
          setIsOpen(true);
          setActiveIndex(event.altKey || options.length === 0 ? -1 : 0);
        } else if (options.length > 0) {
          setActiveIndex((active + 1) % options.length);
        }
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!isOpen) {
          setIsOpen(true);
          setActiveIndex(options.length - 1);
        } else if (options.length > 0) {
          setActiveIndex(active <= 0 ? options.length - 1 : active - 1);
        }
        break;
      case 'Enter': {
        const option = options[active];
        if (isOpen && option !== undefined) {
          event.preventDefault();
          event.stopPropagation();
          choose(option);
        } else if (isOpen) {
          close();
        }
        break;
      }
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
      default:
        break;
    }
  };

  return (
    <div className={cn('relative', className)}>
      <Input
        id={inputId}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={isInvalid}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          open();
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <div
        hidden={!isOpen}
        className="absolute z-50 mt-1 w-full min-w-96 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        <div id={listId} role="listbox" aria-label={listLabel} className="max-h-80 overflow-y-auto">
          {options.map((option, index) => (
            <div
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={cn(
                'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                index === active && 'bg-accent text-accent-foreground',
              )}
              // Keeps the focus in the text box, so choosing with the mouse does not close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActiveIndex(index)}
              onClick={() => choose(option)}
            >
              <div>{option.label}</div>
              {option.description !== undefined && (
                <div className="text-xs text-muted-foreground">{option.description}</div>
              )}
            </div>
          ))}
        </div>
        {options.length === 0 && emptyMessage !== undefined && (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">{emptyMessage}</p>
        )}
        {footer !== undefined && options.length > 0 && (
          <p className="border-t px-2 py-1.5 text-xs text-muted-foreground">{footer}</p>
        )}
      </div>
    </div>
  );
}
