import { estimateRequestSchema } from '@ecc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_RECORD_FORM, type ActivityRecordFormValues } from './activity-record-form.ts';
import { previewItemsOf } from './estimate-preview.ts';

const GAS: ActivityRecordFormValues = {
  ...EMPTY_RECORD_FORM,
  quantity: '1000',
  unit: 'therm',
  factorKey: 'epa-c1-natural-gas',
};

describe('the items a record preview asks the estimate API for', () => {
  it('waits for a quantity, a unit and a factor', () => {
    expect(previewItemsOf(EMPTY_RECORD_FORM)).toBeUndefined();
    expect(previewItemsOf({ ...GAS, quantity: '' })).toBeUndefined();
    expect(previewItemsOf({ ...GAS, quantity: '12abc' })).toBeUndefined();
    expect(previewItemsOf({ ...GAS, unit: ' ' })).toBeUndefined();
    expect(previewItemsOf({ ...GAS, factorKey: '' })).toBeUndefined();
  });

  it('asks for one Scope 1 item by factor key, as the record is saved', () => {
    expect(previewItemsOf({ ...GAS, quantity: ' 2.5e3 ', unit: ' therm ' })).toEqual([
      {
        item: { id: 'record', quantity: 2500, unit: 'therm', factor: { id: 'epa-c1-natural-gas' }, scope: 1 },
      },
    ]);
  });

  it('asks Scope 2 both ways, the certificates on the market-based item only', () => {
    const items = previewItemsOf({
      ...GAS,
      unit: 'kWh',
      factorKey: 'egrid-2022-us-average',
      scope: '2',
      certificateCoverage: '0.4',
    });
    expect(items).toEqual([
      {
        method: 'location',
        item: expect.objectContaining({
          id: 'location-based',
          scope: 2,
          scope2Method: 'location',
        }) as unknown,
      },
      {
        method: 'market',
        item: expect.objectContaining({
          id: 'market-based',
          scope: 2,
          scope2Method: 'market',
          certificateCoverage: 0.4,
        }) as unknown,
      },
    ]);
    expect(items?.[0]?.item).not.toHaveProperty('certificateCoverage');
    expect(previewItemsOf({ ...GAS, scope: '2' })?.[1]?.item).not.toHaveProperty('certificateCoverage');
  });

  it('passes a Scope 3 category on when one is given', () => {
    expect(previewItemsOf({ ...GAS, scope: '3', scope3Category: '4' })?.[0]?.item).toMatchObject({
      scope: 3,
      scope3Category: 4,
    });
    expect(previewItemsOf({ ...GAS, scope: '3' })?.[0]?.item).not.toHaveProperty('scope3Category');
  });

  it('only ever builds requests the estimate API’s schema accepts', () => {
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom('', '0', '1000', '-5', '0.4', '1e3', 'NaN', 'Infinity'),
    );
    fc.assert(
      fc.property(
        fc.record({
          quantity: text,
          unit: text,
          factorKey: text,
          scope: fc.constantFrom('1', '2', '3'),
          certificateCoverage: text,
          scope3Category: text,
        }),
        (fields) => {
          const items = previewItemsOf({ ...EMPTY_RECORD_FORM, ...fields });
          if (items === undefined) return;
          for (const { item } of items) {
            expect(estimateRequestSchema.safeParse({ items: [item] }).success).toBe(true);
            expect(Number.isFinite(item.quantity)).toBe(true);
          }
        },
      ),
    );
  });
});
