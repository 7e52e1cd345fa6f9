import { sectorPathwayInputSchema, type SectorPathwayDto } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import {
  sectorPathwayFieldOf,
  sectorPathwayFormValues,
  sectorPathwayRequestOf,
} from './sector-pathway-form.ts';

const PATHWAY: SectorPathwayDto = {
  id: '6b1f0c1e-0000-4000-8000-000000000001',
  name: 'Cement (SBTi SDA)',
  denominatorKind: 'production',
  points: [
    { year: 2020, intensity: 0.6 },
    { year: 2050, intensity: 0.1 },
  ],
};

describe('the sector pathway form', () => {
  it('shows a pathway as text and sends it back as the same request', () => {
    const values = sectorPathwayFormValues(PATHWAY);
    expect(values).toEqual({
      name: 'Cement (SBTi SDA)',
      denominatorKind: 'production',
      points: [
        { year: '2020', intensity: '0.6' },
        { year: '2050', intensity: '0.1' },
      ],
    });
    const { id: _id, ...request } = PATHWAY;
    expect(sectorPathwayInputSchema.parse(sectorPathwayRequestOf(values))).toEqual(request);
  });

  it('reads a decimal comma, and leaves a blank for the schema to name', () => {
    const request = sectorPathwayRequestOf({
      name: 'Steel',
      denominatorKind: '',
      points: [
        { year: '2030', intensity: '1,25' },
        { year: '', intensity: ' ' },
      ],
    });
    expect(request).toEqual({
      name: 'Steel',
      denominatorKind: null,
      points: [
        { year: 2030, intensity: 1.25 },
        { year: null, intensity: null },
      ],
    });
    const result = sectorPathwayInputSchema.safeParse(request);
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('/'));
    expect(paths).toEqual(expect.arrayContaining(['denominatorKind', 'points/1/year', 'points/1/intensity']));
  });

  it('starts a new pathway with two blank years', () => {
    expect(sectorPathwayFormValues().points).toHaveLength(2);
  });

  it('puts a refusal on the field it names: a year of a row, or the list as a whole', () => {
    expect(sectorPathwayFieldOf(['name'])).toBe('name');
    expect(sectorPathwayFieldOf(['denominatorKind'])).toBe('denominatorKind');
    expect(sectorPathwayFieldOf(['points', '2', 'year'])).toBe('points.2.year');
    expect(sectorPathwayFieldOf(['points', '0', 'intensity'])).toBe('points.0.intensity');
    expect(sectorPathwayFieldOf(['points'])).toBe('points');
    expect(sectorPathwayFieldOf(['somewhere'])).toBeUndefined();
  });
});
