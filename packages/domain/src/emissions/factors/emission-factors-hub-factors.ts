import type { Unit } from '../units.ts';
import { freezeFactor, type EmissionFactor } from './emission-factor.ts';

/**
 * EPA GHG Emission Factors Hub, 2024 edition (U.S. EPA Center for Corporate Climate Leadership), values as
 * published in the Hub's own units:
 * - Table 1, stationary combustion, per physical unit (kg CO2, g CH4, g N2O per scf, gallon or short ton) with the
 *   HHV the Hub derived them with. They are Table C-1 × Table C-2 of 40 CFR 98 rounded as printed (see the test).
 * - Table 2, mobile combustion CO2 per gallon (per scf for CNG). Tables 3 to 5 (vehicle CH4 and N2O by vehicle
 *   type and model year) are not in the library yet.
 * - Table 7, purchased steam and heat per mmBtu delivered.
 */

const HUB = 'U.S. EPA, GHG Emission Factors Hub 2024';
const HUB_YEAR = 2024;

interface StationaryRow {
  readonly slug: string;
  readonly name: string;
  /** The fuel as Table 1 names it. */
  readonly hubFuel: string;
  readonly per: Unit;
  readonly hhvMmBtu: number;
  readonly co2Kg: number;
  readonly ch4G: number;
  readonly n2oG: number;
  /** Biomass CO2 is kept apart from the scopes as `CO2_biogenic` (GHG Protocol Corporate Standard, ch. 9). */
  readonly isBiogenic?: boolean;
}

