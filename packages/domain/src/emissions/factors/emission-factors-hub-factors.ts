import type { Unit } from '../units.ts';
import { freezeFactor, type EmissionFactor } from './emission-factor.ts';

/**
 * EPA GHG Emission Factors Hub, 2024 edition (U.S. EPA Center for Corporate Climate Leadership), values as
 * published in the Hub's own units:
 * - Table 1, stationary combustion, per physical unit (kg CO2, g CH4, g N2O per scf, gallon or short ton) with the
 *   HHV the Hub derived them with, every fuel the table prices per unit. They are Table C-1 × Table C-2 of 40 CFR 98
 *   rounded as printed (see the test); the kraft pulping liquors, which the table gives per mmBtu only, per mmBtu.
 * - Table 2, mobile combustion CO2 per gallon (per scf for CNG).
 * - Tables 3 and 4, on-road vehicle CH4 and N2O per vehicle-mile by vehicle type, fuel and model year; Table 5,
 *   non-road vehicle and equipment CH4 and N2O per gallon. CO2 of the same vehicles comes from Table 2 by fuel.
 * - Table 7, purchased steam and heat per mmBtu delivered.
 * Values were read from the Hub's workbook (ghg-emission-factors-hub-2024.xlsx, sheet "Emission Factors Hub", the
 * June 2024 revision) as it displays them, each cell rounded to its own number format.
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
  { slug: 'plastics-short-ton', name: 'Plastics, per short ton', hubFuel: 'Plastics', per: 'short_ton', hhvMmBtu: 38, co2Kg: 2850, ch4G: 1216, n2oG: 160 },
  { slug: 'agricultural-byproducts-short-ton', name: 'Agricultural byproducts, per short ton', hubFuel: 'Agricultural Byproducts', per: 'short_ton', hhvMmBtu: 8.25, co2Kg: 975, ch4G: 264, n2oG: 35, isBiogenic: true },
  { slug: 'peat-short-ton', name: 'Peat, per short ton', hubFuel: 'Peat', per: 'short_ton', hhvMmBtu: 8, co2Kg: 895, ch4G: 256, n2oG: 34 },
  { slug: 'solid-byproducts-short-ton', name: 'Solid byproducts (biomass), per short ton', hubFuel: 'Solid Byproducts', per: 'short_ton', hhvMmBtu: 10.39, co2Kg: 1096, ch4G: 332, n2oG: 44, isBiogenic: true },
  { slug: 'blast-furnace-gas-scf', name: 'Blast furnace gas, per scf', hubFuel: 'Blast Furnace Gas', per: 'scf', hhvMmBtu: 0.000092, co2Kg: 0.02524, ch4G: 0.000002, n2oG: 0.000009 },
  { slug: 'coke-oven-gas-scf', name: 'Coke oven gas, per scf', hubFuel: 'Coke Oven Gas', per: 'scf', hhvMmBtu: 0.000599, co2Kg: 0.02806, ch4G: 0.000288, n2oG: 0.00006 },
  { slug: 'fuel-gas-scf', name: 'Fuel gas (refinery gas), per scf', hubFuel: 'Fuel Gas', per: 'scf', hhvMmBtu: 0.001388, co2Kg: 0.08189, ch4G: 0.004164, n2oG: 0.000833 },
  { slug: 'propane-gas-scf', name: 'Propane gas, per scf', hubFuel: 'Propane Gas', per: 'scf', hhvMmBtu: 0.002516, co2Kg: 0.15463, ch4G: 0.007548, n2oG: 0.00151 },
  { slug: 'landfill-gas-scf', name: 'Landfill gas, per scf', hubFuel: 'Landfill Gas', per: 'scf', hhvMmBtu: 0.000485, co2Kg: 0.025254, ch4G: 0.001552, n2oG: 0.000306, isBiogenic: true },
  { slug: 'other-biomass-gases-scf', name: 'Other biomass gases (biogas), per scf', hubFuel: 'Other Biomass Gases', per: 'scf', hhvMmBtu: 0.000655, co2Kg: 0.034106, ch4G: 0.002096, n2oG: 0.000413, isBiogenic: true },
  { slug: 'asphalt-and-road-oil-gal', name: 'Asphalt and road oil, per gallon', hubFuel: 'Asphalt and Road Oil', per: 'gal', hhvMmBtu: 0.158, co2Kg: 11.91, ch4G: 0.47, n2oG: 0.09 },
  { slug: 'butylene-gal', name: 'Butylene, per gallon', hubFuel: 'Butylene', per: 'gal', hhvMmBtu: 0.105, co2Kg: 7.22, ch4G: 0.32, n2oG: 0.06 },
  { slug: 'crude-oil-gal', name: 'Crude oil, per gallon', hubFuel: 'Crude Oil', per: 'gal', hhvMmBtu: 0.138, co2Kg: 10.29, ch4G: 0.41, n2oG: 0.08 },
  { slug: 'ethane-gal', name: 'Ethane, per gallon', hubFuel: 'Ethane', per: 'gal', hhvMmBtu: 0.068, co2Kg: 4.05, ch4G: 0.2, n2oG: 0.04 },
  { slug: 'ethylene-gal', name: 'Ethylene, per gallon', hubFuel: 'Ethylene', per: 'gal', hhvMmBtu: 0.058, co2Kg: 3.83, ch4G: 0.17, n2oG: 0.03 },
  { slug: 'heavy-gas-oils-gal', name: 'Heavy gas oils, per gallon', hubFuel: 'Heavy Gas Oils', per: 'gal', hhvMmBtu: 0.148, co2Kg: 11.09, ch4G: 0.44, n2oG: 0.09 },
  { slug: 'isobutane-gal', name: 'Isobutane, per gallon', hubFuel: 'Isobutane', per: 'gal', hhvMmBtu: 0.099, co2Kg: 6.43, ch4G: 0.3, n2oG: 0.06 },
  { slug: 'isobutylene-gal', name: 'Isobutylene, per gallon', hubFuel: 'Isobutylene', per: 'gal', hhvMmBtu: 0.103, co2Kg: 7.09, ch4G: 0.31, n2oG: 0.06 },
  { slug: 'lubricants-gal', name: 'Lubricants, per gallon', hubFuel: 'Lubricants', per: 'gal', hhvMmBtu: 0.144, co2Kg: 10.69, ch4G: 0.43, n2oG: 0.09 },
  { slug: 'naphtha-gal', name: 'Naphtha (<401 °F), per gallon', hubFuel: 'Naphtha (<401 deg F)', per: 'gal', hhvMmBtu: 0.125, co2Kg: 8.5, ch4G: 0.38, n2oG: 0.08 },
  { slug: 'natural-gasoline-gal', name: 'Natural gasoline, per gallon', hubFuel: 'Natural Gasoline', per: 'gal', hhvMmBtu: 0.11, co2Kg: 7.36, ch4G: 0.33, n2oG: 0.07 },
  { slug: 'other-oil-gal', name: 'Other oil (>401 °F), per gallon', hubFuel: 'Other Oil (>401 deg F)', per: 'gal', hhvMmBtu: 0.139, co2Kg: 10.59, ch4G: 0.42, n2oG: 0.08 },
  { slug: 'pentanes-plus-gal', name: 'Pentanes plus, per gallon', hubFuel: 'Pentanes Plus', per: 'gal', hhvMmBtu: 0.11, co2Kg: 7.7, ch4G: 0.33, n2oG: 0.07 },
  { slug: 'petrochemical-feedstocks-gal', name: 'Petrochemical feedstocks, per gallon', hubFuel: 'Petrochemical Feedstocks', per: 'gal', hhvMmBtu: 0.125, co2Kg: 8.88, ch4G: 0.38, n2oG: 0.08 },
  { slug: 'propylene-gal', name: 'Propylene, per gallon', hubFuel: 'Propylene', per: 'gal', hhvMmBtu: 0.091, co2Kg: 6.17, ch4G: 0.27, n2oG: 0.05 },
  { slug: 'special-naphtha-gal', name: 'Special naphtha, per gallon', hubFuel: 'Special Naphtha', per: 'gal', hhvMmBtu: 0.125, co2Kg: 9.04, ch4G: 0.38, n2oG: 0.08 },
  { slug: 'unfinished-oils-gal', name: 'Unfinished oils, per gallon', hubFuel: 'Unfinished Oils', per: 'gal', hhvMmBtu: 0.139, co2Kg: 10.36, ch4G: 0.42, n2oG: 0.08 },
  { slug: 'biodiesel-gal', name: 'Biodiesel (100 %, stationary), per gallon', hubFuel: 'Biodiesel (100%)', per: 'gal', hhvMmBtu: 0.128, co2Kg: 9.45, ch4G: 0.14, n2oG: 0.01, isBiogenic: true },
  { slug: 'ethanol-gal', name: 'Ethanol (100 %, stationary), per gallon', hubFuel: 'Ethanol (100%)', per: 'gal', hhvMmBtu: 0.084, co2Kg: 5.75, ch4G: 0.09, n2oG: 0.01, isBiogenic: true },
  { slug: 'rendered-animal-fat-gal', name: 'Rendered animal fat, per gallon', hubFuel: 'Rendered Animal Fat', per: 'gal', hhvMmBtu: 0.125, co2Kg: 8.88, ch4G: 0.14, n2oG: 0.01, isBiogenic: true },
  { slug: 'vegetable-oil-gal', name: 'Vegetable oil, per gallon', hubFuel: 'Vegetable Oil', per: 'gal', hhvMmBtu: 0.12, co2Kg: 9.79, ch4G: 0.13, n2oG: 0.01, isBiogenic: true },
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

/**
 * Table 1's kraft pulping liquors, which it prices per mmBtu only (no heat content per unit): biomass, so their
 * CO2 is biogenic.
 */
