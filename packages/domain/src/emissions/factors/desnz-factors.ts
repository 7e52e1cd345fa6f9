import type { Unit } from '../units.ts';
import { freezeFactor, type CalorificBasis, type EmissionFactor } from './emission-factor.ts';

/**
 * UK Government GHG Conversion Factors for Company Reporting (DESNZ), published as kg CO2e per unit. The
 * engine uses them as published CO2e (see PublishedCo2eFactor): DESNZ computes CO2e with AR5 GWP-100, and its
 * per-gas columns are themselves CO2e, so turning them into masses would need a back-calculation the source does
 * not publish.
 */

const DESNZ_SOURCE = 'UK DESNZ, Government GHG Conversion Factors for Company Reporting 2024';
const DESNZ_YEAR = 2024;

const DESNZ_2023_SOURCE =
  'UK DESNZ, Government GHG Conversion Factors for Company Reporting 2023 (flat file, version 1.1), sheet "Factors by Category"';
const DESNZ_2023_YEAR = 2023;

/** The flat file's units of measure as the engine names them; kWh only on the gross calorific value basis. */
const FLAT_FILE_UNITS = {
  tonnes: { per: 't', words: 'per tonne' },
  litres: { per: 'L', words: 'per litre' },
  'cubic metres': { per: 'm3', words: 'per cubic metre' },
  'kWh (Gross CV)': { per: 'kWh', words: 'per kWh (gross CV)', calorificBasis: 'gross' },
} as const satisfies Record<string, { per: Unit; words: string; calorificBasis?: CalorificBasis }>;

interface FuelRow {
  /** The flat file's ID column, which names the row uniquely in that edition. */
  readonly flatFileId: string;
  /** Level 2 and Level 3 of the flat file (Scope 1, Level 1 "Fuels"). */
  readonly group: 'Gaseous fuels' | 'Liquid fuels' | 'Solid fuels';
  readonly fuel: string;
  readonly uom: keyof typeof FLAT_FILE_UNITS;
  /** The "kg CO2e" row's GHG Conversion Factor 2023, rounded as the file displays it (5 decimals). */
  readonly co2eKg: number;
}

/**
 * Every Scope 1 fuel of the 2023 flat file per tonne, litre, cubic metre and kWh (gross CV), read from
 * ghg-conversion-factors-2023-flat-file-update.xlsx; units the file leaves blank for a fuel are absent here too.
 */
