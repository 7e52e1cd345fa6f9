import { describe, expect, it } from 'vitest';
import { createTestFacility } from '#test/fixtures.ts';
import { EMPTY_FACILITY_FORM, facilityFormSchema, facilityToFormValues } from './facility-form.ts';

describe('the facility form', () => {
  it('turns its text into the API’s input with the contract’s schema', () => {
    expect(
      facilityFormSchema.parse({
        ...EMPTY_FACILITY_FORM,
        name: 'North Plant',
        slug: 'north-plant',
        sector: 'Cement',
        country: 'gb',
        latitude: '51,5',
        longitude: '-0.12',
      }),
    ).toEqual({
      name: 'North Plant',
      slug: 'north-plant',
      sector: 'Cement',
      naics: null,
      address: null,
      city: null,
      state: null,
      postalCode: null,
      country: 'GB',
      latitude: 51.5,
      longitude: -0.12,
      businessUnitId: null,
      ownershipSharePercent: 100,
      isInBoundary: true,
      boundaryExclusionReason: null,
    });
  });

  it('sends the business unit, the ownership share and the boundary flag, refusing what the server refuses', () => {
    const plant = { ...EMPTY_FACILITY_FORM, name: 'JV', slug: 'jv', sector: 'Cement' };
    expect(
      facilityFormSchema.parse({
        ...plant,
        businessUnitId: '3f1c2a9e-8d4b-4c6a-9e1f-2b3c4d5e6f70',
        ownershipSharePercent: '37,5',
        isInBoundary: false,
        boundaryExclusionReason: 'Partner operates it',
      }),
    ).toMatchObject({
      businessUnitId: '3f1c2a9e-8d4b-4c6a-9e1f-2b3c4d5e6f70',
      ownershipSharePercent: 37.5,
      isInBoundary: false,
      boundaryExclusionReason: 'Partner operates it',
    });
    const refused = facilityFormSchema.safeParse({
      ...plant,
      ownershipSharePercent: '120',
      isInBoundary: false,
    });
    const messages: Record<string, string> = {};
    for (const issue of refused.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
    expect(messages).toEqual({
      ownershipSharePercent: 'Ownership share must be at most 100 %',
      boundaryExclusionReason: 'Say why the facility is outside the boundary',
    });
  });

  it('refuses what the server refuses, on the same fields', () => {
    const result = facilityFormSchema.safeParse({ ...EMPTY_FACILITY_FORM, latitude: 'north' });
    expect(result.success).toBe(false);
    const messages: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
    expect(messages).toMatchObject({
      name: 'Name is required',
      slug: 'Slug is required',
      sector: 'Sector is required',
      latitude: 'Latitude must be a number',
    });
  });

  it('shows a stored facility as text, blanks for what it lacks', () => {
    expect(
      facilityToFormValues(
        createTestFacility({
          name: 'North Plant',
          sector: 'Cement',
          location: { city: 'Midlothian', state: 'TX', latitude: 32.5 },
        }),
      ),
    ).toEqual({
      ...EMPTY_FACILITY_FORM,
      name: 'North Plant',
      slug: 'north-plant',
      sector: 'Cement',
      city: 'Midlothian',
      state: 'TX',
      latitude: '32.5',
    });
  });
});