// prettier-ignore
const TABLE_1: readonly StationaryRow[] = [
  { slug: 'natural-gas-scf', name: 'Natural gas, per scf', hubFuel: 'Natural Gas', per: 'scf', hhvMmBtu: 0.001026, co2Kg: 0.05444, ch4G: 0.00103, n2oG: 0.0001 },
  { slug: 'anthracite-coal-short-ton', name: 'Anthracite coal, per short ton', hubFuel: 'Anthracite Coal', per: 'short_ton', hhvMmBtu: 25.09, co2Kg: 2602, ch4G: 276, n2oG: 40 },
  { slug: 'bituminous-coal-short-ton', name: 'Bituminous coal, per short ton', hubFuel: 'Bituminous Coal', per: 'short_ton', hhvMmBtu: 24.93, co2Kg: 2325, ch4G: 274, n2oG: 40 },
  { slug: 'sub-bituminous-coal-short-ton', name: 'Sub-bituminous coal, per short ton', hubFuel: 'Sub-bituminous Coal', per: 'short_ton', hhvMmBtu: 17.25, co2Kg: 1676, ch4G: 190, n2oG: 28 },
  { slug: 'lignite-coal-short-ton', name: 'Lignite coal, per short ton', hubFuel: 'Lignite Coal', per: 'short_ton', hhvMmBtu: 14.21, co2Kg: 1389, ch4G: 156, n2oG: 23 },
  { slug: 'mixed-coal-commercial-short-ton', name: 'Mixed coal (commercial sector), per short ton', hubFuel: 'Mixed (Commercial Sector)', per: 'short_ton', hhvMmBtu: 21.39, co2Kg: 2016, ch4G: 235, n2oG: 34 },
  { slug: 'mixed-coal-electric-power-short-ton', name: 'Mixed coal (electric power sector), per short ton', hubFuel: 'Mixed (Electric Power Sector)', per: 'short_ton', hhvMmBtu: 19.73, co2Kg: 1885, ch4G: 217, n2oG: 32 },
  { slug: 'mixed-coal-industrial-coking-short-ton', name: 'Mixed coal (industrial coking), per short ton', hubFuel: 'Mixed (Industrial Coking)', per: 'short_ton', hhvMmBtu: 26.28, co2Kg: 2468, ch4G: 289, n2oG: 42 },
  { slug: 'mixed-coal-industrial-short-ton', name: 'Mixed coal (industrial sector), per short ton', hubFuel: 'Mixed (Industrial Sector)', per: 'short_ton', hhvMmBtu: 22.35, co2Kg: 2116, ch4G: 246, n2oG: 36 },
  { slug: 'coal-coke-short-ton', name: 'Coal coke, per short ton', hubFuel: 'Coal Coke', per: 'short_ton', hhvMmBtu: 24.8, co2Kg: 2819, ch4G: 273, n2oG: 40 },
  { slug: 'municipal-solid-waste-short-ton', name: 'Municipal solid waste, per short ton', hubFuel: 'Municipal Solid Waste', per: 'short_ton', hhvMmBtu: 9.95, co2Kg: 902, ch4G: 318, n2oG: 42 },
  { slug: 'petroleum-coke-short-ton', name: 'Petroleum coke (solid), per short ton', hubFuel: 'Petroleum Coke (Solid)', per: 'short_ton', hhvMmBtu: 30.0, co2Kg: 3072, ch4G: 960, n2oG: 126 },
  { slug: 'tires-short-ton', name: 'Tires, per short ton', hubFuel: 'Tires', per: 'short_ton', hhvMmBtu: 28.0, co2Kg: 2407, ch4G: 896, n2oG: 118 },
  { slug: 'wood-and-wood-residuals-short-ton', name: 'Wood and wood residuals, per short ton', hubFuel: 'Wood and Wood Residuals', per: 'short_ton', hhvMmBtu: 17.48, co2Kg: 1640, ch4G: 126, n2oG: 63, isBiogenic: true },
  { slug: 'aviation-gasoline-gal', name: 'Aviation gasoline (stationary), per gallon', hubFuel: 'Aviation Gasoline', per: 'gal', hhvMmBtu: 0.12, co2Kg: 8.31, ch4G: 0.36, n2oG: 0.07 },
  { slug: 'butane-gal', name: 'Butane, per gallon', hubFuel: 'Butane', per: 'gal', hhvMmBtu: 0.103, co2Kg: 6.67, ch4G: 0.31, n2oG: 0.06 },
  { slug: 'distillate-fuel-oil-no-1-gal', name: 'Distillate fuel oil No. 1, per gallon', hubFuel: 'Distillate Fuel Oil No. 1', per: 'gal', hhvMmBtu: 0.139, co2Kg: 10.18, ch4G: 0.42, n2oG: 0.08 },
  { slug: 'distillate-fuel-oil-no-2-gal', name: 'Distillate fuel oil No. 2 (diesel, heating oil), per gallon', hubFuel: 'Distillate Fuel Oil No. 2', per: 'gal', hhvMmBtu: 0.138, co2Kg: 10.21, ch4G: 0.41, n2oG: 0.08 },
  { slug: 'distillate-fuel-oil-no-4-gal', name: 'Distillate fuel oil No. 4, per gallon', hubFuel: 'Distillate Fuel Oil No. 4', per: 'gal', hhvMmBtu: 0.146, co2Kg: 10.96, ch4G: 0.44, n2oG: 0.09 },
  { slug: 'kerosene-gal', name: 'Kerosene, per gallon', hubFuel: 'Kerosene', per: 'gal', hhvMmBtu: 0.135, co2Kg: 10.15, ch4G: 0.41, n2oG: 0.08 },
  { slug: 'kerosene-type-jet-fuel-gal', name: 'Kerosene-type jet fuel (stationary), per gallon', hubFuel: 'Kerosene-Type Jet Fuel', per: 'gal', hhvMmBtu: 0.135, co2Kg: 9.75, ch4G: 0.41, n2oG: 0.08 },
  { slug: 'liquefied-petroleum-gases-gal', name: 'Liquefied petroleum gases (LPG), per gallon', hubFuel: 'Liquefied Petroleum Gases (LPG)', per: 'gal', hhvMmBtu: 0.092, co2Kg: 5.68, ch4G: 0.28, n2oG: 0.06 },
  { slug: 'motor-gasoline-gal', name: 'Motor gasoline (stationary), per gallon', hubFuel: 'Motor Gasoline', per: 'gal', hhvMmBtu: 0.125, co2Kg: 8.78, ch4G: 0.38, n2oG: 0.08 },
  { slug: 'propane-gal', name: 'Propane, per gallon', hubFuel: 'Propane', per: 'gal', hhvMmBtu: 0.091, co2Kg: 5.72, ch4G: 0.27, n2oG: 0.05 },
  { slug: 'residual-fuel-oil-no-5-gal', name: 'Residual fuel oil No. 5, per gallon', hubFuel: 'Residual Fuel Oil No. 5', per: 'gal', hhvMmBtu: 0.14, co2Kg: 10.21, ch4G: 0.42, n2oG: 0.08 },
  { slug: 'residual-fuel-oil-no-6-gal', name: 'Residual fuel oil No. 6, per gallon', hubFuel: 'Residual Fuel Oil No. 6', per: 'gal', hhvMmBtu: 0.15, co2Kg: 11.27, ch4G: 0.45, n2oG: 0.09 },
  { slug: 'used-oil-gal', name: 'Used oil, per gallon', hubFuel: 'Used Oil', per: 'gal', hhvMmBtu: 0.138, co2Kg: 10.21, ch4G: 0.41, n2oG: 0.08 },
];

