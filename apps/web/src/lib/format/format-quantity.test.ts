import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatQuantity } from './format-quantity.ts';

describe('formatQuantity', () => {
  it('shows thousands separators, at most 2 fraction digits and the unit', () => {
    expect(formatQuantity(12_345.678, 'kWh')).toBe('12,345.68 kWh');
    expect(formatQuantity(1_000_000, 'scf')).toBe('1,000,000 scf');
    expect(formatQuantity(0, 'gal')).toBe('0 gal');
    expect(formatQuantity(42, '')).toBe('42');
    expect(formatQuantity(Number.POSITIVE_INFINITY, 'kWh')).toBe('—');
  });

  it('keeps 3 significant digits below 1, so that small factors do not read as 0', () => {
    expect(formatQuantity(0.001026, 'mmBtu/scf')).toBe('0.00103 mmBtu/scf');
    expect(formatQuantity(0.5, 't')).toBe('0.5 t');
  });

  it("uses the user's locale", () => {
    expect(formatQuantity(12_345.678, 'kWh', 'de-DE')).toBe('12.345,68 kWh');
  });

  it('reads back as the quantity it shows', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (value) => {
        const text = formatQuantity(value, 'kWh');
        const match = /^(-?[\d,]+(?:\.\d+)?) kWh$/.exec(text);
        expect(match).not.toBeNull();
        const shown = Number(match?.[1]?.replaceAll(',', ''));
        const tolerance = Math.abs(value) < 1 ? Math.abs(value) * 0.005 : 0.005 + Math.abs(value) * 1e-12;
        expect(Math.abs(shown - value)).toBeLessThanOrEqual(tolerance);
        if (Math.abs(value) >= 1) expect(text).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d{1,2})? kWh$/);
      }),
    );
  });
});
