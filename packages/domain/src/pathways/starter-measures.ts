import type { MeasureValues } from '@ecc/contracts';

/*
 * The starter set of the abatement library (issue 12, item 3): eight common measures, each sized for one
 * illustrative site and citing the public source of the figure it rests on. The figures are typical and
 * illustrative, not a quote for any site: a user edits them (or turns them into a share of their own source)
 * before planning with them. Electricity is converted at about 0.373 t CO2e/MWh (eGRID2022's US average output
 * rate, 823 lb/MWh) and natural gas at 53.06 kg CO2/mmBtu (EPA GHG Emission Factors Hub, Table 1); money in US
 * dollars at about $0.12/kWh of electricity and $4/mmBtu of gas.
 */

export interface StarterMeasure {
  /** Stable key: the same entry is never added twice to a realm. */
  readonly key: string;
  readonly values: MeasureValues;
}

const noPlace = { facilityId: null, equipmentTypeId: null } as const;

function starter(
  key: string,
  values: Omit<MeasureValues, 'appliesTo' | 'earliestYear' | 'prerequisites'> & {
    readonly scope: 1 | 2 | 3;
  },
): StarterMeasure {
  const { scope, ...rest } = values;
  return {
    key,
    values: { ...rest, appliesTo: { ...noPlace, scope }, earliestYear: null, prerequisites: [] },
  };
}