function stationaryFactor(row: StationaryRow): EmissionFactor {
  return freezeFactor({
    id: `epa-hub-2024-${row.slug}`,
    name: row.name,
    source: `${HUB}, Table 1 (stationary combustion), "${row.hubFuel}"`,
    year: HUB_YEAR,
    per: row.per,
    gases: {
      [row.isBiogenic ? 'CO2_biogenic' : 'CO2']: { value: row.co2Kg, unit: 'kg' },
      CH4: { value: row.ch4G, unit: 'g' },
      N2O: { value: row.n2oG, unit: 'g' },
    },
    hhv: { value: row.hhvMmBtu, energy: 'mmBtu', per: row.per },
    scope: 1,
    calorificBasis: 'gross',
  });
}

interface MobileCo2Row {
  readonly slug: string;
  readonly name: string;
  readonly hubFuel: string;
  readonly per: Unit;
  readonly co2Kg: number;
  readonly isBiogenic?: boolean;
}

// prettier-ignore
const TABLE_2: readonly MobileCo2Row[] = [
  { slug: 'aviation-gasoline-gal', name: 'Aviation gasoline (aircraft), CO2 per gallon', hubFuel: 'Aviation Gasoline', per: 'gal', co2Kg: 8.31 },
  { slug: 'biodiesel-gal', name: 'Biodiesel (100 %, vehicles), CO2 per gallon', hubFuel: 'Biodiesel (100%)', per: 'gal', co2Kg: 9.45, isBiogenic: true },
  { slug: 'cng-scf', name: 'Compressed natural gas (CNG, vehicles), CO2 per scf', hubFuel: 'Compressed Natural Gas (CNG)', per: 'scf', co2Kg: 0.05444 },
  { slug: 'diesel-gal', name: 'Diesel fuel (vehicles), CO2 per gallon', hubFuel: 'Diesel Fuel', per: 'gal', co2Kg: 10.21 },
  { slug: 'ethanol-gal', name: 'Ethanol (100 %, vehicles), CO2 per gallon', hubFuel: 'Ethanol (100%)', per: 'gal', co2Kg: 5.75, isBiogenic: true },
  { slug: 'kerosene-type-jet-fuel-gal', name: 'Kerosene-type jet fuel (aircraft), CO2 per gallon', hubFuel: 'Kerosene-Type Jet Fuel', per: 'gal', co2Kg: 9.75 },
  { slug: 'lng-gal', name: 'Liquefied natural gas (LNG, vehicles), CO2 per gallon', hubFuel: 'Liquefied Natural Gas (LNG)', per: 'gal', co2Kg: 4.5 },
  { slug: 'lpg-gal', name: 'Liquefied petroleum gases (LPG, vehicles), CO2 per gallon', hubFuel: 'Liquefied Petroleum Gases (LPG)', per: 'gal', co2Kg: 5.68 },
  { slug: 'motor-gasoline-gal', name: 'Motor gasoline (vehicles), CO2 per gallon', hubFuel: 'Motor Gasoline', per: 'gal', co2Kg: 8.78 },
  { slug: 'residual-fuel-oil-gal', name: 'Residual fuel oil (ships and boats), CO2 per gallon', hubFuel: 'Residual Fuel Oil', per: 'gal', co2Kg: 11.27 },
];

function mobileFactor(row: MobileCo2Row): EmissionFactor {
  return freezeFactor({
    id: `epa-hub-2024-mobile-${row.slug}`,
    name: row.name,
    source: `${HUB}, Table 2 (mobile combustion CO2), "${row.hubFuel}"`,
    year: HUB_YEAR,
    per: row.per,
    gases: { [row.isBiogenic ? 'CO2_biogenic' : 'CO2']: { value: row.co2Kg, unit: 'kg' } },
    scope: 1,
  });
}

/**
 * Table 7, "Steam and Heat": 66.33 kg CO2, 1.250 g CH4 and 0.125 g N2O per mmBtu of steam or heat bought (the
 * Hub's default: a natural gas boiler at 80 % efficiency). Purchased steam and heat are Scope 2.
 */
const STEAM_AND_HEAT = freezeFactor({
  id: 'epa-hub-2024-steam-and-heat',
  name: 'Purchased steam and heat (U.S. default), per mmBtu',
  source: `${HUB}, Table 7 (steam and heat), "Steam and Heat"`,
  year: HUB_YEAR,
  per: 'mmBtu',
  gases: {
    CO2: { value: 66.33, unit: 'kg' },
    CH4: { value: 1.25, unit: 'g' },
    N2O: { value: 0.125, unit: 'g' },
  },
  scope: 2,
});

export const EMISSION_FACTORS_HUB_FACTORS: readonly EmissionFactor[] = [
  ...TABLE_1.map(stationaryFactor),
  ...TABLE_2.map(mobileFactor),
  STEAM_AND_HEAT,
];
