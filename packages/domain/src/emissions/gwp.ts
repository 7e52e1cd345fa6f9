/** IPCC 100-year global warming potentials of the three assessment reports a realm can report with. */

export const GAS_IDS = [
  'CO2',
  'CH4',
  'CH4_fossil',
  'CH4_non_fossil',
  'N2O',
  'HFC-134a',
  'HFC-32',
  'HFC-125',
  'HFC-23',
  'SF6',
  'NF3',
] as const;
export type GasId = (typeof GAS_IDS)[number];

export const GWP_SET_IDS = ['AR4', 'AR5', 'AR6'] as const;
export type GwpSetId = (typeof GWP_SET_IDS)[number];

export interface GwpSet {
  readonly id: GwpSetId;
  readonly name: string;
  readonly source: string;
  readonly values: Readonly<Record<GasId, number>>;
}

const AR4_CH4 = 25;
const AR5_CH4 = 28;

export const GWP_SETS: Readonly<Record<GwpSetId, GwpSet>> = Object.freeze({
  AR4: {
    id: 'AR4',
    name: 'IPCC Fourth Assessment Report (2007), GWP-100',
    source:
      'IPCC AR4 WG1 (2007) Chapter 2, Table 2.14, as listed in the GHG Protocol "Global Warming Potential Values" table',
    // AR4 gives one CH4 value; the fossil / non-fossil split only exists from AR6 on, so both take it.
    values: {
      CO2: 1,
      CH4: AR4_CH4,
      CH4_fossil: AR4_CH4,
      CH4_non_fossil: AR4_CH4,
      N2O: 298,
      'HFC-134a': 1430,
      'HFC-32': 675,
      'HFC-125': 3500,
      'HFC-23': 14800,
      SF6: 22800,
      NF3: 17200,
    },
  },
  AR5: {
    id: 'AR5',
    name: 'IPCC Fifth Assessment Report (2013), GWP-100',
    source:
      'IPCC AR5 WG1 (2013) Chapter 8, Appendix 8.A, Table 8.A.1 (without climate-carbon feedbacks), ' +
      'as listed in the GHG Protocol "Global Warming Potential Values" table',
    // The GHG Protocol table lists one CH4 value for AR5, so fossil and non-fossil methane take it.
    values: {
      CO2: 1,
      CH4: AR5_CH4,
      CH4_fossil: AR5_CH4,
      CH4_non_fossil: AR5_CH4,
      N2O: 265,
      'HFC-134a': 1300,
      'HFC-32': 677,
      'HFC-125': 3170,
      'HFC-23': 12400,
      SF6: 23500,
      NF3: 16100,
    },
  },
  AR6: {
    id: 'AR6',
    name: 'IPCC Sixth Assessment Report (2021), GWP-100',
    source: 'IPCC AR6 WG1 (2021) Chapter 7, Table 7.15 and Table 7.SM.7',
    values: {
      CO2: 1,
      CH4: 27.9,
      CH4_fossil: 29.8,
      CH4_non_fossil: 27.0,
      N2O: 273,
      'HFC-134a': 1530,
      'HFC-32': 771,
      'HFC-125': 3740,
      'HFC-23': 14600,
      SF6: 25200,
      NF3: 17400,
    },
  },
});

const GAS_ID_SET: ReadonlySet<string> = new Set(GAS_IDS);
const GWP_SET_ID_SET: ReadonlySet<string> = new Set(GWP_SET_IDS);

export function isGasId(value: string): value is GasId {
  return GAS_ID_SET.has(value);
}

export function isGwpSetId(value: unknown): value is GwpSetId {
  return typeof value === 'string' && GWP_SET_ID_SET.has(value);
}

/** CO2e of a mass of one gas: mass × GWP-100 of that gas in the set, in the mass's own unit. */
export function toCo2e(mass: number, gas: GasId, gwp: GwpSetId): number {
  return mass * GWP_SETS[gwp].values[gas];
}
