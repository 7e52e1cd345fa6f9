import type { GasId, GwpSetId } from './gwp.ts';
import type { EnergyUnit, MassUnit, Unit } from './units.ts';

/**
 * The emission factors shipped with the product. Every value is copied as published, in the published units
 * (lb/MWh stays lb/MWh, g/gal stays g/gal): the engine converts, so an auditor can hold each number against
 * its source table.
 */

export type Scope = 1 | 2 | 3;
export type Scope3Category = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15;
/** What an electricity factor represents, which decides how it may be used in Scope 2 reporting. */
export type ElectricityBasis = 'grid-average' | 'residual-mix' | 'supplier-specific';
/** Gross (higher) or net (lower) calorific value: a factor per energy unit applies only on its own basis. */
export type CalorificBasis = 'gross' | 'net';

export interface GasFactor {
  readonly value: number;
  /** Mass of the gas per one `per` unit of activity. */
  readonly unit: MassUnit;
}

export interface HeatContent {
  readonly value: number;
  readonly energy: EnergyUnit;
  readonly per: Unit;
}

/**
 * A factor published only as CO2e (UK DESNZ). Its CO2e was computed by the publisher with `gwp`, so it cannot
 * be re-based to another GWP set and yields no per-gas masses.
 */
export interface PublishedCo2eFactor {
  readonly value: number;
  readonly unit: MassUnit;
  readonly gwp: GwpSetId;
}

export interface EmissionFactor {
  readonly id: string;
  readonly name: string;
  readonly source: string;
  readonly year: number;
  readonly per: Unit;
  readonly gases: Readonly<Partial<Record<GasId, GasFactor>>>;
  readonly co2e?: PublishedCo2eFactor;
  readonly hhv?: HeatContent;
  readonly scope: Scope;
  readonly category?: Scope3Category;
  readonly electricityBasis?: ElectricityBasis;
  readonly calorificBasis?: CalorificBasis;
}

function freezeFactor(factor: EmissionFactor): EmissionFactor {
  for (const gas of Object.values(factor.gases)) Object.freeze(gas);
  Object.freeze(factor.gases);
  if (factor.hhv) Object.freeze(factor.hhv);
  if (factor.co2e) Object.freeze(factor.co2e);
  return Object.freeze(factor);
}

// ---------------------------------------------------------------------------------------------------------
// 40 CFR Part 98, subpart C (General Stationary Fuel Combustion), Tier 1 defaults.
// Table C-1: default high heat value (HHV) and kg CO2/mmBtu. Table C-2: kg CH4/mmBtu and kg N2O/mmBtu by
// fuel group. `year` is the edition the values were taken from (40 CFR 98 as it stands in 2024; the same
// numbers appear in the EPA GHG Emission Factors Hub 2024, Table 1).
// ---------------------------------------------------------------------------------------------------------

const SUBPART_C_SOURCE =
  '40 CFR Part 98, subpart C, Table C-1 (HHV, kg CO2/mmBtu) and Table C-2 (kg CH4, kg N2O/mmBtu)';
const SUBPART_C_YEAR = 2024;

/** Table C-2 rows by fuel group (kg per mmBtu). */
const TABLE_C2 = {
  naturalGas: { CH4: 1.0e-3, N2O: 1.0e-4 }, // Table C-2, "Natural Gas"
  petroleum: { CH4: 3.0e-3, N2O: 6.0e-4 }, // Table C-2, "Petroleum Products (All fuel types in Table C-1)"
  coal: { CH4: 1.1e-2, N2O: 1.6e-3 }, // Table C-2, "Coal and Coke (All fuel types in Table C-1)"
} as const;

function subpartCFactor(
  slug: string,
  name: string,
  hhv: { readonly value: number; readonly per: Unit },
  co2PerMmBtu: number,
  group: (typeof TABLE_C2)[keyof typeof TABLE_C2],
): EmissionFactor {
  return freezeFactor({
    id: `epa-c1-${slug}`,
    name,
    source: SUBPART_C_SOURCE,
    year: SUBPART_C_YEAR,
    per: 'mmBtu',
    gases: {
      CO2: { value: co2PerMmBtu, unit: 'kg' },
      CH4: { value: group.CH4, unit: 'kg' },
      N2O: { value: group.N2O, unit: 'kg' },
    },
    hhv: { value: hhv.value, energy: 'mmBtu', per: hhv.per },
    scope: 1,
    // Table C-1 heat contents are higher (gross) heating values.
    calorificBasis: 'gross',
  });
}

