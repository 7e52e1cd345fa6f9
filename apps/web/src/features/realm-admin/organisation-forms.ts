import type {
  BoundarySettings,
  BusinessUnitDto,
  DenominatorDto,
  DenominatorInput,
  IntensityDenominatorKind,
} from '@ecc/contracts';

/*
 * The organisation tab's forms hold text, as inputs do; these turn the text into the contract's requests, whose
 * schemas then decide what is valid (the same words as the server's).
 */

/** Blank stays blank (the schema names it); anything else a number, with a decimal comma accepted. */
function numberOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text.trim().replace(',', '.'));
}

export interface BusinessUnitFormValues {
  name: string;
  code: string;
  /** The parent's id; blank for a unit at the top. */
  parentId: string;
}

export function businessUnitFormValues(unit?: BusinessUnitDto, parentId?: string): BusinessUnitFormValues {
  return { name: unit?.name ?? '', code: unit?.code ?? '', parentId: unit?.parentId ?? parentId ?? '' };
}

export function businessUnitRequestOf(values: BusinessUnitFormValues) {
  return { name: values.name, code: values.code, parentId: values.parentId === '' ? null : values.parentId };
}

export interface BoundaryFormValues {
  consolidationApproach: string;
  reportingYearStartMonth: string;
  baseYear: string;
  recalculationThresholdPercent: string;
}

export function boundaryFormValues(settings: BoundarySettings): BoundaryFormValues {
  return {
    consolidationApproach: settings.consolidationApproach,
    reportingYearStartMonth: String(settings.reportingYearStartMonth),
    baseYear: settings.baseYear === null ? '' : String(settings.baseYear),
    recalculationThresholdPercent: String(settings.recalculationThresholdPercent),
  };
}

export function boundaryRequestOf(values: BoundaryFormValues) {
  return {
    consolidationApproach: values.consolidationApproach,
    reportingYearStartMonth: Number(values.reportingYearStartMonth),
    baseYear: numberOf(values.baseYear),
    recalculationThresholdPercent: numberOf(values.recalculationThresholdPercent) ?? undefined,
  };
}

export interface DenominatorFormValues {
  year: string;
  scope: 'realm' | 'facility';
  facilitySlug: string;
  kind: IntensityDenominatorKind;
  amount: string;
  unit: string;
}

/** The unit a new figure of each kind starts with. */
export const DEFAULT_DENOMINATOR_UNITS: Readonly<Record<IntensityDenominatorKind, string>> = {
  revenue: 'USD',
  production: 't',
  'floor-area': 'm2',
  headcount: '',
};

export function denominatorFormValues(year: number, denominator?: DenominatorDto): DenominatorFormValues {
  if (!denominator) {
    return { year: String(year), scope: 'realm', facilitySlug: '', kind: 'revenue', amount: '', unit: 'USD' };
  }
  return {
    year: String(denominator.year),
    scope: denominator.scope,
    facilitySlug: denominator.facilitySlug ?? '',
    kind: denominator.kind,
    amount: String(denominator.amount),
    unit: denominator.kind === 'headcount' ? '' : denominator.unit,
  };
}

export function denominatorRequestOf(values: DenominatorFormValues): DenominatorInput {
  return {
    year: numberOf(values.year) ?? Number.NaN,
    scope: values.scope,
    facilitySlug: values.scope === 'facility' ? values.facilitySlug : null,
    kind: values.kind,
    amount: numberOf(values.amount) ?? Number.NaN,
    unit: values.kind === 'headcount' ? null : values.unit,
  };
}