export const STARTER_MEASURES: readonly StarterMeasure[] = [
  starter('led-retrofit', {
    name: 'LED lighting retrofit',
    description:
      'Replace fluorescent and high-intensity discharge lighting of a 10,000 m² building with LED fittings and ' +
      'controls: about 100 of its 200 MWh a year of lighting saved.',
    abatement: { kind: 'absolute', kgPerYear: 37_300 },
    capex: 120_000,
    annualCost: -13_000,
    lifetime: 15,
    exclusiveGroup: null,
    scope: 2,
    source: {
      citation:
        'US DOE Energy Saver, "LED Lighting": LEDs use at least 75 % less energy than incandescent lighting and ' +
        'last far longer; the 50 % saving against fluorescent stock here is a typical, illustrative figure.',
      url: 'https://www.energy.gov/energysaver/led-lighting',
    },
  }),
  starter('boiler-to-heat-pump', {
    name: 'Gas boiler to heat pump',
    description:
      'Replace a gas boiler burning 5,000 mmBtu a year with an electric heat pump (seasonal COP about 3): the gas ' +
      'goes, about 415 MWh of electricity comes.',
    abatement: { kind: 'absolute', kgPerYear: 110_000 },
    capex: 600_000,
    annualCost: 30_000,
    lifetime: 20,
    exclusiveGroup: 'heating-plant',
    scope: 1,
    source: {
      citation:
        'IEA, "The Future of Heat Pumps" (2022): heat pumps are three to five times more energy efficient than gas ' +
        'boilers; the COP of 3 and the costs here are illustrative.',
      url: 'https://www.iea.org/reports/the-future-of-heat-pumps',
    },
  }),
  starter('fuel-switch-oil-to-gas', {
    name: 'Fuel switch: fuel oil to natural gas',
    description:
      'Burn natural gas instead of distillate fuel oil No. 2 in a boiler using 10,000 mmBtu a year: 73.96 − 53.06 ' +
      'kg CO2 per mmBtu.',
    abatement: { kind: 'absolute', kgPerYear: 209_000 },
    capex: 150_000,
    annualCost: -20_000,
    lifetime: 20,
    exclusiveGroup: 'heating-plant',
    scope: 1,
    source: {
      citation:
        'US EPA, GHG Emission Factors Hub (2024), Table 1: distillate fuel oil No. 2 73.96 and natural gas 53.06 kg ' +
        'CO2/mmBtu; the fuel use, capex and savings are illustrative.',
      url: 'https://www.epa.gov/climateleadership/ghg-emission-factors-hub',
    },
  }),
  starter('on-site-solar', {
    name: 'On-site solar PV (500 kW)',
    description:
      'A 500 kWdc rooftop array at a capacity factor of about 17 %: some 750 MWh a year of grid electricity ' +
      'displaced.',
    abatement: { kind: 'absolute', kgPerYear: 280_000 },
    capex: 900_000,
    annualCost: -81_000,
    lifetime: 25,
    exclusiveGroup: null,
    scope: 2,
    source: {
      citation:
        'NREL, Annual Technology Baseline (2023), commercial PV: capital cost about $1,800/kWdc and fixed O&M about ' +
        '$18/kW-yr (typical values, rounded); output and savings illustrative.',
      url: 'https://atb.nrel.gov/electricity/2023/commercial_pv',
    },
  }),
  starter('renewable-electricity-contract', {
    name: 'Renewable electricity contract',
    description:
      'Buy 2,000 MWh a year of renewable electricity with energy attribute certificates (a green tariff or PPA): ' +
      'market-based Scope 2 of those MWh at zero.',
    abatement: { kind: 'absolute', kgPerYear: 746_000 },
    capex: 0,
    annualCost: 8_000,
    lifetime: 5,
    exclusiveGroup: null,
    scope: 2,
    source: {
      citation:
        'GHG Protocol Scope 2 Guidance (2015): contractual instruments set the market-based emissions of the ' +
        'electricity they cover; the premium of $4/MWh is illustrative.',
      url: 'https://ghgprotocol.org/scope-2-guidance',
    },
  }),
  starter('refrigerant-leak-programme', {
    name: 'Refrigerant leak programme',
    description:
      'Leak detection, repair and monitoring for a store system holding 1,360 kg of R-404A (GWP 3,922): the yearly ' +
      'leak rate from 25 % down to 12 %.',
    abatement: { kind: 'absolute', kgPerYear: 693_000 },
    capex: 30_000,
    annualCost: 1_500,
    lifetime: 10,
    exclusiveGroup: null,
    scope: 1,
    source: {
      citation:
        'US EPA GreenChill: the average supermarket leaks about 25 % of its refrigerant charge a year; the 12 % ' +
        'after the programme and its costs are illustrative.',
      url: 'https://www.epa.gov/greenchill',
    },
  }),
  starter('fleet-electrification', {
    name: 'Fleet electrification (10 vans)',
    description:
      'Replace 10 gasoline vans driving 20,000 miles a year each at 20 mpg (8.89 kg CO2 per gallon) with battery ' +
      'electric vans at 0.3 kWh a mile.',
    abatement: { kind: 'absolute', kgPerYear: 67_000 },
    capex: 200_000,
    annualCost: -38_000,
    lifetime: 8,
    exclusiveGroup: null,
    scope: 1,
    source: {
      citation:
        'US DOE Alternative Fuels Data Center, "Emissions from Electric Vehicles": electric vehicles emit less over ' +
        'their life than gasoline vehicles; the mileage, prices and savings are illustrative.',
      url: 'https://afdc.energy.gov/vehicles/electric-emissions',
    },
  }),
  starter('process-heat-recovery', {
    name: 'Process heat recovery',
    description:
      'Recover exhaust heat to preheat process water and combustion air, saving 10,000 mmBtu of natural gas a year.',
    abatement: { kind: 'absolute', kgPerYear: 530_600 },
    capex: 400_000,
    annualCost: -35_000,
    lifetime: 15,
    exclusiveGroup: null,
    scope: 1,
    source: {
      citation:
        'US DOE, "Waste Heat Recovery: Technology and Opportunities in U.S. Industry" (2008): 20 to 50 % of ' +
        'industrial energy input is lost as waste heat; the recovered amount and costs are illustrative.',
      url: 'https://www.energy.gov/eere/amo/articles/waste-heat-recovery-technology-and-opportunities-us-industry',
    },
  }),
];
