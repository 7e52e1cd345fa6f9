/**
 * Units of activity data and gas masses, with exact conversion factors to one base unit per dimension.
 * Base units: energy MJ, volume L, mass kg, distance km, passenger distance passenger-km, freight tonne-km, spend
 * USD, count item. Each factor below is an exact definition, so a
 * conversion is one multiplication by a precomputed ratio and never goes through an intermediate rounding.
 */

export type Dimension =
  'energy' | 'volume' | 'mass' | 'distance' | 'passenger-distance' | 'freight-distance' | 'spend' | 'count';

interface UnitDefinition {
  readonly dimension: Dimension;
  /** How many base units one of this unit is. */
  readonly toBase: number;
  readonly definition: string;
}

const US_GALLON_IN_LITRES = 3.785411784;
const POUND_IN_KG = 0.45359237;
const MMBTU_IN_MJ = 1055.056;
const CUBIC_FOOT_IN_LITRES = 28.316846592;
const MILE_IN_KM = 1.609344;
const SHORT_TON_IN_KG = 2000 * POUND_IN_KG;

const UNIT_DEFINITIONS = {
  kWh: { dimension: 'energy', toBase: 3.6, definition: '1 kWh = 3600 kJ = 3.6 MJ (SI)' },
  MWh: { dimension: 'energy', toBase: 3600, definition: '1 MWh = 1000 kWh (SI prefix)' },
  GJ: { dimension: 'energy', toBase: 1000, definition: '1 GJ = 1000 MJ (SI prefix)' },
  MJ: { dimension: 'energy', toBase: 1, definition: 'base unit of energy (SI)' },
  mmBtu: {
    dimension: 'energy',
    toBase: MMBTU_IN_MJ,
    definition:
      '1 mmBtu = 1.055056 GJ (DOMAIN.md; the international-table Btu, 1055.05585262 J, to 7 digits)',
  },
  therm: {
    dimension: 'energy',
    toBase: MMBTU_IN_MJ / 10,
    definition: '1 therm = 100,000 Btu = 0.1 mmBtu (DOMAIN.md, as applied in 40 CFR 98 subpart C)',
  },
  scf: {
    dimension: 'volume',
    toBase: CUBIC_FOOT_IN_LITRES,
    // "Standard" names the gas conditions of the measurement (60 °F, 1 atm in 40 CFR 98.6), not a different size.
    definition: '1 scf = 1 ft3 = (0.3048 m)^3 = 0.028316846592 m3 (1 ft = 0.3048 m exactly, 1959 agreement)',
  },
  ccf: {
    dimension: 'volume',
    toBase: 100 * CUBIC_FOOT_IN_LITRES,
    definition: '1 ccf = 100 ft3 (the unit of U.S. gas meters and bills)',
  },
  Mcf: {
    dimension: 'volume',
    toBase: 1000 * CUBIC_FOOT_IN_LITRES,
    definition: '1 Mcf = 1000 ft3 (Roman numeral M, as U.S. gas statistics use it)',
  },
  m3: { dimension: 'volume', toBase: 1000, definition: '1 m3 = 1000 L (SI)' },
  L: { dimension: 'volume', toBase: 1, definition: 'base unit of volume: 1 L = 1 dm3 (SI, 1964 CGPM)' },
  gal: {
    dimension: 'volume',
    toBase: US_GALLON_IN_LITRES,
    definition:
      '1 US gallon = 231 in3 = 3.785411784 L (NIST SP 811 / Handbook 44, with 1 in = 2.54 cm exactly)',
  },
  bbl: {
    dimension: 'volume',
    toBase: 42 * US_GALLON_IN_LITRES,
    definition: '1 barrel (petroleum) = 42 US gallons = 158.987294928 L (NIST SP 811)',
  },
  g: { dimension: 'mass', toBase: 0.001, definition: '1 g = 0.001 kg (SI)' },
  kg: { dimension: 'mass', toBase: 1, definition: 'base unit of mass (SI)' },
  t: { dimension: 'mass', toBase: 1000, definition: '1 t (metric tonne) = 1000 kg (SI-accepted unit)' },
  lb: {
    dimension: 'mass',
    toBase: POUND_IN_KG,
    definition: '1 lb (avoirdupois) = 0.45359237 kg exactly (1959 international yard and pound agreement)',
  },
  short_ton: {
    dimension: 'mass',
    toBase: SHORT_TON_IN_KG,
    definition: '1 short ton = 2000 lb = 907.18474 kg (NIST SP 811)',
  },
  km: { dimension: 'distance', toBase: 1, definition: 'base unit of distance: 1 km = 1000 m (SI)' },
  mi: {
    dimension: 'distance',
    toBase: MILE_IN_KM,
    definition: '1 statute mile = 5280 ft = 1.609344 km (1 ft = 0.3048 m exactly)',
  },
  passenger_km: {
    dimension: 'passenger-distance',
    toBase: 1,
    definition: 'base unit of passenger distance: one passenger carried 1 km',
  },
  passenger_mi: {
    dimension: 'passenger-distance',
    toBase: MILE_IN_KM,
    definition: 'one passenger carried 1 statute mile = 1.609344 passenger-km',
  },
  tonne_km: {
    dimension: 'freight-distance',
    toBase: 1,
    definition: 'base unit of freight: 1 tonne (1000 kg) carried 1 km',
  },
  short_ton_mi: {
    dimension: 'freight-distance',
    toBase: (SHORT_TON_IN_KG / 1000) * MILE_IN_KM,
    definition: '1 short ton carried 1 statute mile = 0.90718474 t × 1.609344 km = 1.459972… tonne-km',
  },
  USD: {
    dimension: 'spend',
    toBase: 1,
    definition:
      "US dollars of the factor's dollar year: spend of another year or currency is brought there by the realm's price index before it becomes a quantity (Scope 3 spend-based)",
  },
  item: {
    dimension: 'count',
    toBase: 1,
    definition: 'one unit of a product (items bought, units sold)',
  },
} as const satisfies Record<string, UnitDefinition>;

