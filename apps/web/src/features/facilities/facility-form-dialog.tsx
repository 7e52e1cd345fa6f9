import {
  FACILITY_BOUNDARY_FIELDS,
  FACILITY_FIELD_LABELS,
  FACILITY_FIELDS,
  facilitySlugOf,
  type FacilityDto,
  type FacilityValues,
} from '@ecc/contracts';
import { inTreeOrder } from '@ecc/domain';
import { FormDialog, FormField, Input, selectClasses } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { businessUnitsQueryOptions } from '#lib/organisation/business-units-query.ts';
import { facilitySectorsQuery } from './facility-api.ts';
import {
  EMPTY_FACILITY_FORM,
  facilityFormSchema,
  facilityToFormValues,
  type FacilityFormValues,
} from './facility-form.ts';

export interface FacilityFormDialogProps {
  /** The facility to edit; a new one when absent. */
  facility?: FacilityDto;
  /** Saves; a refusal's messages are shown on the fields they name, the rest above the buttons. */
  onSave: (values: FacilityValues) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Create or edit a facility: name, slug, sector, NAICS, address, country, coordinates, its business unit,
 * the realm's ownership share and whether it is inside the reporting boundary (why not, when not), checked with the
 * contract's schema before it is sent. A new facility's slug follows its name until the user types one; an
 * existing facility's slug is shown but fixed.
 */
export function FacilityFormDialog({ facility, onSave, onClose }: FacilityFormDialogProps) {
  const isNew = facility === undefined;
  const sectors = useQuery(facilitySectorsQuery);
  const businessUnits = useQuery(businessUnitsQueryOptions);
  const unitOptions = inTreeOrder(businessUnits.data?.results ?? [], () => 0);
  const [isSlugTyped, setIsSlugTyped] = useState(!isNew);
  const { form, submit, formError } = useContractForm<FacilityFormValues, FacilityValues>({
    schema: facilityFormSchema,
    defaultValues: facility ? facilityToFormValues(facility) : EMPTY_FACILITY_FORM,
    fieldOf: topLevelFieldOf([...FACILITY_FIELDS, ...FACILITY_BOUNDARY_FIELDS]),
  });
  const {
    register,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const isInBoundary = watch('isInBoundary');

  const onSubmit = submit(async (values) => {
    await onSave(values);
    onClose();
  });

  const name = register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!isSlugTyped) setValue('slug', facilitySlugOf(event.target.value));
    },
  });
  const field = (key: keyof FacilityFormValues) => errors[key]?.message;

  return (
    <FormDialog
      title={isNew ? 'New facility' : `Edit ${facility.name}`}
      description={
        isNew
          ? 'A site that emits: it appears in the list and on the map, ready for activity data.'
          : 'Changes show in the list, on the map and on the facility’s page.'
      }
      formLabel={isNew ? 'New facility' : 'Edit facility'}
      submitLabel={isNew ? 'Create facility' : 'Save changes'}
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={FACILITY_FIELD_LABELS.name} error={field('name')} className="sm:col-span-2">
          <Input autoComplete="off" {...name} />
        </FormField>
        <FormField
          label={FACILITY_FIELD_LABELS.slug}
          error={field('slug')}
          description={
            isNew
              ? 'The facility’s address in the product; it cannot change later.'
              : 'Fixed: links to the facility use it.'
          }
        >
          <Input
            autoComplete="off"
            readOnly={!isNew}
            {...register('slug', { onChange: () => setIsSlugTyped(true) })}
          />
        </FormField>
        <FormField label={FACILITY_FIELD_LABELS.sector} error={field('sector')}>
          <Input autoComplete="off" list="facility-sector-options" {...register('sector')} />
        </FormField>
        <datalist id="facility-sector-options">
          {sectors.data?.results.map((entry) => (
            <option key={entry.sector} value={entry.sector} />
          ))}
        </datalist>
        <FormField label={FACILITY_FIELD_LABELS.naics} error={field('naics')}>
          <Input inputMode="numeric" autoComplete="off" {...register('naics')} />
        </FormField>
        <FormField
          label={FACILITY_FIELD_LABELS.country}
          error={field('country')}
          description="Two letters, such as US or GB."
        >
          <Input autoComplete="country" maxLength={2} {...register('country')} />
        </FormField>
        <FormField label={FACILITY_FIELD_LABELS.address} error={field('address')} className="sm:col-span-2">
          <Input autoComplete="street-address" {...register('address')} />
        </FormField>
        <FormField label={FACILITY_FIELD_LABELS.city} error={field('city')}>
          <Input autoComplete="address-level2" {...register('city')} />
        </FormField>
        <FormField label={FACILITY_FIELD_LABELS.state} error={field('state')}>
          <Input autoComplete="address-level1" {...register('state')} />
        </FormField>
        <FormField label={FACILITY_FIELD_LABELS.postalCode} error={field('postalCode')}>
          <Input autoComplete="postal-code" {...register('postalCode')} />
        </FormField>
        <div />
        <FormField
          label={FACILITY_FIELD_LABELS.latitude}
          error={field('latitude')}
          description="Decimal degrees, −90 to 90."
        >
          <Input inputMode="decimal" autoComplete="off" {...register('latitude')} />
        </FormField>
        <FormField
          label={FACILITY_FIELD_LABELS.longitude}
          error={field('longitude')}
          description="Decimal degrees, −180 to 180."
        >
          <Input inputMode="decimal" autoComplete="off" {...register('longitude')} />
        </FormField>
        <FormField
          label="Business unit"
          error={field('businessUnitId')}
          description={businessUnits.isError ? 'The business units could not be loaded.' : undefined}
        >
          {/* Mounted again once the units arrive, so the stored unit is selected among its options. */}
          <select
            key={businessUnits.data ? 'loaded' : 'loading'}
            className={selectClasses}
            {...register('businessUnitId')}
          >
            <option value="">None</option>
            {unitOptions.map(({ unit, depth }) => (
              <option key={unit.id} value={unit.id}>
                {`${'\u2003'.repeat(depth)}${unit.name}`}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label="Ownership share (%)"
          error={field('ownershipSharePercent')}
          description="More than 0, at most 100; equity share consolidation scales by it."
        >
          <Input inputMode="decimal" autoComplete="off" {...register('ownershipSharePercent')} />
        </FormField>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" {...register('isInBoundary')} />
          Inside the reporting boundary (operational and financial control count it in full)
        </label>
        {isInBoundary ? null : (
          <FormField
            label="Why it is outside the boundary"
            error={field('boundaryExclusionReason')}
            className="sm:col-span-2"
          >
            <Input autoComplete="off" {...register('boundaryExclusionReason')} />
          </FormField>
        )}
      </div>
    </FormDialog>
  );
}