// prettier-ignore
const FUELS_2023: readonly FuelRow[] = [
  { flatFileId: '1_100_1000_15_1', group: 'Gaseous fuels', fuel: 'Butane', uom: 'tonnes', co2eKg: 3033.38067 },
  { flatFileId: '1_100_1000_8_1', group: 'Gaseous fuels', fuel: 'Butane', uom: 'litres', co2eKg: 1.74533 },
  { flatFileId: '1_100_1000_6_1', group: 'Gaseous fuels', fuel: 'Butane', uom: 'kWh (Gross CV)', co2eKg: 0.22241 },
  { flatFileId: '1_100_1001_15_1', group: 'Gaseous fuels', fuel: 'CNG', uom: 'tonnes', co2eKg: 2562.57441 },
  { flatFileId: '1_100_1001_8_1', group: 'Gaseous fuels', fuel: 'CNG', uom: 'litres', co2eKg: 0.44845 },
  { flatFileId: '1_100_1001_6_1', group: 'Gaseous fuels', fuel: 'CNG', uom: 'kWh (Gross CV)', co2eKg: 0.18293 },
  { flatFileId: '1_100_1002_15_1', group: 'Gaseous fuels', fuel: 'LNG', uom: 'tonnes', co2eKg: 2581.98441 },
  { flatFileId: '1_100_1002_8_1', group: 'Gaseous fuels', fuel: 'LNG', uom: 'litres', co2eKg: 1.16833 },
  { flatFileId: '1_100_1002_6_1', group: 'Gaseous fuels', fuel: 'LNG', uom: 'kWh (Gross CV)', co2eKg: 0.18432 },
  { flatFileId: '1_100_1003_15_1', group: 'Gaseous fuels', fuel: 'LPG', uom: 'tonnes', co2eKg: 2939.36095 },
  { flatFileId: '1_100_1003_8_1', group: 'Gaseous fuels', fuel: 'LPG', uom: 'litres', co2eKg: 1.55713 },
  { flatFileId: '1_100_1003_6_1', group: 'Gaseous fuels', fuel: 'LPG', uom: 'kWh (Gross CV)', co2eKg: 0.2145 },
  { flatFileId: '1_100_1004_15_1', group: 'Gaseous fuels', fuel: 'Natural gas', uom: 'tonnes', co2eKg: 2562.57441 },
  { flatFileId: '1_100_1004_1_1', group: 'Gaseous fuels', fuel: 'Natural gas', uom: 'cubic metres', co2eKg: 2.03839 },
  { flatFileId: '1_100_1004_6_1', group: 'Gaseous fuels', fuel: 'Natural gas', uom: 'kWh (Gross CV)', co2eKg: 0.18293 },
  { flatFileId: '1_100_1005_15_1', group: 'Gaseous fuels', fuel: 'Natural gas (100% mineral blend)', uom: 'tonnes', co2eKg: 2581.98441 },
  { flatFileId: '1_100_1005_1_1', group: 'Gaseous fuels', fuel: 'Natural gas (100% mineral blend)', uom: 'cubic metres', co2eKg: 2.05383 },
  { flatFileId: '1_100_1005_6_1', group: 'Gaseous fuels', fuel: 'Natural gas (100% mineral blend)', uom: 'kWh (Gross CV)', co2eKg: 0.18432 },
  { flatFileId: '1_100_1006_15_1', group: 'Gaseous fuels', fuel: 'Other petroleum gas', uom: 'tonnes', co2eKg: 2578.24647 },
  { flatFileId: '1_100_1006_8_1', group: 'Gaseous fuels', fuel: 'Other petroleum gas', uom: 'litres', co2eKg: 0.94442 },
  { flatFileId: '1_100_1006_6_1', group: 'Gaseous fuels', fuel: 'Other petroleum gas', uom: 'kWh (Gross CV)', co2eKg: 0.18323 },
  { flatFileId: '1_100_1007_15_1', group: 'Gaseous fuels', fuel: 'Propane', uom: 'tonnes', co2eKg: 2997.63233 },
  { flatFileId: '1_100_1007_8_1', group: 'Gaseous fuels', fuel: 'Propane', uom: 'litres', co2eKg: 1.54358 },
  { flatFileId: '1_100_1007_6_1', group: 'Gaseous fuels', fuel: 'Propane', uom: 'kWh (Gross CV)', co2eKg: 0.2141 },
  { flatFileId: '1_101_1008_15_1', group: 'Liquid fuels', fuel: 'Aviation spirit', uom: 'tonnes', co2eKg: 3193.6948 },
  { flatFileId: '1_101_1008_8_1', group: 'Liquid fuels', fuel: 'Aviation spirit', uom: 'litres', co2eKg: 2.33116 },
  { flatFileId: '1_101_1008_6_1', group: 'Liquid fuels', fuel: 'Aviation spirit', uom: 'kWh (Gross CV)', co2eKg: 0.24382 },
  { flatFileId: '1_101_1009_15_1', group: 'Liquid fuels', fuel: 'Aviation turbine fuel', uom: 'tonnes', co2eKg: 3178.3652 },
  { flatFileId: '1_101_1009_8_1', group: 'Liquid fuels', fuel: 'Aviation turbine fuel', uom: 'litres', co2eKg: 2.54269 },
  { flatFileId: '1_101_1009_6_1', group: 'Liquid fuels', fuel: 'Aviation turbine fuel', uom: 'kWh (Gross CV)', co2eKg: 0.24758 },
  { flatFileId: '1_101_1010_15_1', group: 'Liquid fuels', fuel: 'Burning oil', uom: 'tonnes', co2eKg: 3165.04181 },
  { flatFileId: '1_101_1010_8_1', group: 'Liquid fuels', fuel: 'Burning oil', uom: 'litres', co2eKg: 2.54016 },
  { flatFileId: '1_101_1010_6_1', group: 'Liquid fuels', fuel: 'Burning oil', uom: 'kWh (Gross CV)', co2eKg: 0.24677 },
  { flatFileId: '1_101_1011_15_1', group: 'Liquid fuels', fuel: 'Diesel (average biofuel blend)', uom: 'tonnes', co2eKg: 3015.65462 },
  { flatFileId: '1_101_1011_8_1', group: 'Liquid fuels', fuel: 'Diesel (average biofuel blend)', uom: 'litres', co2eKg: 2.51206 },
  { flatFileId: '1_101_1011_6_1', group: 'Liquid fuels', fuel: 'Diesel (average biofuel blend)', uom: 'kWh (Gross CV)', co2eKg: 0.23908 },
  { flatFileId: '1_101_1012_15_1', group: 'Liquid fuels', fuel: 'Diesel (100% mineral diesel)', uom: 'tonnes', co2eKg: 3203.91143 },
  { flatFileId: '1_101_1012_8_1', group: 'Liquid fuels', fuel: 'Diesel (100% mineral diesel)', uom: 'litres', co2eKg: 2.65937 },
  { flatFileId: '1_101_1012_6_1', group: 'Liquid fuels', fuel: 'Diesel (100% mineral diesel)', uom: 'kWh (Gross CV)', co2eKg: 0.25193 },
  { flatFileId: '1_101_1013_15_1', group: 'Liquid fuels', fuel: 'Fuel oil', uom: 'tonnes', co2eKg: 3228.89019 },
  { flatFileId: '1_101_1013_8_1', group: 'Liquid fuels', fuel: 'Fuel oil', uom: 'litres', co2eKg: 3.17492 },
  { flatFileId: '1_101_1013_6_1', group: 'Liquid fuels', fuel: 'Fuel oil', uom: 'kWh (Gross CV)', co2eKg: 0.26813 },
  { flatFileId: '1_101_1014_15_1', group: 'Liquid fuels', fuel: 'Gas oil', uom: 'tonnes', co2eKg: 3226.57859 },
  { flatFileId: '1_101_1014_8_1', group: 'Liquid fuels', fuel: 'Gas oil', uom: 'litres', co2eKg: 2.75541 },
  { flatFileId: '1_101_1014_6_1', group: 'Liquid fuels', fuel: 'Gas oil', uom: 'kWh (Gross CV)', co2eKg: 0.2565 },
  { flatFileId: '1_101_1015_15_1', group: 'Liquid fuels', fuel: 'Lubricants', uom: 'tonnes', co2eKg: 3180.99992 },
  { flatFileId: '1_101_1015_8_1', group: 'Liquid fuels', fuel: 'Lubricants', uom: 'litres', co2eKg: 2.74934 },
  { flatFileId: '1_101_1015_6_1', group: 'Liquid fuels', fuel: 'Lubricants', uom: 'kWh (Gross CV)', co2eKg: 0.26414 },
  { flatFileId: '1_101_1016_15_1', group: 'Liquid fuels', fuel: 'Naphtha', uom: 'tonnes', co2eKg: 3142.3789 },
  { flatFileId: '1_101_1016_8_1', group: 'Liquid fuels', fuel: 'Naphtha', uom: 'litres', co2eKg: 2.11894 },
  { flatFileId: '1_101_1016_6_1', group: 'Liquid fuels', fuel: 'Naphtha', uom: 'kWh (Gross CV)', co2eKg: 0.23647 },
  { flatFileId: '1_101_1017_15_1', group: 'Liquid fuels', fuel: 'Petrol (average biofuel blend)', uom: 'tonnes', co2eKg: 2806.65935 },
  { flatFileId: '1_101_1017_8_1', group: 'Liquid fuels', fuel: 'Petrol (average biofuel blend)', uom: 'litres', co2eKg: 2.09747 },
  { flatFileId: '1_101_1017_6_1', group: 'Liquid fuels', fuel: 'Petrol (average biofuel blend)', uom: 'kWh (Gross CV)', co2eKg: 0.22166 },
  { flatFileId: '1_101_1018_15_1', group: 'Liquid fuels', fuel: 'Petrol (100% mineral petrol)', uom: 'tonnes', co2eKg: 3154.08213 },
  { flatFileId: '1_101_1018_8_1', group: 'Liquid fuels', fuel: 'Petrol (100% mineral petrol)', uom: 'litres', co2eKg: 2.34503 },
  { flatFileId: '1_101_1018_6_1', group: 'Liquid fuels', fuel: 'Petrol (100% mineral petrol)', uom: 'kWh (Gross CV)', co2eKg: 0.24171 },
  { flatFileId: '1_101_1019_15_1', group: 'Liquid fuels', fuel: 'Processed fuel oils - residual oil', uom: 'tonnes', co2eKg: 3228.89019 },
  { flatFileId: '1_101_1019_8_1', group: 'Liquid fuels', fuel: 'Processed fuel oils - residual oil', uom: 'litres', co2eKg: 3.17492 },
  { flatFileId: '1_101_1019_6_1', group: 'Liquid fuels', fuel: 'Processed fuel oils - residual oil', uom: 'kWh (Gross CV)', co2eKg: 0.26813 },
  { flatFileId: '1_101_1020_15_1', group: 'Liquid fuels', fuel: 'Processed fuel oils - distillate oil', uom: 'tonnes', co2eKg: 3226.57859 },
  { flatFileId: '1_101_1020_8_1', group: 'Liquid fuels', fuel: 'Processed fuel oils - distillate oil', uom: 'litres', co2eKg: 2.75541 },
  { flatFileId: '1_101_1020_6_1', group: 'Liquid fuels', fuel: 'Processed fuel oils - distillate oil', uom: 'kWh (Gross CV)', co2eKg: 0.2565 },
  { flatFileId: '1_101_1021_15_1', group: 'Liquid fuels', fuel: 'Refinery miscellaneous', uom: 'tonnes', co2eKg: 2944.32093 },
  { flatFileId: '1_101_1021_6_1', group: 'Liquid fuels', fuel: 'Refinery miscellaneous', uom: 'kWh (Gross CV)', co2eKg: 0.24663 },
  { flatFileId: '1_101_1022_15_1', group: 'Liquid fuels', fuel: 'Waste oils', uom: 'tonnes', co2eKg: 3219.37916 },
  { flatFileId: '1_101_1022_8_1', group: 'Liquid fuels', fuel: 'Waste oils', uom: 'litres', co2eKg: 2.74924 },
  { flatFileId: '1_101_1022_6_1', group: 'Liquid fuels', fuel: 'Waste oils', uom: 'kWh (Gross CV)', co2eKg: 0.25641 },
  { flatFileId: '1_101_1023_15_1', group: 'Liquid fuels', fuel: 'Marine gas oil', uom: 'tonnes', co2eKg: 3245.30441 },
  { flatFileId: '1_101_1023_8_1', group: 'Liquid fuels', fuel: 'Marine gas oil', uom: 'litres', co2eKg: 2.77139 },
  { flatFileId: '1_101_1023_6_1', group: 'Liquid fuels', fuel: 'Marine gas oil', uom: 'kWh (Gross CV)', co2eKg: 0.25798 },
  { flatFileId: '1_101_1024_15_1', group: 'Liquid fuels', fuel: 'Marine fuel oil', uom: 'tonnes', co2eKg: 3154.75334 },
  { flatFileId: '1_101_1024_8_1', group: 'Liquid fuels', fuel: 'Marine fuel oil', uom: 'litres', co2eKg: 3.10202 },
  { flatFileId: '1_101_1024_6_1', group: 'Liquid fuels', fuel: 'Marine fuel oil', uom: 'kWh (Gross CV)', co2eKg: 0.26197 },
  { flatFileId: '1_102_1025_15_1', group: 'Solid fuels', fuel: 'Coal (industrial)', uom: 'tonnes', co2eKg: 2396.47994 },
  { flatFileId: '1_102_1025_6_1', group: 'Solid fuels', fuel: 'Coal (industrial)', uom: 'kWh (Gross CV)', co2eKg: 0.32262 },
  { flatFileId: '1_102_1026_15_1', group: 'Solid fuels', fuel: 'Coal (electricity generation)', uom: 'tonnes', co2eKg: 2199.33448 },
  { flatFileId: '1_102_1026_6_1', group: 'Solid fuels', fuel: 'Coal (electricity generation)', uom: 'kWh (Gross CV)', co2eKg: 0.31737 },
  { flatFileId: '1_102_1027_15_1', group: 'Solid fuels', fuel: 'Coal (domestic)', uom: 'tonnes', co2eKg: 2904.95234 },
  { flatFileId: '1_102_1027_6_1', group: 'Solid fuels', fuel: 'Coal (domestic)', uom: 'kWh (Gross CV)', co2eKg: 0.34721 },
  { flatFileId: '1_102_1028_15_1', group: 'Solid fuels', fuel: 'Coking coal', uom: 'tonnes', co2eKg: 3164.65002 },
  { flatFileId: '1_102_1028_6_1', group: 'Solid fuels', fuel: 'Coking coal', uom: 'kWh (Gross CV)', co2eKg: 0.3579 },
  { flatFileId: '1_102_1029_15_1', group: 'Solid fuels', fuel: 'Petroleum coke', uom: 'tonnes', co2eKg: 3386.57168 },
  { flatFileId: '1_102_1029_6_1', group: 'Solid fuels', fuel: 'Petroleum coke', uom: 'kWh (Gross CV)', co2eKg: 0.34092 },
  { flatFileId: '1_102_1030_15_1', group: 'Solid fuels', fuel: 'Coal (electricity generation - home produced coal only)', uom: 'tonnes', co2eKg: 2195.8967 },
  { flatFileId: '1_102_1030_6_1', group: 'Solid fuels', fuel: 'Coal (electricity generation - home produced coal only)', uom: 'kWh (Gross CV)', co2eKg: 0.31737 },
];

