import { EQUIPMENT_FIELD_TYPES, type EquipmentFieldType } from '@ecc/contracts';
import { Button, FormField, Input, controlClasses, cn } from '@ecc/ui';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { emptyFieldDraft, type FieldDraft, type FieldDraftErrors } from './field-drafts.ts';

const TYPE_LABELS: Record<EquipmentFieldType, string> = {
  string: 'Text',
  number: 'Number',
  integer: 'Whole number',
  boolean: 'Yes / no',
  enum: 'Choice',
};

export interface FieldBuilderProps {
  drafts: readonly FieldDraft[];
  errors: Record<string, FieldDraftErrors>;
  /** Show errors only once the user tried to save, so an empty new field is not red at once. */
  isShowingErrors: boolean;
  onChange: (drafts: FieldDraft[]) => void;
}

/** Edits the fields of an equipment type: name, label, type, unit, required, options, bounds; reorder and remove. */
export function FieldBuilder({ drafts, errors, isShowingErrors, onChange }: FieldBuilderProps) {
  const update = (id: string, values: Partial<FieldDraft>) =>
    onChange(drafts.map((draft) => (draft.id === id ? { ...draft, ...values } : draft)));
  const move = (index: number, offset: number) => {
    const next = [...drafts];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + offset, 0, moved);
    onChange(next);
  };

  return (
    <div className="grid gap-3">
      <ol className="grid gap-3" aria-label="Fields">
        {drafts.map((draft, index) => {
          const draftErrors = isShowingErrors ? (errors[draft.id] ?? {}) : {};
          const isNumeric = draft.type === 'number' || draft.type === 'integer';
          const fieldNumber = index + 1;
          return (
            <li
              key={draft.id}
              className="grid gap-3 rounded-lg border p-3"
              aria-label={`Field ${fieldNumber}`}
            >
              <div className="grid gap-3 sm:grid-cols-3">
                <FormField label={`Field ${fieldNumber} label`} error={draftErrors.label}>
                  <Input
                    value={draft.label}
                    onChange={(event) => update(draft.id, { label: event.target.value })}
                  />
                </FormField>
                <FormField
                  label={`Field ${fieldNumber} name`}
                  error={draftErrors.name}
                  description="Stored key, e.g. chargeKg"
                >
                  <Input
                    value={draft.name}
                    spellCheck={false}
                    onChange={(event) => update(draft.id, { name: event.target.value })}
                  />
                </FormField>
                <FormField label={`Field ${fieldNumber} type`}>
                  <select
                    className={cn(controlClasses, 'h-9')}
                    value={draft.type}
                    onChange={(event) => update(draft.id, { type: event.target.value as EquipmentFieldType })}
                  >
                    {EQUIPMENT_FIELD_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {TYPE_LABELS[type]}
                      </option>
                    ))}
                  </select>
                </FormField>
              </div>
              {isNumeric ? (
                <div className="grid gap-3 sm:grid-cols-3">
                  <FormField label={`Field ${fieldNumber} unit`}>
                    <Input
                      value={draft.unit}
                      onChange={(event) => update(draft.id, { unit: event.target.value })}
                    />
                  </FormField>
                  <FormField label={`Field ${fieldNumber} minimum`} error={draftErrors.minimum}>
                    <Input
                      inputMode="decimal"
                      value={draft.minimum}
                      onChange={(event) => update(draft.id, { minimum: event.target.value })}
                    />
                  </FormField>
                  <FormField label={`Field ${fieldNumber} maximum`} error={draftErrors.maximum}>
                    <Input
                      inputMode="decimal"
                      value={draft.maximum}
                      onChange={(event) => update(draft.id, { maximum: event.target.value })}
                    />
                  </FormField>
                </div>
              ) : null}
              {draft.type === 'string' ? (
                <FormField
                  label={`Field ${fieldNumber} pattern`}
                  description="Optional: a regular expression the text must contain a match of, such as ^[A-Z]{2}-\d+$"
                  error={draftErrors.pattern}
                >
                  <Input
                    className="font-mono"
                    spellCheck={false}
                    value={draft.pattern}
                    onChange={(event) => update(draft.id, { pattern: event.target.value })}
                  />
                </FormField>
              ) : null}
              {draft.type === 'enum' ? (
                <FormField
                  label={`Field ${fieldNumber} options`}
                  description="Separated by commas"
                  error={draftErrors.options}
                >
                  <Input
                    value={draft.options}
                    onChange={(event) => update(draft.id, { options: event.target.value })}
                  />
                </FormField>
              ) : null}
              <div className="flex flex-wrap items-center justify-between gap-2">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="accent-primary size-4"
                    checked={draft.isRequired}
                    onChange={(event) => update(draft.id, { isRequired: event.target.checked })}
                  />
                  Field {fieldNumber} required
                </label>
                <div className="flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Move field ${fieldNumber} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpIcon />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Move field ${fieldNumber} down`}
                    disabled={index === drafts.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownIcon />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove field ${fieldNumber}`}
                    onClick={() => onChange(drafts.filter((each) => each.id !== draft.id))}
                  >
                    <Trash2Icon />
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => onChange([...drafts, emptyFieldDraft()])}
        >
          <PlusIcon /> Add field
        </Button>
      </div>
    </div>
  );
}