// prettier-ignore
const KRAFT_PULPING_LIQUORS: readonly { readonly woodFurnish: string; readonly co2Kg: number; readonly ch4G: number; readonly n2oG: number }[] = [
  { woodFurnish: 'North American Softwood', co2Kg: 94.4, ch4G: 1.9, n2oG: 0.42 },
  { woodFurnish: 'North American Hardwood', co2Kg: 93.7, ch4G: 1.9, n2oG: 0.42 },
  { woodFurnish: 'Bagasse', co2Kg: 95.5, ch4G: 1.9, n2oG: 0.42 },
  { woodFurnish: 'Bamboo', co2Kg: 93.7, ch4G: 1.9, n2oG: 0.42 },
  { woodFurnish: 'Straw', co2Kg: 95.1, ch4G: 1.9, n2oG: 0.42 },
];

function kraftPulpingLiquorFactor(row: (typeof KRAFT_PULPING_LIQUORS)[number]): EmissionFactor {
  return freezeFactor({
    id: `epa-hub-2024-kraft-pulping-liquor-${row.woodFurnish.toLowerCase().replace(/ /g, '-')}`,
    name: `Kraft pulping liquor (${row.woodFurnish}), per mmBtu`,
    source: `${HUB}, Table 1 (stationary combustion), "Kraft Pulping Liquor, by Wood Furnish": "${row.woodFurnish}"`,
    year: HUB_YEAR,
    per: 'mmBtu',
    gases: {
      CO2_biogenic: { value: row.co2Kg, unit: 'kg' },
      CH4: { value: row.ch4G, unit: 'g' },
      N2O: { value: row.n2oG, unit: 'g' },
    },
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

interface VehicleMileRow {
  /** The vehicle type as Table 3 or 4 names it. */
  readonly vehicle: string;
  /** Table 4's fuel column; Table 3 is gasoline throughout. */
  readonly fuel?: string;
  /** As printed: one year or a range ("1984-1993", "≤1980"); Table 4 gives none for alternative fuels. */
  readonly modelYear?: string;
  readonly ch4G: number;
  readonly n2oG: number;
}

// prettier-ignore
const TABLE_3: readonly VehicleMileRow[] = [
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1973-1974', ch4G: 0.1696, n2oG: 0.0197 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1975', ch4G: 0.1423, n2oG: 0.0443 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1976-1977', ch4G: 0.1406, n2oG: 0.0458 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1978-1979', ch4G: 0.1389, n2oG: 0.0473 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1980', ch4G: 0.1326, n2oG: 0.0499 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1981', ch4G: 0.0802, n2oG: 0.0626 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1982', ch4G: 0.0795, n2oG: 0.0627 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1983', ch4G: 0.0782, n2oG: 0.063 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1984-1993', ch4G: 0.0704, n2oG: 0.0647 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1994', ch4G: 0.0617, n2oG: 0.0603 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1995', ch4G: 0.0531, n2oG: 0.056 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1996', ch4G: 0.0434, n2oG: 0.0503 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1997', ch4G: 0.0337, n2oG: 0.0446 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1998', ch4G: 0.024, n2oG: 0.0389 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '1999', ch4G: 0.0215, n2oG: 0.0355 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2000', ch4G: 0.0175, n2oG: 0.0304 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2001', ch4G: 0.0105, n2oG: 0.0212 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2002', ch4G: 0.0102, n2oG: 0.0207 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2003', ch4G: 0.0095, n2oG: 0.0181 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2004', ch4G: 0.0078, n2oG: 0.0085 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2005', ch4G: 0.0075, n2oG: 0.0067 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2006', ch4G: 0.0076, n2oG: 0.0075 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2007', ch4G: 0.0072, n2oG: 0.0052 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2008', ch4G: 0.0072, n2oG: 0.0049 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2009', ch4G: 0.0071, n2oG: 0.0046 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2010', ch4G: 0.0071, n2oG: 0.0046 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2011', ch4G: 0.0071, n2oG: 0.0046 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2012', ch4G: 0.0071, n2oG: 0.0046 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2013', ch4G: 0.0071, n2oG: 0.0046 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2014', ch4G: 0.0071, n2oG: 0.0046 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2015', ch4G: 0.0068, n2oG: 0.0042 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2016', ch4G: 0.0065, n2oG: 0.0038 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2017', ch4G: 0.0054, n2oG: 0.0018 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2018', ch4G: 0.0052, n2oG: 0.0016 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2019', ch4G: 0.0051, n2oG: 0.0015 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2020', ch4G: 0.005, n2oG: 0.0014 },
  { vehicle: 'Gasoline Passenger Cars', modelYear: '2021', ch4G: 0.0051, n2oG: 0.0014 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1973-1974', ch4G: 0.1908, n2oG: 0.0218 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1975', ch4G: 0.1634, n2oG: 0.0513 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1976', ch4G: 0.1594, n2oG: 0.0555 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1977-1978', ch4G: 0.1614, n2oG: 0.0534 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1979-1980', ch4G: 0.1594, n2oG: 0.0555 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1981', ch4G: 0.1479, n2oG: 0.066 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1982', ch4G: 0.1442, n2oG: 0.0681 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1983', ch4G: 0.1368, n2oG: 0.0722 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1984', ch4G: 0.1294, n2oG: 0.0764 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1985', ch4G: 0.122, n2oG: 0.0806 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1986', ch4G: 0.1146, n2oG: 0.0848 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1987-1993', ch4G: 0.0813, n2oG: 0.1035 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1994', ch4G: 0.0646, n2oG: 0.0982 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1995', ch4G: 0.0517, n2oG: 0.0908 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1996', ch4G: 0.0452, n2oG: 0.0871 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1997', ch4G: 0.0452, n2oG: 0.0871 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1998', ch4G: 0.0412, n2oG: 0.0787 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '1999', ch4G: 0.0333, n2oG: 0.0618 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2000', ch4G: 0.034, n2oG: 0.0631 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2001', ch4G: 0.0221, n2oG: 0.0379 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2002', ch4G: 0.0242, n2oG: 0.0424 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2003', ch4G: 0.0221, n2oG: 0.0373 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2004', ch4G: 0.0115, n2oG: 0.0088 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2005', ch4G: 0.0105, n2oG: 0.0064 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2006', ch4G: 0.0108, n2oG: 0.008 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2007', ch4G: 0.0103, n2oG: 0.0061 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2008', ch4G: 0.0095, n2oG: 0.0036 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2009', ch4G: 0.0095, n2oG: 0.0036 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2010', ch4G: 0.0095, n2oG: 0.0035 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2011', ch4G: 0.0096, n2oG: 0.0034 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2012', ch4G: 0.0096, n2oG: 0.0033 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2013', ch4G: 0.0095, n2oG: 0.0035 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2014', ch4G: 0.0095, n2oG: 0.0033 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2015', ch4G: 0.0094, n2oG: 0.0031 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2016', ch4G: 0.0091, n2oG: 0.0029 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2017', ch4G: 0.0084, n2oG: 0.0018 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2018', ch4G: 0.0081, n2oG: 0.0015 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2019', ch4G: 0.008, n2oG: 0.0013 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2020', ch4G: 0.0079, n2oG: 0.0012 },
  { vehicle: 'Gasoline Light-Duty Trucks', modelYear: '2021', ch4G: 0.0079, n2oG: 0.0012 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '≤1980', ch4G: 0.4604, n2oG: 0.0497 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '1981-1984', ch4G: 0.4492, n2oG: 0.0538 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '1985-1986', ch4G: 0.409, n2oG: 0.0515 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '1987', ch4G: 0.3675, n2oG: 0.0849 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '1988-1989', ch4G: 0.3492, n2oG: 0.0933 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '1990-1995', ch4G: 0.3246, n2oG: 0.1142 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '1996', ch4G: 0.1278, n2oG: 0.168 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '1997', ch4G: 0.0924, n2oG: 0.1726 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '1998', ch4G: 0.0655, n2oG: 0.175 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '1999', ch4G: 0.0648, n2oG: 0.1724 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2000', ch4G: 0.063, n2oG: 0.166 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2001', ch4G: 0.0577, n2oG: 0.1468 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2002', ch4G: 0.0634, n2oG: 0.1673 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2003', ch4G: 0.0602, n2oG: 0.1553 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2004', ch4G: 0.0298, n2oG: 0.0164 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2005', ch4G: 0.0297, n2oG: 0.0083 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2006', ch4G: 0.0299, n2oG: 0.0241 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2007', ch4G: 0.0322, n2oG: 0.0015 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2008', ch4G: 0.034, n2oG: 0.0015 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2009', ch4G: 0.0339, n2oG: 0.0015 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2010', ch4G: 0.032, n2oG: 0.0015 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2011', ch4G: 0.0304, n2oG: 0.0015 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2012', ch4G: 0.0313, n2oG: 0.0015 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2013', ch4G: 0.0313, n2oG: 0.0015 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2014', ch4G: 0.0315, n2oG: 0.0015 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2015', ch4G: 0.0332, n2oG: 0.0021 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2016', ch4G: 0.0321, n2oG: 0.0061 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2017', ch4G: 0.0329, n2oG: 0.0084 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2018', ch4G: 0.0326, n2oG: 0.0082 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2019', ch4G: 0.033, n2oG: 0.0091 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2020', ch4G: 0.0332, n2oG: 0.01 },
  { vehicle: 'Gasoline Heavy-Duty Vehicles', modelYear: '2021', ch4G: 0.0332, n2oG: 0.01 },
  { vehicle: 'Gasoline Motorcycles', modelYear: '1960-1995', ch4G: 0.007, n2oG: 0.0083 },
  { vehicle: 'Gasoline Motorcycles', modelYear: '1996-2005', ch4G: 0, n2oG: 0 },
  { vehicle: 'Gasoline Motorcycles', modelYear: '2006-2020', ch4G: 0.007, n2oG: 0.0083 },
];

// prettier-ignore
const TABLE_4: readonly VehicleMileRow[] = [
  { vehicle: 'Passenger Cars', fuel: 'Diesel', modelYear: '1960-1982', ch4G: 0.0006, n2oG: 0.0012 },
  { vehicle: 'Passenger Cars', fuel: 'Diesel', modelYear: '1983-2006', ch4G: 0.0005, n2oG: 0.001 },
  { vehicle: 'Passenger Cars', fuel: 'Diesel', modelYear: '2007-2021', ch4G: 0.0302, n2oG: 0.0192 },
  { vehicle: 'Light-Duty Trucks', fuel: 'Diesel', modelYear: '1960-1982', ch4G: 0.0011, n2oG: 0.0017 },
  { vehicle: 'Light-Duty Trucks', fuel: 'Diesel', modelYear: '1983-2006', ch4G: 0.0009, n2oG: 0.0014 },
  { vehicle: 'Light-Duty Trucks', fuel: 'Diesel', modelYear: '2007-2021', ch4G: 0.029, n2oG: 0.0214 },
  { vehicle: 'Medium- and Heavy-Duty Vehicles', fuel: 'Diesel', modelYear: '1960-2006', ch4G: 0.0051, n2oG: 0.0048 },
  { vehicle: 'Medium- and Heavy-Duty Vehicles', fuel: 'Diesel', modelYear: '2007-2021', ch4G: 0.0095, n2oG: 0.0431 },
  { vehicle: 'Light-Duty Cars', fuel: 'Methanol', ch4G: 0.013, n2oG: 0.004 },
  { vehicle: 'Light-Duty Cars', fuel: 'Ethanol', ch4G: 0.013, n2oG: 0.004 },
  { vehicle: 'Light-Duty Cars', fuel: 'CNG', ch4G: 0.133, n2oG: 0.004 },
  { vehicle: 'Light-Duty Cars', fuel: 'LPG', ch4G: 0.013, n2oG: 0.004 },
  { vehicle: 'Light-Duty Cars', fuel: 'Biodiesel', ch4G: 0.036, n2oG: 0.001 },
  { vehicle: 'Light-Duty Trucks', fuel: 'Ethanol', ch4G: 0.014, n2oG: 0.005 },
  { vehicle: 'Light-Duty Trucks', fuel: 'CNG', ch4G: 0.144, n2oG: 0.005 },
  { vehicle: 'Light-Duty Trucks', fuel: 'LPG', ch4G: 0.014, n2oG: 0.005 },
  { vehicle: 'Light-Duty Trucks', fuel: 'LNG', ch4G: 0.144, n2oG: 0.005 },
  { vehicle: 'Light-Duty Trucks', fuel: 'Biodiesel', ch4G: 0.127, n2oG: 0.001 },
  { vehicle: 'Medium-Duty Trucks', fuel: 'CNG', ch4G: 1.807, n2oG: 0.034 },
  { vehicle: 'Medium-Duty Trucks', fuel: 'LPG', ch4G: 0.181, n2oG: 0.034 },
  { vehicle: 'Medium-Duty Trucks', fuel: 'LNG', ch4G: 1.807, n2oG: 0.034 },
  { vehicle: 'Medium-Duty Trucks', fuel: 'Biodiesel', ch4G: 0.04, n2oG: 0.005 },
  { vehicle: 'Heavy-Duty Trucks', fuel: 'Methanol', ch4G: 0.073, n2oG: 0.027 },
  { vehicle: 'Heavy-Duty Trucks', fuel: 'Ethanol', ch4G: 0.073, n2oG: 0.027 },
  { vehicle: 'Heavy-Duty Trucks', fuel: 'CNG', ch4G: 0.921, n2oG: 0.017 },
  { vehicle: 'Heavy-Duty Trucks', fuel: 'LPG', ch4G: 0.092, n2oG: 0.017 },
  { vehicle: 'Heavy-Duty Trucks', fuel: 'LNG', ch4G: 0.921, n2oG: 0.017 },
  { vehicle: 'Heavy-Duty Trucks', fuel: 'Biodiesel', ch4G: 0.014, n2oG: 0.002 },
  { vehicle: 'Buses', fuel: 'Methanol', ch4G: 0.193, n2oG: 0.029 },
  { vehicle: 'Buses', fuel: 'Ethanol', ch4G: 0.193, n2oG: 0.029 },
  { vehicle: 'Buses', fuel: 'CNG', ch4G: 2.753, n2oG: 0.017 },
  { vehicle: 'Buses', fuel: 'LPG', ch4G: 0.275, n2oG: 0.017 },
  { vehicle: 'Buses', fuel: 'LNG', ch4G: 2.753, n2oG: 0.017 },
  { vehicle: 'Buses', fuel: 'Biodiesel', ch4G: 0.016, n2oG: 0.003 },
];

function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/≤\s*/g, 'up-to-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Tables 3 and 4 price a vehicle's CH4 and N2O per mile driven; its CO2 comes from the fuel (Table 2). */
function vehicleMileFactor(row: VehicleMileRow, table: 3 | 4): EmissionFactor {
  const vehicle = row.fuel === undefined ? row.vehicle : `${row.vehicle}, ${row.fuel}`;
  const modelYear = row.modelYear === undefined ? '' : `, model year ${row.modelYear}`;
  const tableName =
    table === 3
      ? 'Table 3 (mobile combustion CH4 and N2O, on-road gasoline vehicles)'
      : 'Table 4 (mobile combustion CH4 and N2O, on-road diesel and alternative fuel vehicles)';
  return freezeFactor({
    id: `epa-hub-2024-vehicle-${slugOf(vehicle)}${row.modelYear === undefined ? '' : `-${slugOf(row.modelYear)}`}`,
    name: `${vehicle}${modelYear}, CH4 and N2O per vehicle-mile`,
    source: `${HUB}, ${tableName}, "${row.vehicle}"${row.fuel === undefined ? '' : `, "${row.fuel}"`}${modelYear}`,
    year: HUB_YEAR,
    per: 'mi',
    gases: { CH4: { value: row.ch4G, unit: 'g' }, N2O: { value: row.n2oG, unit: 'g' } },
    scope: 1,
  });
}

interface NonRoadRow {
  readonly vehicle: string;
  readonly fuel: string;
  readonly ch4G: number;
  readonly n2oG: number;
}

// prettier-ignore
const TABLE_5: readonly NonRoadRow[] = [
  { vehicle: 'Ships and Boats', fuel: 'Residual Fuel Oil', ch4G: 1.1, n2oG: 0.31 },
  { vehicle: 'Ships and Boats', fuel: 'Gasoline (2 stroke)', ch4G: 4.64, n2oG: 0.08 },
  { vehicle: 'Ships and Boats', fuel: 'Gasoline (4 stroke)', ch4G: 2.26, n2oG: 0.01 },
  { vehicle: 'Ships and Boats', fuel: 'Diesel', ch4G: 6.41, n2oG: 0.17 },
  { vehicle: 'Locomotives', fuel: 'Diesel', ch4G: 0.8, n2oG: 0.26 },
  { vehicle: 'Aircraft', fuel: 'Jet Fuel', ch4G: 0, n2oG: 0.3 },
  { vehicle: 'Aircraft', fuel: 'Aviation Gasoline', ch4G: 7.06, n2oG: 0.11 },
  { vehicle: 'Agricultural Equipment', fuel: 'Gasoline (2 stroke)', ch4G: 6.92, n2oG: 0.47 },
  { vehicle: 'Agricultural Equipment', fuel: 'Gasoline (4 stroke)', ch4G: 1.94, n2oG: 1.21 },
  { vehicle: 'Agricultural Equipment', fuel: 'Gasoline Off-Road Trucks', ch4G: 1.94, n2oG: 1.2 },
  { vehicle: 'Agricultural Equipment', fuel: 'Diesel Equipment', ch4G: 1.27, n2oG: 1.07 },
  { vehicle: 'Agricultural Equipment', fuel: 'Diesel Off-Road Trucks', ch4G: 0.91, n2oG: 0.56 },
  { vehicle: 'Agricultural Equipment', fuel: 'LPG', ch4G: 0.33, n2oG: 0.95 },
  { vehicle: 'Construction/Mining Equipment', fuel: 'Gasoline (2 stroke)', ch4G: 7.98, n2oG: 0.12 },
  { vehicle: 'Construction/Mining Equipment', fuel: 'Gasoline (4 stroke)', ch4G: 2.85, n2oG: 1.47 },
  { vehicle: 'Construction/Mining Equipment', fuel: 'Gasoline Off-Road Trucks', ch4G: 2.85, n2oG: 1.47 },
  { vehicle: 'Construction/Mining Equipment', fuel: 'Diesel Equipment', ch4G: 1.01, n2oG: 0.94 },
  { vehicle: 'Construction/Mining Equipment', fuel: 'Diesel Off-Road Trucks', ch4G: 0.91, n2oG: 0.56 },
  { vehicle: 'Construction/Mining Equipment', fuel: 'LPG', ch4G: 0.59, n2oG: 0.5 },
  { vehicle: 'Lawn and Garden Equipment', fuel: 'Gasoline (2 stroke)', ch4G: 7.29, n2oG: 0.31 },
  { vehicle: 'Lawn and Garden Equipment', fuel: 'Gasoline (4 stroke)', ch4G: 3, n2oG: 1.49 },
  { vehicle: 'Lawn and Garden Equipment', fuel: 'Diesel', ch4G: 0.66, n2oG: 0.49 },
  { vehicle: 'Lawn and Garden Equipment', fuel: 'LPG', ch4G: 0.41, n2oG: 0.63 },
  { vehicle: 'Airport Equipment', fuel: 'Gasoline', ch4G: 1.02, n2oG: 1.07 },
  { vehicle: 'Airport Equipment', fuel: 'Diesel', ch4G: 1.89, n2oG: 1.16 },
  { vehicle: 'Airport Equipment', fuel: 'LPG', ch4G: 0.35, n2oG: 0.89 },
  { vehicle: 'Industrial/Commercial Equipment', fuel: 'Gasoline (2 stroke)', ch4G: 7.13, n2oG: 0.5 },
  { vehicle: 'Industrial/Commercial Equipment', fuel: 'Gasoline (4 stroke)', ch4G: 2.74, n2oG: 1.54 },
  { vehicle: 'Industrial/Commercial Equipment', fuel: 'Diesel', ch4G: 0.42, n2oG: 0.6 },
  { vehicle: 'Industrial/Commercial Equipment', fuel: 'LPG', ch4G: 0.44, n2oG: 0.64 },
  { vehicle: 'Logging Equipment', fuel: 'Gasoline (2 stroke)', ch4G: 9.68, n2oG: 0 },
  { vehicle: 'Logging Equipment', fuel: 'Gasoline (4 stroke)', ch4G: 3.24, n2oG: 2.06 },
  { vehicle: 'Logging Equipment', fuel: 'Diesel', ch4G: 0.49, n2oG: 1.27 },
  { vehicle: 'Railroad Equipment', fuel: 'Gasoline', ch4G: 3.24, n2oG: 1.81 },
  { vehicle: 'Railroad Equipment', fuel: 'Diesel', ch4G: 0.4, n2oG: 0.95 },
  { vehicle: 'Railroad Equipment', fuel: 'LPG', ch4G: 2, n2oG: 0.01 },
  { vehicle: 'Recreational Equipment', fuel: 'Gasoline (2 stroke)', ch4G: 9.8, n2oG: 0.11 },
  { vehicle: 'Recreational Equipment', fuel: 'Gasoline (4 stroke)', ch4G: 2.72, n2oG: 1.48 },
  { vehicle: 'Recreational Equipment', fuel: 'Diesel', ch4G: 0.73, n2oG: 0.66 },
  { vehicle: 'Recreational Equipment', fuel: 'LPG', ch4G: 0.43, n2oG: 0.61 },
];

function nonRoadFactor(row: NonRoadRow): EmissionFactor {
  return freezeFactor({
    id: `epa-hub-2024-non-road-${slugOf(row.vehicle)}-${slugOf(row.fuel)}`,
    name: `${row.vehicle}, ${row.fuel}, CH4 and N2O per gallon`,
    source: `${HUB}, Table 5 (mobile combustion CH4 and N2O, non-road vehicles), "${row.vehicle}", "${row.fuel}"`,
    year: HUB_YEAR,
    per: 'gal',
    gases: { CH4: { value: row.ch4G, unit: 'g' }, N2O: { value: row.n2oG, unit: 'g' } },
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
  ...KRAFT_PULPING_LIQUORS.map(kraftPulpingLiquorFactor),
  ...TABLE_2.map(mobileFactor),
  ...TABLE_3.map((row) => vehicleMileFactor(row, 3)),
  ...TABLE_4.map((row) => vehicleMileFactor(row, 4)),
  ...TABLE_5.map(nonRoadFactor),
  STEAM_AND_HEAT,
];
