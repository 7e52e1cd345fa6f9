import { businessUnitInputSchema, type BusinessUnitDto, type BusinessUnitValues } from '@ecc/contracts';
import { FormDialog, FormField, Input, selectClasses } from '@ecc/ui';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import {
  businessUnitFormValues,
  businessUnitRequestOf,
  type BusinessUnitFormValues,
} from './organisation-forms.ts';

const FIELDS = ['name', 'code', 'parentId'] as const;

export interface BusinessUnitOption {
  id: string;
  name: string;
  depth: number;
}

export interface BusinessUnitDialogProps {
  /** The unit to rename or move; a new one when absent. */
  unit?: BusinessUnitDto;
  /** The parent a new unit starts under. */
  parentId?: string;
  /** The units it may sit under (for an edit, neither the unit itself nor any unit below it). */
  parents: readonly BusinessUnitOption[];
  onSave: (values: BusinessUnitValues) => Promise<unknown>;
  onClose: () => void;
}

/** Create a business unit, or rename, recode or move one: checked with the contract's schema before it is sent. */
export function BusinessUnitDialog({ unit, parentId, parents, onSave, onClose }: BusinessUnitDialogProps) {
  const isNew = unit === undefined;
  const { form, submit, formError } = useContractForm<BusinessUnitFormValues, BusinessUnitValues>({
    schema: businessUnitInputSchema,
    defaultValues: businessUnitFormValues(unit, parentId),
    toRequest: businessUnitRequestOf,
    fieldOf: topLevelFieldOf(FIELDS),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = submit(async (values) => {
    await onSave(values);
    onClose();
  });

  return (
    <FormDialog
      title={isNew ? 'New business unit' : `Edit ${unit.name}`}
      description="Business units group facilities for the inventory, by region, division or legal entity."
      formLabel={isNew ? 'New business unit' : 'Edit business unit'}
      submitLabel={isNew ? 'Create unit' : 'Save changes'}
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
    >
      <div className="grid gap-4">
        <FormField label="Name" error={errors.name?.message}>
          <Input autoComplete="off" {...register('name')} />
        </FormField>
        <FormField label="Code" error={errors.code?.message} description="Optional, unique in the realm.">
          <Input autoComplete="off" {...register('code')} />
        </FormField>
        <FormField label="Parent unit" error={errors.parentId?.message}>
          <select className={selectClasses} {...register('parentId')}>
            <option value="">None (top level)</option>
            {parents.map((option) => (
              <option key={option.id} value={option.id}>
                {`${'\u2003'.repeat(option.depth)}${option.name}`}
              </option>
            ))}
          </select>
        </FormField>
      </div>
    </FormDialog>
  );
}
