import { EQUIPMENT_FIELD_TYPES, type EquipmentFieldType } from '@ecc/contracts';
import { Button, FormField, Input, selectClasses } from '@ecc/ui';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { EquipmentTypeFormValues, EquipmentTypeRequest } from './equipment-type-form.ts';
import { emptyFieldDraft } from './field-drafts.ts';

const TYPE_LABELS: Record<EquipmentFieldType, string> = {
  string: 'Text',
  number: 'Number',
  integer: 'Whole number',
  boolean: 'Yes / no',
  enum: 'Choice',
};

export interface FieldBuilderProps {
  /** The type builder's form, whose `drafts` this edits. */
  form: UseFormReturn<EquipmentTypeFormValues, unknown, EquipmentTypeRequest>;
}

/** Edits the fields of an equipment type: name, label, type, unit, required, options, bounds; reorder and remove. */
export function FieldBuilder({ form }: FieldBuilderProps) {
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = form;
  const { fields: drafts, append, move, remove } = useFieldArray({ control, name: 'drafts' });
  const types = watch('drafts').map((draft) => draft.type);
  const listError = errors.drafts?.root?.message ?? errors.drafts?.message;

  return (
    <div className="grid gap-3">
      <ol className="grid gap-3" aria-label="Fields">
        {drafts.map((draft, index) => {
          const draftErrors = errors.drafts?.[index];
          const type = types[index] ?? draft.type;
          const isNumeric = type === 'number' || type === 'integer';
          const fieldNumber = index + 1;
          return (
            <li
              key={draft.id}
              className="grid gap-3 rounded-lg border p-3"
              aria-label={`Field ${fieldNumber}`}
            >
              <div className="grid gap-3 sm:grid-cols-3">
                <FormField label={`Field ${fieldNumber} label`} error={draftErrors?.label?.message}>
                  <Input {...register(`drafts.${index}.label`)} />
                </FormField>
                <FormField
                  label={`Field ${fieldNumber} name`}
                  error={draftErrors?.name?.message}
                  description="Stored key, e.g. chargeKg"
                >
                  <Input spellCheck={false} {...register(`drafts.${index}.name`)} />
                </FormField>
                <FormField label={`Field ${fieldNumber} type`}>
                  <select className={selectClasses} {...register(`drafts.${index}.type`)}>
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
                    <Input {...register(`drafts.${index}.unit`)} />
                  </FormField>
                  <FormField label={`Field ${fieldNumber} minimum`} error={draftErrors?.minimum?.message}>
                    <Input inputMode="decimal" {...register(`drafts.${index}.minimum`)} />
                  </FormField>
                  <FormField label={`Field ${fieldNumber} maximum`} error={draftErrors?.maximum?.message}>
                    <Input inputMode="decimal" {...register(`drafts.${index}.maximum`)} />
                  </FormField>
                </div>
              ) : null}
              {type === 'string' ? (
                <FormField
                  label={`Field ${fieldNumber} pattern`}
                  description="Optional: a regular expression the text must contain a match of, such as ^[A-Z]{2}-\d+$"
                  error={draftErrors?.pattern?.message}
                >
                  <Input className="font-mono" spellCheck={false} {...register(`drafts.${index}.pattern`)} />
                </FormField>
              ) : null}
              {type === 'enum' ? (
                <FormField
                  label={`Field ${fieldNumber} options`}
                  description="Separated by commas"
                  error={draftErrors?.options?.message}
                >
                  <Input {...register(`drafts.${index}.options`)} />
                </FormField>
              ) : null}
              <div className="flex flex-wrap items-center justify-between gap-2">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="accent-primary size-4"
                    {...register(`drafts.${index}.isRequired`)}
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
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUpIcon />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Move field ${fieldNumber} down`}
                    disabled={index === drafts.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDownIcon />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove field ${fieldNumber}`}
                    onClick={() => remove(index)}
                  >
                    <Trash2Icon />
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="grid gap-1">
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => append(emptyFieldDraft())}>
            <PlusIcon /> Add field
          </Button>
        </div>
        {listError === undefined ? null : (
          <p role="alert" className="text-destructive text-sm">
            {listError}
          </p>
        )}
      </div>
    </div>
  );
}
