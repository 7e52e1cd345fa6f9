import type { CalculationValue } from '@ecc/contracts';
import type { CalculationType } from './examples.ts';

/*
 * Starting points per GHG Protocol method (issue 13 item 8): each template is a formula with its parameters and
 * units, the source of its method, and at least one test with a worked value. `/calc-editor/templates` creates a
 * realm calculation from one (a draft with the tests attached); `templates.test.ts` runs every test on the real
 * evaluator. Tests of formulas with EMIT lines expect gas masses, not CO2e, so they pass whatever GWP set the
 * realm reports with. The main quantity is `:quantity`, the parameter the engine passes for a bound record.
 */

export interface CalculationTemplateParameter {
  readonly name: string;
  readonly unit: string;
  readonly description: string;
}

export interface CalculationTemplateTest {
  readonly name: string;
  readonly inputs: Readonly<Record<string, CalculationValue>>;
  /** kg CO2e, for formulas without EMIT lines. */
  readonly expectedValue: number | null;
  /** kg of each gas, for formulas with EMIT lines. */
  readonly expectedGases: Readonly<Record<string, number>> | null;
  readonly tolerance: number;
}

export interface CalculationTemplate {
  readonly id: string;
  readonly title: string;
  readonly calculationType: CalculationType;
  readonly summary: string;
  /** Where the method (and any factor the formula names) comes from. */
  readonly source: string;
  /** The name the create dialog proposes (a calculation name: letters, digits, `_`, `-`). */
  readonly suggestedName: string;
  readonly formula: string;
  readonly parameters: readonly CalculationTemplateParameter[];
  readonly tests: readonly CalculationTemplateTest[];
}

const POUND_IN_KG = 0.45359237;
const MILE_IN_KM = 1.609344;
/** Absolute, kg: the worked values are exact to far better than a gram. */
const GRAM = 0.001;