const SUBPART_C_FACTORS: readonly EmissionFactor[] = [
  // Table C-1, "Natural Gas (Weighted U.S. Average)": 1.026E-03 mmBtu/scf, 53.06 kg CO2/mmBtu.
  subpartCFactor(
    'natural-gas',
    'Natural gas (weighted U.S. average)',
    { value: 1.026e-3, per: 'scf' },
    53.06,
    TABLE_C2.naturalGas,
  ),
  // Table C-1, "Distillate Fuel Oil No. 2": 0.138 mmBtu/gal, 73.96 kg CO2/mmBtu.
  subpartCFactor(
    'distillate-fuel-oil-no-2',
    'Distillate fuel oil No. 2',
    { value: 0.138, per: 'gal' },
    73.96,
    TABLE_C2.petroleum,
  ),
  // Table C-1, "Propane": 0.091 mmBtu/gal, 62.87 kg CO2/mmBtu.
  subpartCFactor('propane', 'Propane', { value: 0.091, per: 'gal' }, 62.87, TABLE_C2.petroleum),
  // Table C-1, "Motor Gasoline": 0.125 mmBtu/gal, 70.22 kg CO2/mmBtu.
  subpartCFactor('motor-gasoline', 'Motor gasoline', { value: 0.125, per: 'gal' }, 70.22, TABLE_C2.petroleum),
  // Table C-1, "Kerosene-Type Jet Fuel": 0.135 mmBtu/gal, 72.22 kg CO2/mmBtu.
  subpartCFactor(
    'kerosene-type-jet-fuel',
    'Kerosene-type jet fuel',
    { value: 0.135, per: 'gal' },
    72.22,
    TABLE_C2.petroleum,
  ),
  // Table C-1, "Anthracite": 25.09 mmBtu/short ton, 103.69 kg CO2/mmBtu.
  subpartCFactor(
    'anthracite-coal',
    'Anthracite coal',
    { value: 25.09, per: 'short_ton' },
    103.69,
    TABLE_C2.coal,
  ),
  // Table C-1, "Bituminous": 24.93 mmBtu/short ton, 93.28 kg CO2/mmBtu.
  subpartCFactor(
    'bituminous-coal',
    'Bituminous coal',
    { value: 24.93, per: 'short_ton' },
    93.28,
    TABLE_C2.coal,
  ),
  // Table C-1, "Subbituminous": 17.25 mmBtu/short ton, 97.17 kg CO2/mmBtu.
  subpartCFactor(
    'sub-bituminous-coal',
    'Sub-bituminous coal',
    { value: 17.25, per: 'short_ton' },
    97.17,
    TABLE_C2.coal,
  ),
  // Table C-1, "Lignite": 14.21 mmBtu/short ton, 97.72 kg CO2/mmBtu.
  subpartCFactor('lignite-coal', 'Lignite coal', { value: 14.21, per: 'short_ton' }, 97.72, TABLE_C2.coal),
];

// ---------------------------------------------------------------------------------------------------------
// EPA GHG Emission Factors Hub 2024. Table 1 (stationary combustion) per physical unit: kg CO2, g CH4 and
// g N2O per scf, gallon or short ton, with the HHV it was derived with. Table 2 (mobile combustion) gives CO2
// per gallon; vehicle CH4 and N2O depend on vehicle type and model year (on-road: per mile) and are left out.
// ---------------------------------------------------------------------------------------------------------

const HUB_SOURCE = 'EPA GHG Emission Factors Hub 2024';
const HUB_YEAR = 2024;

function hubStationaryFactor(
  slug: string,
  name: string,
  per: Unit,
  perUnit: { readonly CO2kg: number; readonly CH4g: number; readonly N2Og: number },
  hhvMmBtu: number,
): EmissionFactor {
  return freezeFactor({
    id: `epa-hub-2024-${slug}`,
    name,
    source: `${HUB_SOURCE}, Table 1 (stationary combustion)`,
    year: HUB_YEAR,
    per,
    gases: {
      CO2: { value: perUnit.CO2kg, unit: 'kg' },
      CH4: { value: perUnit.CH4g, unit: 'g' },
      N2O: { value: perUnit.N2Og, unit: 'g' },
    },
    hhv: { value: hhvMmBtu, energy: 'mmBtu', per },
    scope: 1,
    calorificBasis: 'gross',
  });
}

