import type {
  IntensityDenominatorKind,
  ProjectionMethod,
  TargetAmbition,
  TargetDto,
  TargetKind,
  TargetScope2Method,
  TargetTerm,
} from '@ecc/contracts';

/*
 * The target form holds text and check boxes, as inputs do; `targetRequestOf` turns them into the contract's
 * request, whose schema then decides what is valid (the same words as the server's).
 */

export interface TargetFormValues {
  name: string;
  kind: TargetKind;
  denominatorKind: IntensityDenominatorKind | '';
  scope1: boolean;
  scope2: boolean;
  scope3: boolean;
  scope2Method: TargetScope2Method;
  /** Scope 3 categories separated by commas or spaces; blank for all of Scope 3. */
  scope3Categories: string;
  baseYear: string;
  targetYear: string;
  term: TargetTerm;
  ambition: TargetAmbition;
  customReductionPercent: string;
  projectionMethod: ProjectionMethod;
  growthPercent: string;
  sectorPathwayId: string;
}

/** The fields a refusal may name; a path below one (`scopes/1`) goes on the field itself. */
const FIELD_OF_REQUEST_FIELD: Readonly<Record<string, keyof TargetFormValues>> = {
  name: 'name',
  kind: 'kind',
  denominatorKind: 'denominatorKind',
  // The scope check boxes show one message, under the first of them.
  scopes: 'scope1',
  scope2Method: 'scope2Method',
  scope3Categories: 'scope3Categories',
  baseYear: 'baseYear',
  targetYear: 'targetYear',
  term: 'term',
  ambition: 'ambition',
  customReductionPercent: 'customReductionPercent',
  projectionMethod: 'projectionMethod',
  growthPercent: 'growthPercent',
  sectorPathwayId: 'sectorPathwayId',
};

/** Blank stays blank (the schema names it); anything else a number, with a decimal comma accepted. */
function numberOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text.trim().replace(',', '.'));
}

export function targetFormValues(baseYear: number, target?: TargetDto): TargetFormValues {
  if (!target) {
    return {
      name: '',
      kind: 'absolute',
      denominatorKind: '',
      scope1: true,
      scope2: true,
      scope3: false,
      scope2Method: 'location',
      scope3Categories: '',
      baseYear: String(baseYear),
      targetYear: String(baseYear + 7),
      term: 'near-term',
      ambition: '1.5C',
      customReductionPercent: '',
      projectionMethod: 'linear-trend',
      growthPercent: '',
      sectorPathwayId: '',
    };
  }
  return {
    name: target.name,
    kind: target.kind,
    denominatorKind: target.denominatorKind ?? '',
    scope1: target.scopes.includes(1),
    scope2: target.scopes.includes(2),
    scope3: target.scopes.includes(3),
    scope2Method: target.scope2Method,
    scope3Categories: target.scope3Categories.join(', '),
    baseYear: String(target.baseYear),
    targetYear: String(target.targetYear),
    term: target.term,
    ambition: target.ambition,
    customReductionPercent:
      target.customReductionPercent === null ? '' : String(target.customReductionPercent),
    projectionMethod: target.projectionMethod,
    growthPercent: target.growthPercent === null ? '' : String(target.growthPercent),
    sectorPathwayId: target.sectorPathwayId ?? '',
  };
}

export function targetRequestOf(values: TargetFormValues) {
  const categories = values.scope3Categories
    .split(/[\s,;]+/)
    .filter((each) => each !== '')
    .map(Number);
  return {
    name: values.name,
    kind: values.kind,
    denominatorKind: values.denominatorKind === '' ? null : values.denominatorKind,
    scopes: [values.scope1 ? 1 : null, values.scope2 ? 2 : null, values.scope3 ? 3 : null].filter(
      (scope) => scope !== null,
    ),
    scope2Method: values.scope2Method,
    scope3Categories: values.scope3 ? categories : [],
    baseYear: numberOf(values.baseYear),
    targetYear: numberOf(values.targetYear),
    term: values.term,
    ambition: values.ambition,
    customReductionPercent: values.ambition === 'custom' ? numberOf(values.customReductionPercent) : null,
    projectionMethod: values.projectionMethod,
    growthPercent: values.projectionMethod === 'compound-growth' ? numberOf(values.growthPercent) : null,
    sectorPathwayId:
      values.kind === 'intensity' && values.sectorPathwayId !== '' ? values.sectorPathwayId : null,
  };
}

/** The field a refusal's path names: the form field of its first segment, when the form has one. */
export function targetFieldOf(path: readonly string[]): keyof TargetFormValues | undefined {
  return path[0] === undefined ? undefined : FIELD_OF_REQUEST_FIELD[path[0]];
}