function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function fuelFactor2023(row: FuelRow): EmissionFactor {
  const unit: { per: Unit; words: string; calorificBasis?: CalorificBasis } = FLAT_FILE_UNITS[row.uom];
  return freezeFactor({
    id: `desnz-2023-${slugOf(row.fuel)}-${slugOf(row.uom)}`,
    name: `${row.fuel} (UK DESNZ 2023), ${unit.words}`,
    source: `${DESNZ_2023_SOURCE}, Scope 1 > Fuels > ${row.group} > ${row.fuel}, ${row.uom}, ID ${row.flatFileId}`,
    year: DESNZ_2023_YEAR,
    per: unit.per,
    gases: {},
    co2e: { value: row.co2eKg, unit: 'kg', gwp: 'AR5' },
    scope: 1,
    ...(unit.calorificBasis ? { calorificBasis: unit.calorificBasis } : {}),
  });
}

const ELECTRICITY_2023: readonly EmissionFactor[] = [
  freezeFactor({
    id: 'desnz-2023-uk-electricity',
    name: 'UK electricity generated (UK DESNZ 2023), per kWh',
    source: `${DESNZ_2023_SOURCE}, Scope 2 > UK electricity > Electricity generated > Electricity: UK, kWh, ID 7_400_4000_5_1`,
    year: DESNZ_2023_YEAR,
    per: 'kWh',
    gases: {},
    co2e: { value: 0.20707, unit: 'kg', gwp: 'AR5' },
    scope: 2,
    electricityBasis: 'grid-average',
  }),
  freezeFactor({
    id: 'desnz-2023-uk-electricity-t-and-d',
    name: 'UK electricity transmission and distribution losses (UK DESNZ 2023), per kWh',
    source: `${DESNZ_2023_SOURCE}, Scope 3 > Transmission and distribution > T&D- UK electricity > Electricity: UK, kWh, ID 13_402_4000_5_1`,
    year: DESNZ_2023_YEAR,
    per: 'kWh',
    gases: {},
    co2e: { value: 0.01792, unit: 'kg', gwp: 'AR5' },
    // Losses on the grid are the "fuel- and energy-related activities" of Scope 3 (GHG Protocol category 3).
    scope: 3,
    category: 3,
  }),
];

