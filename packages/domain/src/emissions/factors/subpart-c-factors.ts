import type { Unit } from '../units.ts';
import { freezeFactor, type EmissionFactor } from './emission-factor.ts';

/**
 * 40 CFR Part 98, subpart C (General Stationary Fuel Combustion Sources), Tier 1 defaults, every fuel of
 * Table C-1 (default high heat value and kg CO2 per mmBtu) with its Table C-2 row (kg CH4 and kg N2O per mmBtu).
 * `year` is the edition the values were read from: 40 CFR 98 as it stands in 2024, amended last for these tables
 * in 2013 (78 FR 71904). The EPA GHG Emission Factors Hub 2024, Table 1, lists the same values per mmBtu.
 *
 * Each factor is per mmBtu with the table's HHV, so a quantity in the fuel's physical unit (or any unit of the
 * same dimension) goes through Equation C-1: mass = quantity × HHV × factor.
 */

const SUBPART_C_YEAR = 2024;

/** Table C-2 rows, kg per mmBtu, by the row's title in the table. */
const TABLE_C2 = {
  'Coal and Coke': { CH4: 1.1e-2, N2O: 1.6e-3 },
  'Natural Gas': { CH4: 1.0e-3, N2O: 1.0e-4 },
  'Petroleum Products': { CH4: 3.0e-3, N2O: 6.0e-4 },
  'Fuel Gas': { CH4: 3.0e-3, N2O: 6.0e-4 },
  'Other Fuels—Solid': { CH4: 3.2e-2, N2O: 4.2e-3 },
  'Blast Furnace Gas': { CH4: 2.2e-5, N2O: 1.0e-4 },
  'Coke Oven Gas': { CH4: 4.8e-4, N2O: 1.0e-4 },
  'Biomass Fuels—Solid': { CH4: 3.2e-2, N2O: 4.2e-3 },
  'Wood and wood residuals': { CH4: 7.2e-3, N2O: 3.6e-3 },
  'Biomass Fuels—Gaseous': { CH4: 3.2e-3, N2O: 6.3e-4 },
  'Biomass Fuels—Liquid': { CH4: 1.1e-3, N2O: 1.1e-4 },
} as const;
type TableC2Row = keyof typeof TABLE_C2;

interface TableC1Row {
  /** The id's tail: `epa-c1-<slug>`. */
  readonly slug: string;
  readonly name: string;
  /** The fuel as Table C-1 names it. */
  readonly c1Fuel: string;
  readonly hhv: number;
  readonly per: Unit;
  readonly co2PerMmBtu: number;
  readonly c2Row: TableC2Row;
  /**
   * CO2 from biomass is reported apart from the scopes (GHG Protocol Corporate Standard, chapter 9), so it is
   * kept as `CO2_biogenic`; the biomass's CH4 and N2O count in Scope 1 as usual.
   */
  readonly isBiogenic?: boolean;
  /** Why the CH4 and N2O come from elsewhere, when Table C-2 has no row for the fuel. */
  readonly c2Note?: string;
}

const COAL: TableC2Row = 'Coal and Coke';
const PETROLEUM: TableC2Row = 'Petroleum Products';

