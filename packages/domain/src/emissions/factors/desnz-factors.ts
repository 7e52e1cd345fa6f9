import { freezeFactor, type EmissionFactor } from './emission-factor.ts';

/**
 * UK Government GHG Conversion Factors for Company Reporting 2024 (DESNZ), published as kg CO2e per unit. The
 * engine uses them as published CO2e (see PublishedCo2eFactor): DESNZ computes CO2e with AR5 GWP-100, and its
 * per-gas columns are themselves CO2e, so turning them into masses would need a back-calculation the source does
 * not publish.
 */

const DESNZ_SOURCE = 'UK DESNZ, Government GHG Conversion Factors for Company Reporting 2024';
const DESNZ_YEAR = 2024;

export const DESNZ_FACTORS: readonly EmissionFactor[] = [
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
