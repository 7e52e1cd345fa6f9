import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  unitsMatching,
  BASE_UNITS,
  UNITS,
  UnitConversionError,
  conversionFactor,
  convert,
  dimensionOf,
  findConversionFactor,
  isEnergyUnit,
  isMassUnit,
  isUnit,
  unitDefinition,
  unitsOfDimension,
  type Dimension,
  type Unit,
} from './units.ts';

/** [value, from, to, expected]: each published definition, and each unit at least once. */
const DEFINITIONS: readonly [number, Unit, Unit, number][] = [
  // Energy
  [1, 'kWh', 'MJ', 3.6], // 1 kWh = 3.6 MJ
  [1, 'MWh', 'kWh', 1000], // 1 MWh = 1000 kWh
  [1, 'MWh', 'GJ', 3.6], // 1000 kWh × 3.6 MJ = 3600 MJ = 3.6 GJ
  [1, 'GJ', 'MJ', 1000],
  [1, 'mmBtu', 'GJ', 1.055056], // 1 mmBtu = 1.055056 GJ
  [1, 'therm', 'mmBtu', 0.1], // 1 therm = 0.1 mmBtu
  [1, 'therm', 'MJ', 105.5056], // 0.1 × 1055.056 MJ
  [1, 'mmBtu', 'kWh', 1055.056 / 3.6], // 1055.056 MJ ÷ 3.6 MJ/kWh = 293.071111… kWh
  // Volume
  [1, 'gal', 'L', 3.785411784], // 1 US gal = 3.785411784 L
  [1, 'bbl', 'gal', 42], // 1 bbl = 42 US gal
  [1, 'bbl', 'L', 158.987294928], // 42 × 3.785411784 L
  [1, 'm3', 'L', 1000],
  [1, 'scf', 'm3', 0.028316846592], // (0.3048 m)^3
  [1000, 'scf', 'L', 28316.846592],
  [1, 'ccf', 'scf', 100], // 1 ccf = 100 ft3
  [1, 'Mcf', 'ccf', 10], // 1 Mcf = 1000 ft3
  [1, 'Mcf', 'm3', 28.316846592],
  // Mass
  [1, 'g', 'kg', 0.001],
  [1, 't', 'kg', 1000],
  [1, 'lb', 'kg', 0.45359237], // 1 lb = 0.45359237 kg
  [1, 'short_ton', 'lb', 2000], // 1 short ton = 2000 lb
  [1, 'short_ton', 'kg', 907.18474], // 2000 × 0.45359237 kg
  [1, 'short_ton', 't', 0.90718474],
  // Distance
  [1, 'mi', 'km', 1.609344], // 1 mi = 1.609344 km
  [1, 'km', 'mi', 1 / 1.609344],
  // Passenger and freight distance
  [1, 'passenger_mi', 'passenger_km', 1.609344],
  [1, 'short_ton_mi', 'tonne_km', 0.90718474 * 1.609344], // 1.459972… t·km
  // Spend (of the factor's dollar year, after the price index) and counts convert only to themselves
  [1, 'USD', 'USD', 1],
  [1, 'item', 'item', 1],
];

const dimensions: Dimension[] = [
  'energy',
  'volume',
  'mass',
  'distance',
  'passenger-distance',
  'freight-distance',
  'spend',
  'count',
];
const sameDimensionPair = fc.constantFrom(...dimensions).chain((dimension) => {
  const units = unitsOfDimension(dimension);
  return fc.tuple(fc.constantFrom(...units), fc.constantFrom(...units), fc.constantFrom(...units));
});
const magnitude = fc.double({ min: 1e-6, max: 1e9, noNaN: true, noDefaultInfinity: true });

function relativeDifference(actual: number, expected: number): number {
  return Math.abs(actual - expected) / Math.max(Math.abs(expected), Number.MIN_VALUE);
}