// prettier-ignore
const TABLE_C1: readonly TableC1Row[] = [
  // Coal and coke, mmBtu/short ton
  { slug: 'anthracite-coal', name: 'Anthracite coal', c1Fuel: 'Anthracite', hhv: 25.09, per: 'short_ton', co2PerMmBtu: 103.69, c2Row: COAL },
  { slug: 'bituminous-coal', name: 'Bituminous coal', c1Fuel: 'Bituminous', hhv: 24.93, per: 'short_ton', co2PerMmBtu: 93.28, c2Row: COAL },
  { slug: 'sub-bituminous-coal', name: 'Sub-bituminous coal', c1Fuel: 'Subbituminous', hhv: 17.25, per: 'short_ton', co2PerMmBtu: 97.17, c2Row: COAL },
  { slug: 'lignite-coal', name: 'Lignite coal', c1Fuel: 'Lignite', hhv: 14.21, per: 'short_ton', co2PerMmBtu: 97.72, c2Row: COAL },
  { slug: 'coal-coke', name: 'Coal coke', c1Fuel: 'Coal Coke', hhv: 24.8, per: 'short_ton', co2PerMmBtu: 113.67, c2Row: COAL },
  { slug: 'mixed-coal-commercial', name: 'Mixed coal (commercial sector)', c1Fuel: 'Mixed (Commercial sector)', hhv: 21.39, per: 'short_ton', co2PerMmBtu: 94.27, c2Row: COAL },
  { slug: 'mixed-coal-industrial-coking', name: 'Mixed coal (industrial coking)', c1Fuel: 'Mixed (Industrial coking)', hhv: 26.28, per: 'short_ton', co2PerMmBtu: 93.9, c2Row: COAL },
  { slug: 'mixed-coal-industrial', name: 'Mixed coal (industrial sector)', c1Fuel: 'Mixed (Industrial sector)', hhv: 22.35, per: 'short_ton', co2PerMmBtu: 94.67, c2Row: COAL },
  { slug: 'mixed-coal-electric-power', name: 'Mixed coal (electric power sector)', c1Fuel: 'Mixed (Electric Power sector)', hhv: 19.73, per: 'short_ton', co2PerMmBtu: 95.52, c2Row: COAL },
  // Natural gas, mmBtu/scf
  { slug: 'natural-gas', name: 'Natural gas (weighted U.S. average)', c1Fuel: 'Natural Gas', hhv: 1.026e-3, per: 'scf', co2PerMmBtu: 53.06, c2Row: 'Natural Gas' },
  // Petroleum products, mmBtu/gallon
  { slug: 'distillate-fuel-oil-no-1', name: 'Distillate fuel oil No. 1', c1Fuel: 'Distillate Fuel Oil No. 1', hhv: 0.139, per: 'gal', co2PerMmBtu: 73.25, c2Row: PETROLEUM },
  { slug: 'distillate-fuel-oil-no-2', name: 'Distillate fuel oil No. 2 (diesel, heating oil)', c1Fuel: 'Distillate Fuel Oil No. 2', hhv: 0.138, per: 'gal', co2PerMmBtu: 73.96, c2Row: PETROLEUM },
  { slug: 'distillate-fuel-oil-no-4', name: 'Distillate fuel oil No. 4', c1Fuel: 'Distillate Fuel Oil No. 4', hhv: 0.146, per: 'gal', co2PerMmBtu: 75.04, c2Row: PETROLEUM },
  { slug: 'residual-fuel-oil-no-5', name: 'Residual fuel oil No. 5', c1Fuel: 'Residual Fuel Oil No. 5', hhv: 0.14, per: 'gal', co2PerMmBtu: 72.93, c2Row: PETROLEUM },
  { slug: 'residual-fuel-oil-no-6', name: 'Residual fuel oil No. 6', c1Fuel: 'Residual Fuel Oil No. 6', hhv: 0.15, per: 'gal', co2PerMmBtu: 75.1, c2Row: PETROLEUM },
  { slug: 'used-oil', name: 'Used oil', c1Fuel: 'Used Oil', hhv: 0.138, per: 'gal', co2PerMmBtu: 74.0, c2Row: PETROLEUM },
  { slug: 'kerosene', name: 'Kerosene', c1Fuel: 'Kerosene', hhv: 0.135, per: 'gal', co2PerMmBtu: 75.2, c2Row: PETROLEUM },
  { slug: 'liquefied-petroleum-gases', name: 'Liquefied petroleum gases (LPG)', c1Fuel: 'Liquefied petroleum gases (LPG)', hhv: 0.092, per: 'gal', co2PerMmBtu: 61.71, c2Row: PETROLEUM },
  { slug: 'propane', name: 'Propane', c1Fuel: 'Propane', hhv: 0.091, per: 'gal', co2PerMmBtu: 62.87, c2Row: PETROLEUM },
  { slug: 'propylene', name: 'Propylene', c1Fuel: 'Propylene', hhv: 0.091, per: 'gal', co2PerMmBtu: 67.77, c2Row: PETROLEUM },
  { slug: 'ethane', name: 'Ethane', c1Fuel: 'Ethane', hhv: 0.068, per: 'gal', co2PerMmBtu: 59.6, c2Row: PETROLEUM },
  { slug: 'ethylene', name: 'Ethylene', c1Fuel: 'Ethylene', hhv: 0.058, per: 'gal', co2PerMmBtu: 65.96, c2Row: PETROLEUM },
  { slug: 'isobutane', name: 'Isobutane', c1Fuel: 'Isobutane', hhv: 0.099, per: 'gal', co2PerMmBtu: 64.94, c2Row: PETROLEUM },
  { slug: 'isobutylene', name: 'Isobutylene', c1Fuel: 'Isobutylene', hhv: 0.103, per: 'gal', co2PerMmBtu: 68.86, c2Row: PETROLEUM },
  { slug: 'butane', name: 'Butane', c1Fuel: 'Butane', hhv: 0.103, per: 'gal', co2PerMmBtu: 64.77, c2Row: PETROLEUM },
  { slug: 'butylene', name: 'Butylene', c1Fuel: 'Butylene', hhv: 0.105, per: 'gal', co2PerMmBtu: 68.72, c2Row: PETROLEUM },
  { slug: 'naphtha', name: 'Naphtha (<401 °F)', c1Fuel: 'Naphtha (<401 deg F)', hhv: 0.125, per: 'gal', co2PerMmBtu: 68.02, c2Row: PETROLEUM },
  { slug: 'natural-gasoline', name: 'Natural gasoline', c1Fuel: 'Natural Gasoline', hhv: 0.11, per: 'gal', co2PerMmBtu: 66.88, c2Row: PETROLEUM },
  { slug: 'other-oil', name: 'Other oil (>401 °F)', c1Fuel: 'Other Oil (>401 deg F)', hhv: 0.139, per: 'gal', co2PerMmBtu: 76.22, c2Row: PETROLEUM },
  { slug: 'pentanes-plus', name: 'Pentanes plus', c1Fuel: 'Pentanes Plus', hhv: 0.11, per: 'gal', co2PerMmBtu: 70.02, c2Row: PETROLEUM },
  { slug: 'petrochemical-feedstocks', name: 'Petrochemical feedstocks', c1Fuel: 'Petrochemical Feedstocks', hhv: 0.125, per: 'gal', co2PerMmBtu: 71.02, c2Row: PETROLEUM },
  { slug: 'petroleum-coke-gal', name: 'Petroleum coke (liquid measure)', c1Fuel: 'Petroleum Coke', hhv: 0.143, per: 'gal', co2PerMmBtu: 102.41, c2Row: PETROLEUM },
  { slug: 'special-naphtha', name: 'Special naphtha', c1Fuel: 'Special Naphtha', hhv: 0.125, per: 'gal', co2PerMmBtu: 72.34, c2Row: PETROLEUM },
  { slug: 'unfinished-oils', name: 'Unfinished oils', c1Fuel: 'Unfinished Oils', hhv: 0.139, per: 'gal', co2PerMmBtu: 74.54, c2Row: PETROLEUM },
  { slug: 'heavy-gas-oils', name: 'Heavy gas oils', c1Fuel: 'Heavy Gas Oils', hhv: 0.148, per: 'gal', co2PerMmBtu: 74.92, c2Row: PETROLEUM },
  { slug: 'lubricants', name: 'Lubricants', c1Fuel: 'Lubricants', hhv: 0.144, per: 'gal', co2PerMmBtu: 74.27, c2Row: PETROLEUM },
  { slug: 'motor-gasoline', name: 'Motor gasoline (petrol)', c1Fuel: 'Motor Gasoline', hhv: 0.125, per: 'gal', co2PerMmBtu: 70.22, c2Row: PETROLEUM },
  { slug: 'aviation-gasoline', name: 'Aviation gasoline', c1Fuel: 'Aviation Gasoline', hhv: 0.12, per: 'gal', co2PerMmBtu: 69.25, c2Row: PETROLEUM },
  { slug: 'kerosene-type-jet-fuel', name: 'Kerosene-type jet fuel', c1Fuel: 'Kerosene-Type Jet Fuel', hhv: 0.135, per: 'gal', co2PerMmBtu: 72.22, c2Row: PETROLEUM },
  { slug: 'asphalt-and-road-oil', name: 'Asphalt and road oil', c1Fuel: 'Asphalt and Road Oil', hhv: 0.158, per: 'gal', co2PerMmBtu: 75.36, c2Row: PETROLEUM },
  { slug: 'crude-oil', name: 'Crude oil', c1Fuel: 'Crude Oil', hhv: 0.138, per: 'gal', co2PerMmBtu: 74.54, c2Row: PETROLEUM },
  // Other fuels—solid, mmBtu/short ton. Part of the carbon of waste and tires is biogenic; Table C-1 gives one
  // CO2 factor for all of it, and so does this library.
  { slug: 'municipal-solid-waste', name: 'Municipal solid waste', c1Fuel: 'Municipal Solid Waste', hhv: 9.95, per: 'short_ton', co2PerMmBtu: 90.7, c2Row: 'Other Fuels—Solid' },
  { slug: 'tires', name: 'Tires', c1Fuel: 'Tires', hhv: 28.0, per: 'short_ton', co2PerMmBtu: 85.97, c2Row: 'Other Fuels—Solid' },
  { slug: 'plastics', name: 'Plastics', c1Fuel: 'Plastics', hhv: 38.0, per: 'short_ton', co2PerMmBtu: 75.0, c2Row: 'Other Fuels—Solid' },
  { slug: 'petroleum-coke', name: 'Petroleum coke (solid)', c1Fuel: 'Petroleum Coke', hhv: 30.0, per: 'short_ton', co2PerMmBtu: 102.41, c2Row: 'Other Fuels—Solid' },
  // Other fuels—gaseous, mmBtu/scf
  { slug: 'blast-furnace-gas', name: 'Blast furnace gas', c1Fuel: 'Blast Furnace Gas', hhv: 0.092e-3, per: 'scf', co2PerMmBtu: 274.32, c2Row: 'Blast Furnace Gas' },
  { slug: 'coke-oven-gas', name: 'Coke oven gas', c1Fuel: 'Coke Oven Gas', hhv: 0.599e-3, per: 'scf', co2PerMmBtu: 46.85, c2Row: 'Coke Oven Gas' },
  {
    slug: 'propane-gas',
    name: 'Propane gas',
    c1Fuel: 'Propane Gas',
    hhv: 2.516e-3,
    per: 'scf',
    co2PerMmBtu: 61.46,
    c2Row: 'Fuel Gas',
    c2Note: 'Table C-2 has no propane gas row; CH4 and N2O as the EPA GHG Emission Factors Hub 2024, Table 1, gives them',
  },
  { slug: 'fuel-gas', name: 'Fuel gas (refinery gas)', c1Fuel: 'Fuel Gas', hhv: 1.388e-3, per: 'scf', co2PerMmBtu: 59.0, c2Row: 'Fuel Gas' },
  // Biomass fuels—solid, mmBtu/short ton
  { slug: 'wood-and-wood-residuals', name: 'Wood and wood residuals (dry basis)', c1Fuel: 'Wood and Wood Residuals (dry basis)', hhv: 17.48, per: 'short_ton', co2PerMmBtu: 93.8, c2Row: 'Wood and wood residuals', isBiogenic: true },
  { slug: 'agricultural-byproducts', name: 'Agricultural byproducts', c1Fuel: 'Agricultural Byproducts', hhv: 8.25, per: 'short_ton', co2PerMmBtu: 118.17, c2Row: 'Biomass Fuels—Solid', isBiogenic: true },
  // Peat is listed with the biomass fuels, but its CO2 counts as fossil: IPCC 2006 Guidelines, Vol. 2, chapter 1,
  // treat peat as a fossil fuel because its emissions behave like one over any reporting horizon.
  { slug: 'peat', name: 'Peat', c1Fuel: 'Peat', hhv: 8.0, per: 'short_ton', co2PerMmBtu: 111.84, c2Row: 'Biomass Fuels—Solid' },
  { slug: 'solid-byproducts', name: 'Solid byproducts (biomass)', c1Fuel: 'Solid Byproducts', hhv: 10.39, per: 'short_ton', co2PerMmBtu: 105.51, c2Row: 'Biomass Fuels—Solid', isBiogenic: true },
  // Biomass fuels—gaseous, mmBtu/scf
  { slug: 'landfill-gas', name: 'Landfill gas', c1Fuel: 'Landfill Gas', hhv: 0.485e-3, per: 'scf', co2PerMmBtu: 52.07, c2Row: 'Biomass Fuels—Gaseous', isBiogenic: true },
  { slug: 'other-biomass-gases', name: 'Other biomass gases (biogas)', c1Fuel: 'Other Biomass Gases', hhv: 0.655e-3, per: 'scf', co2PerMmBtu: 52.07, c2Row: 'Biomass Fuels—Gaseous', isBiogenic: true },
  // Biomass fuels—liquid, mmBtu/gallon
  { slug: 'ethanol', name: 'Ethanol (100 %)', c1Fuel: 'Ethanol', hhv: 0.084, per: 'gal', co2PerMmBtu: 68.44, c2Row: 'Biomass Fuels—Liquid', isBiogenic: true },
  { slug: 'biodiesel', name: 'Biodiesel (100 %)', c1Fuel: 'Biodiesel (100%)', hhv: 0.128, per: 'gal', co2PerMmBtu: 73.84, c2Row: 'Biomass Fuels—Liquid', isBiogenic: true },
  { slug: 'rendered-animal-fat', name: 'Rendered animal fat', c1Fuel: 'Rendered Animal Fat', hhv: 0.125, per: 'gal', co2PerMmBtu: 71.06, c2Row: 'Biomass Fuels—Liquid', isBiogenic: true },
  { slug: 'vegetable-oil', name: 'Vegetable oil', c1Fuel: 'Vegetable Oil', hhv: 0.12, per: 'gal', co2PerMmBtu: 81.55, c2Row: 'Biomass Fuels—Liquid', isBiogenic: true },
];

function toFactor(row: TableC1Row): EmissionFactor {
  const c2 = TABLE_C2[row.c2Row];
  const c2Citation = row.c2Note ?? `Table C-2 "${row.c2Row}"`;
  return freezeFactor({
    id: `epa-c1-${row.slug}`,
    name: row.name,
    source: `U.S. EPA, 40 CFR Part 98, subpart C: Table C-1 "${row.c1Fuel}" (HHV, kg CO2/mmBtu); ${c2Citation} (kg CH4, kg N2O/mmBtu)`,
    year: SUBPART_C_YEAR,
    per: 'mmBtu',
    gases: {
      [row.isBiogenic ? 'CO2_biogenic' : 'CO2']: { value: row.co2PerMmBtu, unit: 'kg' },
      CH4: { value: c2.CH4, unit: 'kg' },
      N2O: { value: c2.N2O, unit: 'kg' },
    },
    hhv: { value: row.hhv, energy: 'mmBtu', per: row.per },
    scope: 1,
    // Table C-1 heat contents are higher (gross) heating values.
    calorificBasis: 'gross',
  });
}

export const SUBPART_C_FACTORS: readonly EmissionFactor[] = TABLE_C1.map(toFactor);
