import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMass, massIn, massUnitOf } from './format-mass.ts';

/** The number a formatted mass shows, and its unit, read back. */
function readBack(text: string): { value: number; unit: string; substance: string } {
  const match = /^(-?[\d,]+\.\d) (t|kg) (\S+)$/.exec(text);
  if (match === null) throw new Error(`Not a formatted mass: ${text}`);
  return { value: Number(match[1]?.replaceAll(',', '')), unit: match[2] ?? '', substance: match[3] ?? '' };
}

const masses = fc.double({ min: -1e12, max: 1e12, noNaN: true });
const tonnes = fc.double({ min: 1000, max: 1e12, noNaN: true });

describe('formatMass', () => {
  it('shows tonnes with one fraction digit, and kilograms only below a tonne', () => {
    expect(formatMass(123_456)).toBe('123.5 t CO2e');
    expect(formatMass(1_234_567_890)).toBe('1,234,567.9 t CO2e');
    expect(formatMass(1000)).toBe('1.0 t CO2e');
    expect(formatMass(950.54)).toBe('950.5 kg CO2e');
    expect(formatMass(999.96)).toBe('1.0 t CO2e');
    expect(formatMass(0)).toBe('0.0 t CO2e');
    expect(formatMass(-0)).toBe('0.0 t CO2e');
    expect(formatMass(0.01)).toBe('< 0.1 kg CO2e');
    expect(formatMass(-2500)).toBe('-2.5 t CO2e');
    expect(formatMass(Number.NaN)).toBe('—');
  });

  it('names what the mass is of', () => {
    expect(formatMass(12_500, { substance: 'CH4' })).toBe('12.5 t CH4');
  });

  it("uses the user's locale", () => {
    expect(formatMass(1_234_567, { locale: 'de-DE' })).toBe('1.234,6 t CO2e');
  });

  it('always reads back as the mass it shows, to its one digit, in the unit its size calls for', () => {
    fc.assert(
      fc.property(masses, (kg) => {
        const text = formatMass(kg);
        if (kg !== 0 && Math.abs(kg) < 0.05) {
          expect(text).toBe('< 0.1 kg CO2e');
          return;
        }
        const { value, unit, substance } = readBack(text);
        expect(substance).toBe('CO2e');
        const shown = unit === 't' ? kg / 1000 : kg;
        expect(Math.abs(value - shown)).toBeLessThanOrEqual(0.05 + Math.abs(shown) * 1e-12);
        if (unit === 'kg') expect(Math.abs(value)).toBeLessThan(1000);
        else expect(Math.abs(kg) >= 999.95 || kg === 0).toBe(true);
      }),
    );
  });

  it('groups thousands with separators', () => {
    fc.assert(
      fc.property(masses, (kg) => {
        const text = formatMass(kg);
        if (text.startsWith('<')) return;
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*\.\d (t|kg) CO2e$/);
      }),
    );
  });

  it('keeps the order of masses in one unit', () => {
    fc.assert(
      fc.property(tonnes, tonnes, (left, right) => {
        const [low, high] = left <= right ? [left, right] : [right, left];
        expect(readBack(formatMass(low)).value).toBeLessThanOrEqual(readBack(formatMass(high)).value);
      }),
    );
  });

  it('goes on to kilotonnes and megatonnes when prose asks for them, with the same one digit', () => {
    const prose = { largestUnit: 'Mt' } as const;
    expect(formatMass(950.54, prose)).toBe('950.5 kg CO2e');
    expect(formatMass(123_456, prose)).toBe('123.5 t CO2e');
    expect(formatMass(999_949, prose)).toBe('999.9 t CO2e');
    expect(formatMass(999_950, prose)).toBe('1.0 kt CO2e');
    expect(formatMass(12_345_678, prose)).toBe('12.3 kt CO2e');
    expect(formatMass(-2_500_000_000, prose)).toBe('-2.5 Mt CO2e');
    expect(formatMass(4_321_000_000_000, prose)).toBe('4,321.0 Mt CO2e');
    expect(formatMass(12_345_678, { largestUnit: 'kt', substance: 'CH4' })).toBe('12.3 kt CH4');
  });

  it('reads back in prose as the mass it shows, to its one digit', () => {
    fc.assert(
      fc.property(masses, (kg) => {
        const text = formatMass(kg, { largestUnit: 'Mt' });
        if (kg !== 0 && Math.abs(kg) < 0.05) return;
        const match = /^(-?[\d,]+\.\d) (kg|t|kt|Mt) CO2e$/.exec(text);
        expect(match, text).not.toBeNull();
        const unit = match![2] as 'kg' | 't' | 'kt' | 'Mt';
        const shown = massIn(kg, unit);
        expect(Math.abs(Number(match![1]!.replaceAll(',', '')) - shown)).toBeLessThanOrEqual(
          0.05 + Math.abs(shown) * 1e-12,
        );
        if (unit !== 'Mt') expect(Math.abs(shown)).toBeLessThan(999.95);
      }),
    );
  });

  it('converts to the unit of a scale', () => {
    expect(massIn(2500, 't')).toBe(2.5);
    expect(massIn(2500, 'kg')).toBe(2500);
    expect(massUnitOf(999.9)).toBe('kg');
    expect(massUnitOf(-1000)).toBe('t');
    expect(massUnitOf(5e9)).toBe('t');
    expect(massUnitOf(5e9, 'Mt')).toBe('Mt');
    expect(massIn(2.5e9, 'Mt')).toBe(2.5);
  });
});
