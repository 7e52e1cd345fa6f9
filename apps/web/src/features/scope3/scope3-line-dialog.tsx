import {
  DATA_QUALITY_INDICATOR_LABELS,
  PRICE_BASES,
  SCOPE3_CATEGORIES,
  SCOPE3_CATEGORY_NAMES,
  SCOPE3_METHODS,
  SCOPE3_METHOD_LABELS,
  TRANSPORT_MODES,
  TRANSPORT_MODE_LABELS,
  WASTE_TREATMENTS,
  WASTE_TREATMENT_LABELS,
  scope3LineInputSchema,
  type EeioFactorDto,
  type Scope3LineDto,
  type Scope3LineInput,
  type Scope3LineValues,
} from '@ecc/contracts';
import { FACTOR_LIBRARY_BY_ID, HUB_WASTE_MATERIALS, UNITS } from '@ecc/domain';
import { FormDialog, FormField, Input, selectClasses } from '@ecc/ui';
import { Controller } from 'react-hook-form';
import { FacilityPicker } from '#components/facility-picker.tsx';
import type { FieldOfPath } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import {
  DATA_QUALITY_FIELDS,
  pickedLibraryFactorId,
  scope3LineFormValues,
  scope3LineRequestOf,
  type Scope3LineFormValues,
} from './scope3-forms.ts';

type Field = keyof Scope3LineFormValues;
const FIELDS = Object.keys(scope3LineFormValues({ category: 1, year: 2000, facilityId: '' })) as Field[];

/** A refusal's path, in the create request or under `line` in the change request, to the field that shows it. */
const fieldOf: FieldOfPath<Field> = (path) => {
  const rest = path[0] === 'line' ? path.slice(1) : path;
  const name = rest[0] === 'dataQuality' ? rest[1] : rest[0];
  return FIELDS.find((field) => field === name);
};

export interface Scope3LineDialogProps {
  defaults: { category: number; year: number; facilityId: string };
  /** The name of `defaults.facilityId`, shown in the facility box until another is chosen. */
  defaultFacilityName?: string;
  /** The line to change; a new one when absent. */
  line?: Scope3LineDto;
  eeioFactors: readonly EeioFactorDto[];
  onSave: (request: Scope3LineInput) => Promise<unknown>;
  onClose: () => void;
}

/**
 * One Scope 3 line: its category and method, then what the method needs (spend with its currency, year, price
 * basis and NAICS code; a quantity, unit and factor; units sold and lifetime energy), and optionally its five
 * data-quality scores. The server calculates it with the engine and answers refusals on these fields.
 */
