import {
  TRANSPORT_MODES,
  WASTE_TREATMENTS,
  type Scope3LineDto,
  type Scope3LineInput,
  type Scope3Method,
  type TransportMode,
  type WasteTreatment,
} from '@ecc/contracts';
import { defaultDistanceFactorId, defaultWasteFactorId } from '@ecc/domain';

/*
 * The Scope 3 forms hold text, as inputs do; these turn the text into the contract's requests, whose schemas then
 * decide what is valid (the same words as the server's).
 */

/** Blank stays blank (the schema names it); anything else a number, with a decimal comma accepted. */
export function numberOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text.trim().replace(',', '.'));
}

const textOf = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export interface Scope3LineFormValues {
  facilityId: string;
  category: string;
  method: Scope3Method;
  description: string;
  supplier: string;
  periodStart: string;
  periodEnd: string;
  spendAmount: string;
  spendCurrency: string;
  spendYear: string;
  priceBasis: string;
  naicsCode: string;
  quantity: string;
  unit: string;
  factorKey: string;
  mode: string;
  wasteType: string;
  wasteTreatment: string;
  unitsSold: string;
  lifetimeEnergyKwh: string;
  technological: string;
  temporal: string;
  geographical: string;
  completeness: string;
  reliability: string;
}

export const DATA_QUALITY_FIELDS = [
  'technological',
  'temporal',
  'geographical',
  'completeness',
  'reliability',
] as const;

const isTransportMode = (mode: string): mode is TransportMode =>
  (TRANSPORT_MODES as readonly string[]).includes(mode);
const isWasteTreatment = (treatment: string): treatment is WasteTreatment =>
  (WASTE_TREATMENTS as readonly string[]).includes(treatment);

/**
 * The EPA Hub 2024 library factor a distance line's mode and unit, or a waste line's type and treatment, pick (the
 * server takes it when the factor is left empty); undefined when they pick none.
 */
export function pickedLibraryFactorId(
  values: Pick<
    Scope3LineFormValues,
    'method' | 'category' | 'mode' | 'unit' | 'wasteType' | 'wasteTreatment'
  >,
): string | undefined {
  if (values.method === 'distance' && isTransportMode(values.mode)) {
    return defaultDistanceFactorId({
      category: Number(values.category),
      mode: values.mode,
      unit: values.unit,
    });
  }
  if (values.method === 'waste' && isWasteTreatment(values.wasteTreatment)) {
    return defaultWasteFactorId({ wasteType: values.wasteType, wasteTreatment: values.wasteTreatment });
  }
  return undefined;
}

export function scope3LineFormValues(
  defaults: { category: number; year: number; facilityId: string },
  line?: Scope3LineDto,
): Scope3LineFormValues {
  const method = line?.method ?? 'spend';
  const values: Scope3LineFormValues = {
    facilityId: line?.facilityId ?? defaults.facilityId,
    category: String(line?.category ?? defaults.category),
    method,
    description: line?.description ?? '',
    supplier: line?.supplier ?? '',
    periodStart: line?.periodStart ?? `${defaults.year}-01-01`,
    periodEnd: line?.periodEnd ?? `${defaults.year}-12-31`,
    spendAmount: textOf(line?.spendAmount),
    spendCurrency: line?.spendCurrency ?? 'USD',
    spendYear: textOf(line?.spendYear ?? defaults.year),
    priceBasis: line?.priceBasis ?? 'purchaser',
    naicsCode: line?.naicsCode ?? '',
    // A spend line's record holds the converted spend: the form shows what its author typed.
    quantity: method === 'spend' || method === 'use-phase' ? '' : textOf(line?.quantity),
    unit: method === 'spend' || method === 'use-phase' ? '' : (line?.unit ?? ''),
    factorKey: method === 'spend' ? '' : (line?.factorKey ?? ''),
    mode: line?.mode ?? '',
    wasteType: line?.wasteType ?? '',
    wasteTreatment: line?.wasteTreatment ?? '',
    unitsSold: textOf(line?.unitsSold),
    lifetimeEnergyKwh: textOf(line?.lifetimeEnergyKwh),
    technological: textOf(line?.dataQuality?.technological),
    temporal: textOf(line?.dataQuality?.temporal),
    geographical: textOf(line?.dataQuality?.geographical),
    completeness: textOf(line?.dataQuality?.completeness),
    reliability: textOf(line?.dataQuality?.reliability),
  };
  // A factor its mode or treatment picked shows as empty, so changing the mode picks again.
  return values.factorKey !== '' && values.factorKey === pickedLibraryFactorId(values)
    ? { ...values, factorKey: '' }
    : values;
}

/** The request the form stands for; data-quality scores go together: all five or none. */
export function scope3LineRequestOf(values: Scope3LineFormValues): Scope3LineInput {
  const isScored = DATA_QUALITY_FIELDS.some((field) => values[field].trim() !== '');
  const isSpend = values.method === 'spend';
  const isUsePhase = values.method === 'use-phase';
  return {
    facilityId: values.facilityId,
    category: Number(values.category),
    method: values.method,
    description: values.description,
    supplier: orNull(values.supplier),
    periodStart: values.periodStart,
    periodEnd: values.periodEnd,
    spendAmount: isSpend ? numberOf(values.spendAmount) : null,
    spendCurrency: isSpend ? orNull(values.spendCurrency) : null,
    spendYear: isSpend ? numberOf(values.spendYear) : null,
    priceBasis: isSpend ? (orNull(values.priceBasis) as Scope3LineInput['priceBasis']) : null,
    naicsCode: isSpend ? orNull(values.naicsCode) : null,
    quantity: isSpend || isUsePhase ? null : numberOf(values.quantity),
    unit: isSpend || isUsePhase ? null : orNull(values.unit),
    factorKey: isSpend ? null : orNull(values.factorKey),
    mode: values.method === 'distance' ? (orNull(values.mode) as Scope3LineInput['mode']) : null,
    wasteType: values.method === 'waste' ? orNull(values.wasteType) : null,
    wasteTreatment:
      values.method === 'waste' ? (orNull(values.wasteTreatment) as Scope3LineInput['wasteTreatment']) : null,
    unitsSold: isUsePhase ? numberOf(values.unitsSold) : null,
    lifetimeEnergyKwh: isUsePhase ? numberOf(values.lifetimeEnergyKwh) : null,
    dataQuality: isScored
      ? {
          technological: numberOf(values.technological) as number,
          temporal: numberOf(values.temporal) as number,
          geographical: numberOf(values.geographical) as number,
          completeness: numberOf(values.completeness) as number,
          reliability: numberOf(values.reliability) as number,
        }
      : null,
  };
}
