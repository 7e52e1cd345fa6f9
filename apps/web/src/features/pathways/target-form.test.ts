import { targetInputSchema, type TargetDto } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { targetFieldOf, targetFormValues, targetRequestOf } from './target-form.ts';

describe('the target form', () => {
  it('a new target starts as a near-term 1.5 °C target on Scopes 1 and 2 from the base year, seven years on', () => {
    const request = targetInputSchema.parse(
      targetRequestOf({ ...targetFormValues(2023), name: 'Near term' }),
    );
    expect(request).toMatchObject({
      scopes: [1, 2],
      baseYear: 2023,
      targetYear: 2030,
      ambition: '1.5C',
      customReductionPercent: null,
      growthPercent: null,
    });
  });

  it('turns text into the request: categories listed, a decimal comma, fields of other choices left out', () => {
    const request = targetRequestOf({
      ...targetFormValues(2023),
      name: 'All scopes',
      scope3: true,
      scope3Categories: '1, 6 7',
      ambition: 'custom',
      customReductionPercent: '42,5',
      growthPercent: '3',
    });
    expect(request).toMatchObject({
      scopes: [1, 2, 3],
      scope3Categories: [1, 6, 7],
      customReductionPercent: 42.5,
      // Linear trend: the growth typed before is not sent.
      growthPercent: null,
    });
  });

  it('shows a stored target as it was saved', () => {
    const target: TargetDto = {
      id: 't1',
      name: 'Intensity',
      kind: 'intensity',
      denominatorKind: 'revenue',
      scopes: [1, 2],
      scope2Method: 'market',
      scope3Categories: [],
      baseYear: 2023,
      targetYear: 2030,
      term: 'near-term',
      ambition: 'well-below-2C',
      customReductionPercent: null,
      projectionMethod: 'compound-growth',
      growthPercent: 1.5,
      sectorPathwayId: null,
      annualReductionRate: 0.025,
      modifiedOn: '2026-01-01T00:00:00.000Z',
    };
    const values = targetFormValues(2020, target);
    expect(values).toMatchObject({
      kind: 'intensity',
      denominatorKind: 'revenue',
      scope3: false,
      growthPercent: '1.5',
    });
    expect(targetInputSchema.parse(targetRequestOf(values))).toMatchObject({ growthPercent: 1.5 });
  });

  it('puts a refusal of a scope under the scope check boxes, and others on their fields', () => {
    expect(targetFieldOf(['scopes', '1'])).toBe('scope1');
    expect(targetFieldOf(['targetYear'])).toBe('targetYear');
    expect(targetFieldOf([])).toBeUndefined();
  });
});