export const DESNZ_FACTORS: readonly EmissionFactor[] = [
  ...FUELS_2023.map(fuelFactor2023),
  ...ELECTRICITY_2023,
  freezeFactor({
    id: 'desnz-2024-uk-electricity',
    name: 'UK electricity (generation, excluding transmission and distribution losses)',
    source: `${DESNZ_SOURCE}, sheet "UK electricity", "Electricity: UK", kWh`,
    year: DESNZ_YEAR,
    per: 'kWh',
    gases: {},
    // 0.20705 kg CO2e per kWh.
    co2e: { value: 0.20705, unit: 'kg', gwp: 'AR5' },
    scope: 2,
    electricityBasis: 'grid-average',
  }),
  freezeFactor({
    id: 'desnz-2024-natural-gas-gross-cv',
    name: 'Natural gas, per kWh (gross calorific value)',
    source: `${DESNZ_SOURCE}, sheet "Fuels", "Gaseous fuels: Natural gas", kWh (Gross CV)`,
    year: DESNZ_YEAR,
    per: 'kWh',
    gases: {},
    // 0.18290 kg CO2e per kWh (gross CV).
    co2e: { value: 0.1829, unit: 'kg', gwp: 'AR5' },
    scope: 1,
    calorificBasis: 'gross',
  }),
];
