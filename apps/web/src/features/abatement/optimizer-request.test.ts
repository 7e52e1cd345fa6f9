import {
  optimizeRequestSchema,
  planExportQuerySchema,
  type MeasureDto,
  type OptimizeResponse,
} from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { abatementByMeasure, optimizeRequestOf, planExportHref, planRowsOf } from './optimizer-request.ts';

function measure(id: string, overrides: Partial<MeasureDto> = {}): MeasureDto {
  return {
    id,
    name: `Measure ${id}`,
    description: '',
    appliesTo: { facilityId: null, equipmentTypeId: null, scope: null },
    appliesToNames: { facility: null, equipmentType: null },
    abatement: { kind: 'absolute', kgPerYear: 1000 },
    annualAbatementKg: 1000,
    sourceEmissionsKg: null,
    sourceYear: null,
    capex: 100,
    annualCost: -5,
    lifetime: 2,
    earliestYear: null,
    exclusiveGroup: null,
    prerequisites: [],
    source: { citation: '', url: '' },
    starterKey: null,
    modifiedOn: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('the optimizer request of the page', () => {
  it('sends every measure, the pins with or without a year and the bans, and only budgets given', () => {
    const request = optimizeRequestOf([measure('a'), measure('b', { exclusiveGroup: 'g' }), measure('c')], {
      baseYear: 2024,
      targetYear: 2030,
      baseline: { 2024: 5000 },
      trajectory: { rate: 0.042 },
      discountRate: 0.06,
      budget: { 2026: 1000 },
      choices: { a: { kind: 'pinned', startYear: 2027 }, b: { kind: 'pinned' }, c: { kind: 'banned' } },
    });
    expect(optimizeRequestSchema.parse(request)).toEqual(request);
    expect(request.pinned).toEqual([{ id: 'a', startYear: 2027 }, { id: 'b' }]);
    expect(request.banned).toEqual(['c']);
    expect(request.measures[1]).toMatchObject({ id: 'b', abatement: 1000, group: 'g' });
    const free = optimizeRequestOf([measure('a')], {
      baseYear: 2024,
      targetYear: 2030,
      baseline: { 2024: 5000 },
      trajectory: { 2024: 5000, 2030: 3000 },
      discountRate: 0,
      budget: {},
      choices: {},
    });
    expect(free).not.toHaveProperty('pinned');
    expect(free).not.toHaveProperty('budget');
  });

  it('draws each planned measure from its start for its lifetime within the horizon', () => {
    const result: OptimizeResponse = {
      status: 'optimal',
      cost: 1,
      gap: 0,
      solveMs: 1,
      plan: [{ id: 'a', startYear: 2026 }],
      years: [2025, 2026, 2027, 2028].map((year) => ({
        year,
        baseline: 10,
        abated: 0,
        emissions: 10,
        trajectory: 10,
        shortfall: 0,
      })),
    };
    const rows = planRowsOf(result, [measure('a', { lifetime: 5 })], 2028);
    expect(rows).toEqual([
      { id: 'a', name: 'Measure a', startYear: 2026, endYear: 2028, abatementKg: 1000, capex: 100 },
    ]);
    expect(abatementByMeasure(result, rows)).toEqual([[0, 1000, 1000, 1000]]);
  });
});

describe('the plan export link', () => {
  it('sends the inputs and the starts, never a measure’s figures', () => {
    const request = optimizeRequestOf([measure('a'), measure('b')], {
      baseYear: 2024,
      targetYear: 2030,
      baseline: { 2024: 5000 },
      trajectory: { rate: 0.042 },
      discountRate: 0.06,
      budget: { 2026: 1000 },
      choices: {},
    });
    const href = planExportHref(request, { plan: [{ id: 'b', startYear: 2026 }] }, 'years', 'xlsx');
    const url = new URL(href, 'https://ecc.test');
    expect(url.pathname).toBe('/api/exports/abatement/plan');
    expect(url.searchParams.get('table')).toBe('years');
    expect(url.searchParams.get('format')).toBe('xlsx');
    const sent = planExportQuerySchema.parse(Object.fromEntries(url.searchParams));
    expect(sent.request).toEqual({
      baseYear: 2024,
      targetYear: 2030,
      baseline: { 2024: 5000 },
      trajectory: { rate: 0.042 },
      discountRate: 0.06,
      budget: { 2026: 1000 },
      plan: [{ id: 'b', startYear: 2026 }],
    });
    expect(url.searchParams.get('request')).not.toContain('capex');
  });
});
