import { measureInputSchema, type MeasureDto } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { measureFieldOf, measureFormDefaults, measureRequestOf } from './measure-form.ts';

const MEASURE: MeasureDto = {
  id: '5b0f2d1e-9c8a-4e6f-8a7b-1c2d3e4f5a6b',
  name: 'LED lighting retrofit',
  description: 'Lights',
  appliesTo: { facilityId: null, equipmentTypeId: null, scope: 2 },
  appliesToNames: { facility: null, equipmentType: null },
  abatement: { kind: 'absolute', kgPerYear: 37_300 },
  annualAbatementKg: 37_300,
  sourceEmissionsKg: null,
  sourceYear: null,
  capex: 120_000,
  annualCost: -13_000,
  lifetime: 15,
  earliestYear: 2027,
  exclusiveGroup: null,
  prerequisites: [],
  source: { citation: 'US DOE', url: 'https://www.energy.gov/' },
  starterKey: 'led-retrofit',
  modifiedOn: '2026-01-01T00:00:00.000Z',
};

describe('the measure form', () => {
  it('shows the abatement in t a year and sends it in kg, the rest as the measure had it', () => {
    const values = measureFormDefaults(MEASURE);
    expect(values.abatementAmount).toBe('37.3');
    const request = measureInputSchema.parse(measureRequestOf(values));
    expect(request).toMatchObject({
      abatement: { kind: 'absolute', kgPerYear: 37_300 },
      appliesTo: { scope: 2, facilityId: null },
      capex: 120_000,
      annualCost: -13_000,
      earliestYear: 2027,
      exclusiveGroup: null,
    });
  });

  it('a share without a source is refused on the facility field; an empty amount on the amount', () => {
    const values = {
      ...measureFormDefaults(),
      name: 'Share',
      abatementKind: 'share' as const,
      abatementAmount: '10',
    };
    const result = measureInputSchema.safeParse(measureRequestOf(values));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => measureFieldOf(issue.path.map(String)))).toEqual([
      'facilityId',
    ]);
    const empty = measureInputSchema.safeParse(measureRequestOf({ ...measureFormDefaults(), name: 'Empty' }));
    expect(empty.error!.issues.map((issue) => measureFieldOf(issue.path.map(String)))).toEqual([
      'abatementAmount',
    ]);
  });

  it('places the server’s refusals on their fields', () => {
    expect(measureFieldOf(['prerequisites', '0'])).toBe('prerequisites');
    expect(measureFieldOf(['appliesTo', 'equipmentTypeId'])).toBe('equipmentTypeId');
    expect(measureFieldOf(['source', 'url'])).toBe('url');
    expect(measureFieldOf(['unknown'])).toBeUndefined();
  });
});