describe('unit conversions', () => {
  it.each(DEFINITIONS)('converts %d %s to %s as %d', (value, from, to, expected) => {
    expect(relativeDifference(convert(value, from, to), expected)).toBeLessThan(1e-15);
  });

  it('defines the exact factors to the nearest double', () => {
    expect(convert(1, 'gal', 'L')).toBe(3.785411784);
    expect(convert(1, 'lb', 'kg')).toBe(0.45359237);
    expect(convert(1, 'kWh', 'MJ')).toBe(3.6);
    expect(convert(1, 'mi', 'km')).toBe(1.609344);
  });

  it('covers every unit with the definitions above', () => {
    const covered = new Set(DEFINITIONS.flatMap(([, from, to]) => [from, to]));
    expect(UNITS.filter((unit) => !covered.has(unit))).toEqual([]);
  });

  it('offers at least the units of the estimate API and g for gas masses', () => {
    const required =
      'kWh MWh GJ MJ mmBtu therm scf ccf Mcf m3 L gal bbl kg t lb short_ton km mi g passenger_km'.split(' ');
    expect(required.filter((unit) => !isUnit(unit))).toEqual([]);
    expect(dimensionOf('scf')).toBe('volume');
    expect(dimensionOf('short_ton')).toBe('mass');
  });

  it('cites a definition for every unit', () => {
    for (const unit of UNITS) expect(unitDefinition(unit).length).toBeGreaterThan(10);
  });

  it('refuses to convert between dimensions with a typed error', () => {
    expect(() => convert(1, 'gal', 'MWh')).toThrow(UnitConversionError);
    try {
      convert(1, 'gal', 'MWh');
    } catch (error) {
      expect(error).toMatchObject({ reason: 'incompatible-dimensions', from: 'gal', to: 'MWh' });
      expect((error as Error).message).toBe('Cannot convert gal (volume) to MWh (energy)');
    }
    expect(findConversionFactor('kg', 'km')).toBeUndefined();
  });

  it('refuses an unknown unit with a typed error', () => {
    expect(() => conversionFactor('gallons' as Unit, 'L')).toThrow(
      expect.objectContaining({ reason: 'unknown-unit', message: 'Unknown unit "gallons"' }),
    );
    expect(isUnit('toString')).toBe(false);
  });

  it('round-trips any quantity between any two units of a dimension', () => {
    fc.assert(
      fc.property(sameDimensionPair, magnitude, ([from, to], value) => {
        expect(relativeDifference(convert(convert(value, from, to), to, from), value)).toBeLessThan(1e-14);
      }),
    );
  });

  it('is transitive: from → via → to equals from → to', () => {
    fc.assert(
      fc.property(sameDimensionPair, magnitude, ([from, via, to], value) => {
        expect(
          relativeDifference(convert(convert(value, from, via), via, to), convert(value, from, to)),
        ).toBeLessThan(1e-14);
      }),
    );
  });

  it('is linear: scaling and adding commute with conversion', () => {
    fc.assert(
      fc.property(
        sameDimensionPair,
        magnitude,
        magnitude,
        fc.integer({ min: -1000, max: 1000 }),
        ([from, to], a, b, k) => {
          const sum = convert(a + b, from, to);
          const scaled = convert(k * a, from, to);
          expect(relativeDifference(sum, convert(a, from, to) + convert(b, from, to))).toBeLessThan(1e-14);
          if (k === 0) expect(scaled).toBe(0);
          else expect(relativeDifference(scaled, k * convert(a, from, to))).toBeLessThan(1e-14);
        },
      ),
    );
  });

  it('converts zero to zero and a unit to itself unchanged', () => {
    fc.assert(
      fc.property(fc.constantFrom(...UNITS), magnitude, (unit, value) => {
        expect(convert(value, unit, unit)).toBe(value);
        expect(convert(0, unit, unit)).toBe(0);
      }),
    );
  });

  it('tells mass and energy units apart, and answers false for text that is no unit', () => {
    expect([isMassUnit('kg'), isMassUnit('kWh'), isMassUnit('gallons')]).toEqual([true, false, false]);
    expect([isEnergyUnit('kWh'), isEnergyUnit('kg'), isEnergyUnit('gallons')]).toEqual([true, false, false]);
  });

  it('throws a UnitConversionError by that name, naming both units', () => {
    expect(() => conversionFactor('kg', 'kWh')).toThrow(
      expect.objectContaining({
        name: 'UnitConversionError',
        reason: 'incompatible-dimensions',
        from: 'kg',
        to: 'kWh',
        message: 'Cannot convert kg (mass) to kWh (energy)',
      }),
    );
  });
});

describe('base units', () => {
  it('are one per dimension, of that dimension, and every unit of the dimension converts to them', () => {
    for (const [dimension, base] of Object.entries(BASE_UNITS) as [Dimension, Unit][]) {
      expect(dimensionOf(base)).toBe(dimension);
      for (const unit of unitsOfDimension(dimension)) {
        expect(conversionFactor(unit, base)).toBeGreaterThan(0);
      }
    }
    expect(new Set(UNITS.map((unit) => dimensionOf(unit)))).toEqual(new Set(Object.keys(BASE_UNITS)));
  });
});

describe('unitsMatching', () => {
  it('finds units by name, dimension or definition, ignoring case and surrounding spaces; nothing searched is all', () => {
    expect(unitsMatching('')).toEqual(UNITS);
    expect(unitsMatching('  MASS ')).toEqual(UNITS.filter((unit) => dimensionOf(unit) === 'mass'));
    expect(unitsMatching('tonne')).toContain('t');
    expect(unitsMatching('no unit is called this')).toEqual([]);
  });
});