function hubMobileFactor(slug: string, name: string, co2KgPerGallon: number): EmissionFactor {
  return freezeFactor({
    id: `epa-hub-2024-mobile-${slug}`,
    name,
    source: `${HUB_SOURCE}, Table 2 (mobile combustion CO2)`,
    year: HUB_YEAR,
    per: 'gal',
    gases: { CO2: { value: co2KgPerGallon, unit: 'kg' } },
    scope: 1,
  });
}

const EPA_HUB_FACTORS: readonly EmissionFactor[] = [
  // Table 1, Natural Gas: 0.001026 mmBtu/scf; 0.05444 kg CO2, 0.00103 g CH4, 0.00010 g N2O per scf.
  hubStationaryFactor(
    'natural-gas-scf',
    'Natural gas, per scf',
    'scf',
    { CO2kg: 0.05444, CH4g: 0.00103, N2Og: 0.0001 },
    0.001026,
  ),
  // Table 1, Distillate Fuel Oil No. 2: 0.138 mmBtu/gal; 10.21 kg CO2, 0.41 g CH4, 0.08 g N2O per gallon.
  hubStationaryFactor(
    'distillate-fuel-oil-no-2-gal',
    'Distillate fuel oil No. 2, per gallon',
    'gal',
    { CO2kg: 10.21, CH4g: 0.41, N2Og: 0.08 },
    0.138,
  ),
  // Table 1, Propane: 0.091 mmBtu/gal; 5.72 kg CO2, 0.27 g CH4, 0.05 g N2O per gallon.
  hubStationaryFactor(
    'propane-gal',
    'Propane, per gallon',
    'gal',
    { CO2kg: 5.72, CH4g: 0.27, N2Og: 0.05 },
    0.091,
  ),
  // Table 1, Motor Gasoline: 0.125 mmBtu/gal; 8.78 kg CO2, 0.38 g CH4, 0.08 g N2O per gallon.
  hubStationaryFactor(
    'motor-gasoline-gal',
    'Motor gasoline (stationary), per gallon',
    'gal',
    { CO2kg: 8.78, CH4g: 0.38, N2Og: 0.08 },
    0.125,
  ),
  // Table 1, Bituminous: 24.93 mmBtu/short ton; 2,325 kg CO2, 274 g CH4, 40 g N2O per short ton.
  hubStationaryFactor(
    'bituminous-coal-short-ton',
    'Bituminous coal, per short ton',
    'short_ton',
    { CO2kg: 2325, CH4g: 274, N2Og: 40 },
    24.93,
  ),
  // Table 1, Sub-bituminous: 17.25 mmBtu/short ton; 1,676 kg CO2, 190 g CH4, 28 g N2O per short ton.
  hubStationaryFactor(
    'sub-bituminous-coal-short-ton',
    'Sub-bituminous coal, per short ton',
    'short_ton',
    { CO2kg: 1676, CH4g: 190, N2Og: 28 },
    17.25,
  ),
  // Table 2, Motor Gasoline: 8.78 kg CO2/gallon.
  hubMobileFactor('motor-gasoline-gal', 'Motor gasoline (vehicles), CO2 per gallon', 8.78),
  // Table 2, Diesel Fuel: 10.21 kg CO2/gallon.
  hubMobileFactor('diesel-gal', 'Diesel fuel (vehicles), CO2 per gallon', 10.21),
];

// ---------------------------------------------------------------------------------------------------------
// EPA eGRID2022 (released January 2024; data year 2022), total output emission rates in lb/MWh, as listed
// in the EPA GHG Emission Factors Hub 2024, Table 6. Grid averages: location-based Scope 2, and in
// market-based reporting only as the disclosed fallback where no residual mix exists.
// ---------------------------------------------------------------------------------------------------------

const EGRID_SOURCE =
  'EPA eGRID2022, total output emission rates (EPA GHG Emission Factors Hub 2024, Table 6)';

function egridFactor(
  slug: string,
  name: string,
  lbPerMWh: { readonly CO2: number; readonly CH4: number; readonly N2O: number },
): EmissionFactor {
  return freezeFactor({
    id: `egrid-2022-${slug}`,
    name,
    source: EGRID_SOURCE,
    year: 2022,
    per: 'MWh',
    gases: {
      CO2: { value: lbPerMWh.CO2, unit: 'lb' },
      CH4: { value: lbPerMWh.CH4, unit: 'lb' },
      N2O: { value: lbPerMWh.N2O, unit: 'lb' },
    },
    scope: 2,
    electricityBasis: 'grid-average',
  });
}

