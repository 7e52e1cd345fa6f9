import type { CalculationValue } from '@ecc/contracts';
import type { GwpSetId } from '../emissions/gwp.ts';

/*
 * Worked calculations in the formula language (issue 13 item 5): each with the source of its method, sample
 * parameters and the figure the method gives for them, which `examples.test.ts` checks by running the formula.
 * The web page `/calc-editor/examples` shows them with their results computed live by the dry-run API.
 */

/** The GHG Protocol calculation methods a calculation may follow; the web's icon set draws one icon each. */
export const CALCULATION_TYPES = [
  'fuel-based',
  'distance-based',
  'spend-based',
  'mass-balance',
  'supplier-specific',
  'electricity-location',
  'electricity-market',
] as const;
export type CalculationType = (typeof CALCULATION_TYPES)[number];

export const CALCULATION_TYPE_LABELS: Readonly<Record<CalculationType, string>> = {
  'fuel-based': 'Fuel-based',
  'distance-based': 'Distance-based',
  'spend-based': 'Spend-based',
  'mass-balance': 'Mass balance',
  'supplier-specific': 'Supplier-specific',
  'electricity-location': 'Electricity, location-based',
  'electricity-market': 'Electricity, market-based',
};

export interface CalculationExampleParameter {
  readonly name: string;
  readonly value: CalculationValue;
  /** What the value measures and in what unit. */
  readonly description: string;
}

export interface CalculationExample {
  readonly id: string;
  readonly title: string;
  readonly calculationType: CalculationType;
  readonly summary: string;
  /** Where the method and its factors come from. */
  readonly source: string;
  readonly formula: string;
  readonly parameters: readonly CalculationExampleParameter[];
  readonly gwp: GwpSetId;
  /** kg CO2e for the sample parameters, and kg of each gas, as the method's arithmetic gives them. */
  readonly expected: { readonly value: number; readonly gases?: Readonly<Record<string, number>> };
}

const POUND_IN_KG = 0.45359237;

