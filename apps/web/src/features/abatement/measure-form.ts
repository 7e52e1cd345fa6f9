import type { MeasureDto, MeasureInput } from '@ecc/contracts';
import type { FieldOfPath } from '#lib/forms/field-errors.ts';

/** The measure dialog's fields, as typed (numbers as text). */
export interface MeasureFormValues {
  name: string;
  description: string;
  abatementKind: 'absolute' | 'share';
  /** t CO2e a year (absolute) or a percentage (share). */
  abatementAmount: string;
  facilityId: string;
  scope: string;
  equipmentTypeId: string;
  capex: string;
  annualCost: string;
  lifetime: string;
  earliestYear: string;
  exclusiveGroup: string;
  prerequisites: string[];
  citation: string;
  url: string;
}

export type MeasureFormField = keyof MeasureFormValues;

const KG_PER_TONNE = 1000;

/** Empty text stays empty (the schema then says what is missing); otherwise a number, with a decimal comma too. */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed.replace(',', '.'));
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function measureFormDefaults(measure?: MeasureDto): MeasureFormValues {
  if (measure === undefined) {
    return {
      name: '',
      description: '',
      abatementKind: 'absolute',
      abatementAmount: '',
      facilityId: '',
      scope: '',
      equipmentTypeId: '',
      capex: '0',
      annualCost: '0',
      lifetime: '10',
      earliestYear: '',
      exclusiveGroup: '',
      prerequisites: [],
      citation: '',
      url: '',
    };
  }
  const { abatement } = measure;
  return {
    name: measure.name,
    description: measure.description,
    abatementKind: abatement.kind,
    abatementAmount: String(
      abatement.kind === 'absolute' ? abatement.kgPerYear / KG_PER_TONNE : abatement.percent,
    ),
    facilityId: measure.appliesTo.facilityId ?? '',
    scope: measure.appliesTo.scope === null ? '' : String(measure.appliesTo.scope),
    equipmentTypeId: measure.appliesTo.equipmentTypeId ?? '',
    capex: String(measure.capex),
    annualCost: String(measure.annualCost),
    lifetime: String(measure.lifetime),
    earliestYear: measure.earliestYear === null ? '' : String(measure.earliestYear),
    exclusiveGroup: measure.exclusiveGroup ?? '',
    prerequisites: [...measure.prerequisites],
    citation: measure.source.citation,
    url: measure.source.url,
  };
}

/** The request the fields stand for; the abatement is typed in t CO2e a year and sent in kg. */
export function measureRequestOf(values: MeasureFormValues): MeasureInput {
  const amount = numberOf(values.abatementAmount);
  return {
    name: values.name,
    description: values.description,
    appliesTo: {
      facilityId: orNull(values.facilityId),
      equipmentTypeId: orNull(values.equipmentTypeId),
      scope: values.scope === '' ? null : (Number(values.scope) as 1 | 2 | 3),
    },
    abatement:
      values.abatementKind === 'absolute'
        ? {
            kind: 'absolute',
            kgPerYear: (amount === undefined ? undefined : amount * KG_PER_TONNE) as number,
          }
        : { kind: 'share', percent: amount as number },
    capex: numberOf(values.capex) as number,
    annualCost: numberOf(values.annualCost) as number,
    lifetime: numberOf(values.lifetime) as number,
    earliestYear: numberOf(values.earliestYear) ?? null,
    exclusiveGroup: orNull(values.exclusiveGroup),
    prerequisites: values.prerequisites,
    source: { citation: values.citation, url: values.url.trim() },
  };
}

/** The field a refusal's path names: `abatement/percent` → the amount, `appliesTo` → the facility. */
export const measureFieldOf: FieldOfPath<MeasureFormField> = (path) => {
  const [first, second] = path;
  switch (first) {
    case 'abatement':
      return 'abatementAmount';
    case 'appliesTo':
      return second === 'equipmentTypeId' ? 'equipmentTypeId' : second === 'scope' ? 'scope' : 'facilityId';
    case 'source':
      return second === 'url' ? 'url' : 'citation';
    case 'name':
    case 'description':
    case 'capex':
    case 'annualCost':
    case 'lifetime':
    case 'earliestYear':
    case 'exclusiveGroup':
    case 'prerequisites':
      return first;
    default:
      return undefined;
  }
};