export const CALCULATION_TEMPLATES: readonly CalculationTemplate[] = [
  {
    id: 'fuel-based-natural-gas',
    title: 'Fuel-based: stationary combustion of natural gas',
    calculationType: 'fuel-based',
    summary:
      'Fuel burned becomes energy with the default higher heating value, and each gas is its default factor per mmBtu (Tier 1). Swap the heat content and factor for another fuel of Table C-1.',
    source:
      '40 CFR 98 subpart C, Equations C-1 and C-8, Table C-1 (natural gas 1.026E-03 mmBtu/scf, 53.06 kg CO2/mmBtu) and Table C-2 (1.0E-03 kg CH4, 1.0E-04 kg N2O per mmBtu)',
    suggestedName: 'fuel-natural-gas',
    formula: [
      '// 40 CFR 98 subpart C, Equation C-1 with Tables C-1 and C-2',
      'set :energy = :quantity * 1.026e-3 // mmBtu',
      "EMIT('CO2', :energy * FACTOR('epa-c1-natural-gas', 'CO2'))",
      "EMIT('CH4', :energy * FACTOR('epa-c1-natural-gas', 'CH4'))",
      "EMIT('N2O', :energy * FACTOR('epa-c1-natural-gas', 'N2O'))",
    ].join('\n'),
    parameters: [{ name: 'quantity', unit: 'scf', description: 'Natural gas burned' }],
    tests: [
      {
        // 1,026 mmBtu × 53.06 = 54,439.56 kg CO2; × 0.001 = 1.026 kg CH4; × 0.0001 = 0.1026 kg N2O.
        name: 'One million scf (Table C-1 worked value)',
        inputs: { quantity: 1_000_000 },
        expectedValue: null,
        expectedGases: { CO2: 54_439.56, CH4: 1.026, N2O: 0.1026 },
        tolerance: GRAM,
      },
    ],
  },
  {
    id: 'distance-based-freight',
    title: 'Distance-based: freight transport by road',
    calculationType: 'distance-based',
    summary:
      'Goods carried: the mass carried times the distance (tonne-km), times a factor per tonne-km of the vehicle type. Give the factor of your source (EPA Emission Factors Hub Table 8, DEFRA, GLEC).',
    source:
      'GHG Protocol Technical Guidance for Calculating Scope 3 Emissions (2013), category 4, distance-based method (equation 4.2: mass × distance × factor per tonne-km)',
    suggestedName: 'freight-distance',
    formula: [
      '// GHG Protocol Scope 3 category 4, distance-based',
      "set :distance_km = CONVERT(:distance_mi, 'mi', 'km')",
      'set :tonne_km = :mass_t * :distance_km',
      ':tonne_km * :factor_kg_per_tonne_km',
    ].join('\n'),
    parameters: [
      { name: 'distance_mi', unit: 'mi', description: 'Distance the goods travelled' },
      { name: 'mass_t', unit: 't', description: 'Mass of the goods carried' },
      {
        name: 'factor_kg_per_tonne_km',
        unit: 'kg CO2e/tonne_km',
        description: 'Emission factor of the vehicle type, kg CO2e per tonne-km',
      },
    ],
    tests: [
      {
        // 100 mi = 160.9344 km; × 20 t = 3,218.688 tonne-km; × 0.1 kg = 321.8688 kg CO2e.
        name: '20 t over 100 miles at 0.1 kg per tonne-km',
        inputs: { distance_mi: 100, mass_t: 20, factor_kg_per_tonne_km: 0.1 },
        expectedValue: 100 * MILE_IN_KM * 20 * 0.1,
        expectedGases: null,
        tolerance: GRAM,
      },
    ],
  },
  {
    id: 'spend-based-purchased-goods',
    title: 'Spend-based: purchased goods and services',
    calculationType: 'spend-based',
    summary:
      "Spend brought to the factor's dollar year with a price index, times an environmentally-extended input-output factor (kg CO2e per dollar) of the commodity.",
    source:
      'GHG Protocol Technical Guidance for Calculating Scope 3 Emissions (2013), category 1, spend-based method (equation 1.4), with spend deflated to the factor’s dollar year',
    suggestedName: 'spend-based-goods',
    formula: [
      '// GHG Protocol Scope 3 category 1, spend-based',
      'set :spend_in_factor_year = :quantity * :price_index_factor_year / :price_index_spend_year',
      ':spend_in_factor_year * :factor_kg_per_usd',
    ].join('\n'),
    parameters: [
      { name: 'quantity', unit: 'USD', description: 'Spend in the year it was paid' },
      { name: 'price_index_spend_year', unit: '', description: 'Price index of the year of the spend' },
      { name: 'price_index_factor_year', unit: '', description: "Price index of the factor's dollar year" },
      {
        name: 'factor_kg_per_usd',
        unit: 'kg CO2e/USD',
        description: "EEIO factor of the commodity, kg CO2e per dollar of the factor's year",
      },
    ],
    tests: [
      {
        // 10,720 USD × 100 / 107.2 = 10,000 dollars of the factor's year; × 0.25 = 2,500 kg CO2e.
        name: '10,720 USD deflated to the factor year',
        inputs: {
          quantity: 10_720,
          price_index_spend_year: 107.2,
          price_index_factor_year: 100,
          factor_kg_per_usd: 0.25,
        },
        expectedValue: 2500,
        expectedGases: null,
        tolerance: GRAM,
      },
    ],
  },
  {
    id: 'mass-balance-refrigerant',
    title: 'Mass balance: refrigerant losses (R-410A)',
    calculationType: 'mass-balance',
    summary:
      'Refrigerant lost in a year: the decrease of the stock, plus what was bought, less what was sold or returned and the capacity the equipment grew by. R-410A is half HFC-32 and half HFC-125 by mass.',
    source:
      'U.S. EPA Center for Corporate Climate Leadership, Direct Fugitive Emissions from Refrigeration, Air Conditioning, Fire Suppression, and Industrial Gases (2014), simplified material balance method; R-410A composition per ASHRAE 34',
    suggestedName: 'refrigerant-mass-balance',
    formula: [
      '// EPA simplified material balance, kg of refrigerant',
      'set :stock_decrease = :inventory_start_kg - :inventory_end_kg',
      'set :capacity_increase = :new_equipment_capacity_kg - :retired_equipment_capacity_kg',
      'set :lost = :stock_decrease + :purchased_kg - :sold_kg - :capacity_increase',
      "EMIT('HFC-32', :lost * 0.5)",
      "EMIT('HFC-125', :lost * 0.5)",
    ].join('\n'),
    parameters: [
      {
        name: 'inventory_start_kg',
        unit: 'kg',
        description: 'Refrigerant in storage at the start of the year',
      },
      { name: 'inventory_end_kg', unit: 'kg', description: 'Refrigerant in storage at the end of the year' },
      { name: 'purchased_kg', unit: 'kg', description: 'Refrigerant bought or received during the year' },
      { name: 'sold_kg', unit: 'kg', description: 'Refrigerant sold, returned or sent for recycling' },
      { name: 'new_equipment_capacity_kg', unit: 'kg', description: 'Full charge of equipment installed' },
      { name: 'retired_equipment_capacity_kg', unit: 'kg', description: 'Full charge of equipment retired' },
    ],
    tests: [
      {
        // (120 − 80) + 50 − 10 − (30 − 20) = 70 kg R-410A: 35 kg HFC-32 and 35 kg HFC-125.
        name: '70 kg of R-410A lost',
        inputs: {
          inventory_start_kg: 120,
          inventory_end_kg: 80,
          purchased_kg: 50,
          sold_kg: 10,
          new_equipment_capacity_kg: 30,
          retired_equipment_capacity_kg: 20,
        },
        expectedValue: null,
        expectedGases: { 'HFC-32': 35, 'HFC-125': 35 },
        tolerance: GRAM,
      },
    ],
  },
  {
    id: 'supplier-specific-product',
    title: 'Supplier-specific: purchased products',
    calculationType: 'supplier-specific',
    summary:
      "Units bought times the supplier's own cradle-to-gate emissions per unit of the product (from its product carbon footprint or a programme such as CDP Supply Chain).",
    source:
      'GHG Protocol Technical Guidance for Calculating Scope 3 Emissions (2013), category 1, supplier-specific method (equation 1.1: quantities × supplier-specific product emission factors)',
    suggestedName: 'supplier-specific-product',
    formula: [
      '// GHG Protocol Scope 3 category 1, supplier-specific',
      ':quantity * :supplier_kg_co2e_per_item',
    ].join('\n'),
    parameters: [
      { name: 'quantity', unit: 'item', description: 'Units of the product bought' },
      {
        name: 'supplier_kg_co2e_per_item',
        unit: 'kg CO2e/item',
        description: "The supplier's cradle-to-gate emissions per unit",
      },
    ],
    tests: [
      {
        name: '500 units at 12.4 kg each',
        inputs: { quantity: 500, supplier_kg_co2e_per_item: 12.4 },
        expectedValue: 6200,
        expectedGases: null,
        tolerance: GRAM,
      },
    ],
  },
  {
    id: 'electricity-location-based',
    title: 'Electricity, location-based (Scope 2)',
    calculationType: 'electricity-location',
    summary:
      'Electricity consumed weighed by the grid-average emission rates, whatever the contracts say. The factor is the U.S. average; use your subregion’s for a site.',
    source:
      'GHG Protocol Scope 2 Guidance (2015), chapter 6, location-based method; U.S. EPA eGRID2022 U.S. average output emission rates (823.1 lb CO2, 0.066 lb CH4, 0.009 lb N2O per MWh)',
    suggestedName: 'electricity-location',
    formula: [
      '// Scope 2 location-based: grid-average rates per MWh',
      "EMIT('CO2', :quantity * FACTOR('egrid-2022-us-average', 'CO2'))",
      "EMIT('CH4', :quantity * FACTOR('egrid-2022-us-average', 'CH4'))",
      "EMIT('N2O', :quantity * FACTOR('egrid-2022-us-average', 'N2O'))",
    ].join('\n'),
    parameters: [{ name: 'quantity', unit: 'MWh', description: 'Electricity consumed' }],
    tests: [
      {
        name: '1,000 MWh on the U.S. average grid',
        inputs: { quantity: 1000 },
        expectedValue: null,
        expectedGases: { CO2: 823_100 * POUND_IN_KG, CH4: 66 * POUND_IN_KG, N2O: 9 * POUND_IN_KG },
        tolerance: GRAM,
      },
    ],
  },
  {
    id: 'electricity-market-based',
    title: 'Electricity, market-based (Scope 2)',
    calculationType: 'electricity-market',
    summary:
      'Electricity covered by contractual instruments (certificates, PPAs) at their emission rate; the rest at the residual mix, not the grid average, so nothing is counted twice.',
    source:
      'GHG Protocol Scope 2 Guidance (2015), chapter 6, market-based method and the Scope 2 Quality Criteria (residual mix for uncovered consumption, section 6.11)',
    suggestedName: 'electricity-market',
    formula: [
      '// Scope 2 market-based: instruments first, the residual mix for the rest',
      'set :covered_mwh = MIN(:certificates_mwh, :quantity)',
      'set :uncovered_mwh = :quantity - :covered_mwh',
      ':covered_mwh * :instrument_kg_per_mwh + :uncovered_mwh * :residual_mix_kg_per_mwh',
    ].join('\n'),
    parameters: [
      { name: 'quantity', unit: 'MWh', description: 'Electricity consumed' },
      {
        name: 'certificates_mwh',
        unit: 'MWh',
        description: 'Consumption covered by certificates or contracts',
      },
      {
        name: 'instrument_kg_per_mwh',
        unit: 'kg CO2e/MWh',
        description: 'Emission rate the instruments convey (0 for renewable certificates)',
      },
      {
        name: 'residual_mix_kg_per_mwh',
        unit: 'kg CO2e/MWh',
        description: 'Residual mix emission rate of the market (e.g. Green-e)',
      },
    ],
    tests: [
      {
        // 600 MWh covered at 0; 400 MWh at 400 kg = 160,000 kg CO2e.
        name: '1,000 MWh with 600 MWh of renewable certificates',
        inputs: {
          quantity: 1000,
          certificates_mwh: 600,
          instrument_kg_per_mwh: 0,
          residual_mix_kg_per_mwh: 400,
        },
        expectedValue: 160_000,
        expectedGases: null,
        tolerance: GRAM,
      },
      {
        name: 'More certificates than consumption count only the consumption',
        inputs: {
          quantity: 100,
          certificates_mwh: 250,
          instrument_kg_per_mwh: 0,
          residual_mix_kg_per_mwh: 400,
        },
        expectedValue: 0,
        expectedGases: null,
        tolerance: GRAM,
      },
    ],
  },
];

export function findCalculationTemplate(id: string): CalculationTemplate | undefined {
  return CALCULATION_TEMPLATES.find((template) => template.id === id);
}