export const CALCULATION_EXAMPLES: readonly CalculationExample[] = [
  {
    id: 'stationary-combustion-natural-gas',
    title: 'Stationary combustion of natural gas, three gases',
    calculationType: 'fuel-based',
    summary:
      'A boiler burning natural gas: the fuel becomes energy with the default higher heating value, and each gas is its default factor per mmBtu (Tier 1).',
    source:
      '40 CFR 98 subpart C, Equations C-1 and C-8, Table C-1 (natural gas 1.026E-03 mmBtu/scf, 53.06 kg CO2/mmBtu) and Table C-2 (1.0E-03 kg CH4, 1.0E-04 kg N2O per mmBtu)',
    formula: [
      '// 40 CFR 98 subpart C, Equation C-1 with Tables C-1 and C-2',
      'set :energy = :fuel_scf * 1.026e-3 // mmBtu',
      "EMIT('CO2', :energy * FACTOR('epa-c1-natural-gas', 'CO2'))",
      "EMIT('CH4', :energy * FACTOR('epa-c1-natural-gas', 'CH4'))",
      "EMIT('N2O', :energy * FACTOR('epa-c1-natural-gas', 'N2O'))",
    ].join('\n'),
    parameters: [
      { name: 'fuel_scf', value: 1_000_000, description: 'Natural gas burned, standard cubic feet' },
    ],
    gwp: 'AR5',
    // 1,026 mmBtu × 53.06 = 54,439.56 kg CO2; × 0.001 = 1.026 kg CH4; × 0.0001 = 0.1026 kg N2O; AR5 28 and 265.
    expected: {
      value: 54_439.56 + 1.026 * 28 + 0.1026 * 265,
      gases: { CO2: 54_439.56, CH4: 1.026, N2O: 0.1026 },
    },
  },
  {
    id: 'scope-2-location-based',
    title: 'Purchased electricity, Scope 2 location-based',
    calculationType: 'electricity-location',
    summary:
      'Electricity bought from the U.S. grid, weighed by the grid-average emission rates whatever the contracts say (location-based method).',
    source:
      'GHG Protocol Scope 2 Guidance (2015), chapter 6, location-based method; U.S. EPA eGRID2022 U.S. average output emission rates (823.1 lb CO2, 0.066 lb CH4, 0.009 lb N2O per MWh; GHG Emission Factors Hub 2024, Table 6)',
    formula: [
      '// Scope 2 location-based: grid-average rates per MWh',
      "EMIT('CO2', :electricity_mwh * FACTOR('egrid-2022-us-average', 'CO2'))",
      "EMIT('CH4', :electricity_mwh * FACTOR('egrid-2022-us-average', 'CH4'))",
      "EMIT('N2O', :electricity_mwh * FACTOR('egrid-2022-us-average', 'N2O'))",
    ].join('\n'),
    parameters: [{ name: 'electricity_mwh', value: 1000, description: 'Electricity consumed, MWh' }],
    gwp: 'AR5',
    expected: {
      value: (823_100 + 66 * 28 + 9 * 265) * POUND_IN_KG,
      gases: { CO2: 823_100 * POUND_IN_KG, CH4: 66 * POUND_IN_KG, N2O: 9 * POUND_IN_KG },
    },
  },
  {
    id: 'mobile-combustion-by-vehicle',
    title: 'Mobile combustion by vehicle type',
    calculationType: 'distance-based',
    summary:
      'A fleet vehicle: CO2 from the fuel it burned, CH4 and N2O from the miles it drove at the rate of its vehicle type (model year 2021, or 2007–2021 for diesel trucks).',
    source:
      'U.S. EPA GHG Emission Factors Hub 2024: Table 2 (motor gasoline 8.78, diesel 10.21 kg CO2 per gallon), Tables 3 and 4 (g CH4 and g N2O per vehicle-mile)',
    formula: [
      '// EPA GHG Emission Factors Hub 2024, Tables 2, 3 and 4',
      "set :co2_per_gallon = SWITCH(:vehicle, 'heavy diesel truck', 10.21, 8.78) // kg CO2 per gallon",
      "set :ch4_per_mile = SWITCH(:vehicle, 'car', 0.0051, 'light truck', 0.0079, 'heavy diesel truck', 0.0095) // g",
      "set :n2o_per_mile = SWITCH(:vehicle, 'car', 0.0014, 'light truck', 0.0012, 'heavy diesel truck', 0.0431) // g",
      "EMIT('CO2', :fuel_gallons * :co2_per_gallon)",
      "EMIT('CH4', :distance_miles * :ch4_per_mile / 1000)",
      "EMIT('N2O', :distance_miles * :n2o_per_mile / 1000)",
    ].join('\n'),
    parameters: [
      {
        name: 'vehicle',
        value: 'car',
        description: "Vehicle type: 'car', 'light truck' or 'heavy diesel truck'",
      },
      { name: 'fuel_gallons', value: 1000, description: 'Fuel burned, US gallons' },
      { name: 'distance_miles', value: 25_000, description: 'Distance driven, miles' },
    ],
    gwp: 'AR5',
    // 1,000 gal × 8.78 = 8,780 kg CO2; 25,000 mi × 0.0051 g = 0.1275 kg CH4; × 0.0014 g = 0.035 kg N2O.
    expected: {
      value: 8780 + 0.1275 * 28 + 0.035 * 265,
      gases: { CO2: 8780, CH4: 0.1275, N2O: 0.035 },
    },
  },
  {
    id: 'refrigerant-mass-balance',
    title: 'Refrigerant losses by mass balance (R-410A)',
    calculationType: 'mass-balance',
    summary:
      'Refrigerant a site lost in a year: what left the stock, plus what was bought, less what was sold or returned and the capacity the equipment grew by. R-410A is half HFC-32 and half HFC-125 by mass.',
    source:
      'U.S. EPA Center for Corporate Climate Leadership, Direct Fugitive Emissions from Refrigeration, Air Conditioning, Fire Suppression, and Industrial Gases (2014), simplified material balance method; R-410A composition per ASHRAE 34; GWPs of IPCC AR5',
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
        value: 120,
        description: 'Refrigerant in storage at the start of the year, kg',
      },
      {
        name: 'inventory_end_kg',
        value: 80,
        description: 'Refrigerant in storage at the end of the year, kg',
      },
      { name: 'purchased_kg', value: 50, description: 'Refrigerant bought or received during the year, kg' },
      { name: 'sold_kg', value: 10, description: 'Refrigerant sold, returned or sent for recycling, kg' },
      { name: 'new_equipment_capacity_kg', value: 30, description: 'Full charge of equipment installed, kg' },
      {
        name: 'retired_equipment_capacity_kg',
        value: 20,
        description: 'Full charge of equipment retired, kg',
      },
    ],
    gwp: 'AR5',
    // (120 − 80) + 50 − 10 − (30 − 20) = 70 kg R-410A: 35 kg HFC-32 (677) and 35 kg HFC-125 (3,170).
    expected: { value: 35 * 677 + 35 * 3170, gases: { 'HFC-32': 35, 'HFC-125': 35 } },
  },
  {
    id: 'spend-based-purchased-goods',
    title: 'Purchased goods and services, spend-based (Scope 3 category 1)',
    calculationType: 'spend-based',
    summary:
      "Spend with a supplier, brought to the factor's dollar year with a price index, times an environmentally-extended input-output factor (kg CO2e per dollar) of what was bought. The factor here is a sample: use your EEIO table's factor for the commodity.",
    source:
      'GHG Protocol Technical Guidance for Calculating Scope 3 Emissions (2013), category 1, spend-based method (equation 1.4), with spend deflated to the factor’s dollar year',
    formula: [
      '// GHG Protocol Scope 3 category 1, spend-based',
      'set :spend_in_factor_year = :spend_usd * :price_index_factor_year / :price_index_spend_year',
      'ROUND(:spend_in_factor_year * :factor_kg_per_usd, 2)',
    ].join('\n'),
    parameters: [
      { name: 'spend_usd', value: 10_720, description: 'Spend in the year it was paid, USD' },
      { name: 'price_index_spend_year', value: 107.2, description: 'Price index of the year of the spend' },
      { name: 'price_index_factor_year', value: 100, description: "Price index of the factor's dollar year" },
      {
        name: 'factor_kg_per_usd',
        value: 0.25,
        description: "Sample EEIO factor, kg CO2e per dollar of the factor's year",
      },
    ],
    gwp: 'AR5',
    // 10,720 USD × 100 / 107.2 = 10,000 dollars of the factor's year; × 0.25 = 2,500 kg CO2e.
    expected: { value: 2500 },
  },
];

export function findCalculationExample(id: string): CalculationExample | undefined {
  return CALCULATION_EXAMPLES.find((example) => example.id === id);
}