const EGRID_FACTORS: readonly EmissionFactor[] = [
  // U.S. total: 823.1 lb CO2, 0.066 lb CH4, 0.009 lb N2O per MWh.
  egridFactor('us-average', 'U.S. grid average electricity', { CO2: 823.1, CH4: 0.066, N2O: 0.009 }),
  // CAMX (WECC California): 497.4, 0.030, 0.004 lb/MWh.
  egridFactor('camx', 'eGRID subregion CAMX (WECC California)', { CO2: 497.4, CH4: 0.03, N2O: 0.004 }),
  // ERCT (ERCOT All): 771.1, 0.049, 0.007 lb/MWh.
  egridFactor('erct', 'eGRID subregion ERCT (ERCOT All)', { CO2: 771.1, CH4: 0.049, N2O: 0.007 }),
  // NEWE (NPCC New England): 536.4, 0.063, 0.008 lb/MWh.
  egridFactor('newe', 'eGRID subregion NEWE (NPCC New England)', { CO2: 536.4, CH4: 0.063, N2O: 0.008 }),
  // NWPP (WECC Northwest): 602.1, 0.056, 0.008 lb/MWh.
  egridFactor('nwpp', 'eGRID subregion NWPP (WECC Northwest)', { CO2: 602.1, CH4: 0.056, N2O: 0.008 }),
  // NYCW (NPCC NYC/Westchester): 885.2, 0.023, 0.003 lb/MWh.
  egridFactor('nycw', 'eGRID subregion NYCW (NPCC NYC/Westchester)', { CO2: 885.2, CH4: 0.023, N2O: 0.003 }),
  // RFCE (RFC East): 657.4, 0.045, 0.006 lb/MWh.
  egridFactor('rfce', 'eGRID subregion RFCE (RFC East)', { CO2: 657.4, CH4: 0.045, N2O: 0.006 }),
];

// ---------------------------------------------------------------------------------------------------------
// UK government GHG conversion factors for company reporting 2024 (DESNZ), published as kg CO2e per kWh.
// The engine uses them as published CO2e (see PublishedCo2eFactor): DESNZ computes CO2e with AR5 GWP-100,
// and its per-gas columns are themselves CO2e, so turning them into masses would need a back-calculation
// the source does not publish.
// ---------------------------------------------------------------------------------------------------------

const DESNZ_SOURCE = 'UK Government GHG Conversion Factors for Company Reporting 2024 (DESNZ)';

const DESNZ_FACTORS: readonly EmissionFactor[] = [
  freezeFactor({
    id: 'desnz-2024-uk-electricity',
    name: 'UK electricity (generation, excluding transmission and distribution losses)',
    source: `${DESNZ_SOURCE}, "UK electricity"`,
    year: 2024,
    per: 'kWh',
    gases: {},
    // "UK electricity", kWh: 0.20705 kg CO2e per kWh.
    co2e: { value: 0.20705, unit: 'kg', gwp: 'AR5' },
    scope: 2,
    electricityBasis: 'grid-average',
  }),
  freezeFactor({
    id: 'desnz-2024-natural-gas-gross-cv',
    name: 'Natural gas, per kWh (gross calorific value)',
    source: `${DESNZ_SOURCE}, "Fuels: Natural gas"`,
    year: 2024,
    per: 'kWh',
    gases: {},
    // "Natural gas", kWh (Gross CV): 0.18290 kg CO2e per kWh.
    co2e: { value: 0.1829, unit: 'kg', gwp: 'AR5' },
    scope: 1,
    calorificBasis: 'gross',
  }),
];

export const FACTOR_LIBRARY: readonly EmissionFactor[] = Object.freeze([
  ...SUBPART_C_FACTORS,
  ...EPA_HUB_FACTORS,
  ...EGRID_FACTORS,
  ...DESNZ_FACTORS,
]);

/** Looks a factor up by id: the library's own lookup, or a realm's (library plus its custom factors). */
export interface FactorLookup {
  get(id: string): EmissionFactor | undefined;
}

export const FACTOR_LIBRARY_BY_ID: ReadonlyMap<string, EmissionFactor> = new Map(
  FACTOR_LIBRARY.map((factor) => [factor.id, factor]),
);