export type Unit = keyof typeof UNIT_DEFINITIONS;
type UnitsOf<D extends Dimension> = {
  [U in Unit]: (typeof UNIT_DEFINITIONS)[U]['dimension'] extends D ? U : never;
}[Unit];
export type EnergyUnit = UnitsOf<'energy'>;
export type VolumeUnit = UnitsOf<'volume'>;
export type MassUnit = UnitsOf<'mass'>;
export type DistanceUnit = UnitsOf<'distance'>;

export const UNITS = Object.freeze(Object.keys(UNIT_DEFINITIONS) as Unit[]);

/** The unit of each dimension every conversion goes through (the one whose `toBase` is 1). */
export const BASE_UNITS: Readonly<Record<Dimension, Unit>> = Object.freeze({
  energy: 'MJ',
  volume: 'L',
  mass: 'kg',
  distance: 'km',
  'passenger-distance': 'passenger_km',
  'freight-distance': 'tonne_km',
  spend: 'USD',
  count: 'item',
});

const DEFINITIONS_BY_UNIT: ReadonlyMap<string, UnitDefinition> = new Map(Object.entries(UNIT_DEFINITIONS));

/** from → to → factor, computed once so every conversion between two units uses the same number. */
const CONVERSION_TABLE: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(
  UNITS.map((from) => [
    from,
    new Map(
      UNITS.filter((to) => UNIT_DEFINITIONS[to].dimension === UNIT_DEFINITIONS[from].dimension).map((to) => [
        to,
        from === to ? 1 : UNIT_DEFINITIONS[from].toBase / UNIT_DEFINITIONS[to].toBase,
      ]),
    ),
  ]),
);

export type UnitConversionFailure = 'unknown-unit' | 'incompatible-dimensions';

export class UnitConversionError extends Error {
  override readonly name = 'UnitConversionError';

  constructor(
    readonly reason: UnitConversionFailure,
    readonly from: string,
    readonly to: string,
    message: string,
  ) {
    super(message);
  }
}

export function isUnit(value: string): value is Unit {
  return DEFINITIONS_BY_UNIT.has(value);
}

export function dimensionOf(unit: Unit): Dimension {
  return UNIT_DEFINITIONS[unit].dimension;
}

export function unitsOfDimension(dimension: Dimension): readonly Unit[] {
  return UNITS.filter((unit) => UNIT_DEFINITIONS[unit].dimension === dimension);
}

export function unitDefinition(unit: Unit): string {
  return UNIT_DEFINITIONS[unit].definition;
}

export function isMassUnit(value: string): value is MassUnit {
  return DEFINITIONS_BY_UNIT.get(value)?.dimension === 'mass';
}

export function isEnergyUnit(value: string): value is EnergyUnit {
  return DEFINITIONS_BY_UNIT.get(value)?.dimension === 'energy';
}

/** The factor that turns a quantity in `from` into `to`, or undefined when the two do not share a dimension. */
export function findConversionFactor(from: string, to: string): number | undefined {
  return CONVERSION_TABLE.get(from)?.get(to);
}

export function conversionFactor(from: Unit, to: Unit): number {
  const factor = findConversionFactor(from, to);
  if (factor !== undefined) return factor;
  for (const unit of [from, to]) {
    if (!isUnit(unit)) {
      throw new UnitConversionError('unknown-unit', from, to, `Unknown unit "${unit}"`);
    }
  }
  throw new UnitConversionError(
    'incompatible-dimensions',
    from,
    to,
    `Cannot convert ${from} (${dimensionOf(from)}) to ${to} (${dimensionOf(to)})`,
  );
}

export function convert(value: number, from: Unit, to: Unit): number {
  return value * conversionFactor(from, to);
}

/** The units whose name, dimension or definition contain the search (case-insensitive): the units table's filter. */
export function unitsMatching(search: string): Unit[] {
  const words = search.trim().toLowerCase();
  return UNITS.filter((unit) =>
    `${unit} ${dimensionOf(unit)} ${unitDefinition(unit)}`.toLowerCase().includes(words),
  );
}