export function Scope3LineDialog({
  defaults,
  defaultFacilityName,
  line,
  eeioFactors,
  onSave,
  onClose,
}: Scope3LineDialogProps) {
  const isNew = line === undefined;
  const { form, submit, formError } = useContractForm<Scope3LineFormValues, Scope3LineValues>({
    schema: scope3LineInputSchema,
    defaultValues: scope3LineFormValues(defaults, line),
    toRequest: scope3LineRequestOf,
    fieldOf,
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const method = watch('method');
  const pickedFactor = FACTOR_LIBRARY_BY_ID.get(
    pickedLibraryFactorId({
      method,
      category: watch('category'),
      mode: watch('mode'),
      unit: watch('unit'),
      wasteType: watch('wasteType'),
      wasteTreatment: watch('wasteTreatment'),
    }) ?? '',
  );
  const canPickFactor = method === 'distance' || method === 'waste';
  const factorKey = watch('factorKey');
  const naicsCodes = [...new Map(eeioFactors.map((factor) => [factor.naicsCode, factor.title])).entries()];
  const onSubmit = submit(async (request) => {
    await onSave(request);
    onClose();
  });

  return (
    <FormDialog
      title={isNew ? 'New Scope 3 line' : `Edit ${line.description}`}
      description="The engine calculates the line's CO2e; it counts in the inventory, the analysis and the overview."
      formLabel="Scope 3 line"
      submitLabel={isNew ? 'Add line' : 'Save line'}
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      className="sm:max-w-3xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Category" error={errors.category?.message}>
          <select className={selectClasses} {...register('category')}>
            {SCOPE3_CATEGORIES.map((category) => (
              <option key={category} value={String(category)}>
                {category}. {SCOPE3_CATEGORY_NAMES[category]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Method" error={errors.method?.message}>
          <select className={selectClasses} {...register('method')}>
            {SCOPE3_METHODS.map((each) => (
              <option key={each} value={each}>
                {SCOPE3_METHOD_LABELS[each]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Description" error={errors.description?.message}>
          <Input autoComplete="off" {...register('description')} />
        </FormField>
        <FormField label="Supplier" error={errors.supplier?.message}>
          <Input autoComplete="off" {...register('supplier')} />
        </FormField>
        {isNew ? (
          <Controller
            control={form.control}
            name="facilityId"
            render={({ field }) => (
              <FormField label="Facility" error={errors.facilityId?.message}>
                <FacilityPicker
                  value={field.value}
                  selectedName={field.value === defaults.facilityId ? defaultFacilityName : undefined}
                  onChange={(facilityId) => field.onChange(facilityId)}
                />
              </FormField>
            )}
          />
        ) : (
          <FormField label="Facility">
            <Input readOnly value={line.facilityName} />
          </FormField>
        )}
        <div className="grid grid-cols-2 gap-2">
          <FormField label="Period start" error={errors.periodStart?.message}>
            <Input type="date" {...register('periodStart')} />
          </FormField>
          <FormField label="Period end" error={errors.periodEnd?.message}>
            <Input type="date" {...register('periodEnd')} />
          </FormField>
        </div>
        {method === 'spend' ? (
          <>
            <FormField label="Spend" error={errors.spendAmount?.message}>
              <Input inputMode="decimal" autoComplete="off" {...register('spendAmount')} />
            </FormField>
            <div className="grid grid-cols-2 gap-2">
              <FormField label="Currency" error={errors.spendCurrency?.message}>
                <Input autoComplete="off" {...register('spendCurrency')} />
              </FormField>
              <FormField label="Spend year" error={errors.spendYear?.message}>
                <Input inputMode="numeric" autoComplete="off" {...register('spendYear')} />
              </FormField>
            </div>
            <FormField
              label="NAICS code"
              error={errors.naicsCode?.message}
              description={naicsCodes.length === 0 ? 'Import EEIO factors first.' : undefined}
            >
              <select className={selectClasses} {...register('naicsCode')}>
                <option value="">Choose an EEIO factor</option>
                {naicsCodes.map(([code, title]) => (
                  <option key={code} value={code}>
                    {code} {title}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label="Price basis" error={errors.priceBasis?.message}>
              <select className={selectClasses} {...register('priceBasis')}>
                {PRICE_BASES.map((basis) => (
                  <option key={basis} value={basis}>
                    {basis === 'purchaser'
                      ? 'Purchaser price (with margins)'
                      : 'Producer price (without margins)'}
                  </option>
                ))}
              </select>
            </FormField>
          </>
        ) : (
          <FormField
            label="Factor key"
            error={errors.factorKey?.message}
            description={
              canPickFactor
                ? 'Empty: the EPA Hub 2024 factor the mode and unit (or waste type and treatment) pick. Or a library factor id or a realm factor key (realm:…).'
                : "A library factor id or a realm factor's key (realm:…)."
            }
          >
            <Input autoComplete="off" {...register('factorKey')} />
          </FormField>
        )}
        {method === 'use-phase' ? (
          <div className="grid grid-cols-2 gap-2">
            <FormField label="Units sold" error={errors.unitsSold?.message}>
              <Input inputMode="decimal" autoComplete="off" {...register('unitsSold')} />
            </FormField>
            <FormField label="Lifetime energy per unit (kWh)" error={errors.lifetimeEnergyKwh?.message}>
              <Input inputMode="decimal" autoComplete="off" {...register('lifetimeEnergyKwh')} />
            </FormField>
          </div>
        ) : null}
        {method !== 'spend' && method !== 'use-phase' ? (
          <div className="grid grid-cols-2 gap-2">
            <FormField label="Quantity" error={errors.quantity?.message}>
              <Input inputMode="decimal" autoComplete="off" {...register('quantity')} />
            </FormField>
            <FormField label="Unit" error={errors.unit?.message}>
              <select className={selectClasses} {...register('unit')}>
                <option value="">Choose a unit</option>
                {UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {unit}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
        ) : null}
        {method === 'distance' ? (
          <FormField label="Mode" error={errors.mode?.message}>
            <select className={selectClasses} {...register('mode')}>
              <option value="">Choose a mode</option>
              {TRANSPORT_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {TRANSPORT_MODE_LABELS[mode]}
                </option>
              ))}
            </select>
          </FormField>
        ) : null}
        {method === 'waste' ? (
          <div className="grid grid-cols-2 gap-2">
            <FormField
              label="Waste type"
              error={errors.wasteType?.message}
              description="A material of EPA Hub Table 9 picks its factor."
            >
              <Input autoComplete="off" list="hub-waste-materials" {...register('wasteType')} />
            </FormField>
            <datalist id="hub-waste-materials">
              {HUB_WASTE_MATERIALS.map((material) => (
                <option key={material} value={material} />
              ))}
            </datalist>
            <FormField label="Treatment" error={errors.wasteTreatment?.message}>
              <select className={selectClasses} {...register('wasteTreatment')}>
                <option value="">Choose a treatment</option>
                {WASTE_TREATMENTS.map((treatment) => (
                  <option key={treatment} value={treatment}>
                    {WASTE_TREATMENT_LABELS[treatment]}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
        ) : null}
      </div>
      {canPickFactor ? (
        <p className="mt-3 text-sm text-muted-foreground" data-testid="picked-factor">
          {pickedFactor === undefined
            ? 'No library factor for this mode and unit (or waste type and treatment): give a factor key.'
            : `${factorKey.trim() === '' ? 'Factor used' : 'The mode picks (used when the factor key is empty)'}: ${pickedFactor.name}. Source: ${pickedFactor.source}.`}
        </p>
      ) : null}
      <fieldset className="mt-4 grid gap-2">
        <legend className="text-sm font-medium">
          Data quality (1 very good – 5 very poor; all five or none)
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {DATA_QUALITY_FIELDS.map((field) => (
            <FormField
              key={field}
              label={DATA_QUALITY_INDICATOR_LABELS[field]}
              error={errors[field]?.message}
            >
              <select className={selectClasses} {...register(field)}>
                <option value="">–</option>
                {[1, 2, 3, 4, 5].map((score) => (
                  <option key={score} value={String(score)}>
                    {score}
                  </option>
                ))}
              </select>
            </FormField>
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
}
