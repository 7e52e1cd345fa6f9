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
  'CO2_biogenic',
  'HFC-143a',
  'HFC-152a',
  'HFC-227ea',
  'HFC-236fa',
  'HFC-245fa',
  'HFC-365mfc',
  'HFC-43-10mee',
  'PFC-14',
  'PFC-116',
  'PFC-218',
  'PFC-318',
  'PFC-3-1-10',
  'PFC-4-1-12',
  'PFC-5-1-14',
  'PFC-9-1-18',
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
/**
 * Not a GWP: CO2 from biomass is reported apart from the scopes (GHG Protocol Corporate Standard, chapter 9), so
 * its mass is kept and shown but weighs nothing in a scope's CO2e.
 */
const BIOGENIC_CO2_IN_SCOPES = 0;

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
      CO2_biogenic: BIOGENIC_CO2_IN_SCOPES,
      'HFC-143a': 4470,
      'HFC-152a': 124,
      'HFC-227ea': 3220,
      'HFC-236fa': 9810,
      'HFC-245fa': 1030,
      'HFC-365mfc': 794,
      'HFC-43-10mee': 1640,
      'PFC-14': 7390,
      'PFC-116': 12200,
      'PFC-218': 8830,
      'PFC-318': 10300,
      'PFC-3-1-10': 8860,
      'PFC-4-1-12': 9160,
      'PFC-5-1-14': 9300,
      // The GHG Protocol table lists AR4's ">7,500" for PFC-9-1-18 as 7,500.
      'PFC-9-1-18': 7500,
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
      CO2_biogenic: BIOGENIC_CO2_IN_SCOPES,
      'HFC-143a': 4800,
      'HFC-152a': 138,
      'HFC-227ea': 3350,
      'HFC-236fa': 8060,
      'HFC-245fa': 858,
      'HFC-365mfc': 804,
      'HFC-43-10mee': 1650,
      'PFC-14': 6630,
      'PFC-116': 11100,
      'PFC-218': 8900,
      'PFC-318': 9540,
      'PFC-3-1-10': 9200,
      'PFC-4-1-12': 8550,
      'PFC-5-1-14': 7910,
      'PFC-9-1-18': 7190,
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
      CO2_biogenic: BIOGENIC_CO2_IN_SCOPES,
      'HFC-143a': 5810,
      'HFC-152a': 164,
      'HFC-227ea': 3600,
      'HFC-236fa': 8690,
      'HFC-245fa': 962,
      'HFC-365mfc': 914,
      'HFC-43-10mee': 1600,
      'PFC-14': 7380,
      'PFC-116': 12400,
      'PFC-218': 9290,
      'PFC-318': 10200,
      'PFC-3-1-10': 10000,
      'PFC-4-1-12': 9220,
      'PFC-5-1-14': 8620,
      'PFC-9-1-18': 7480,
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

/** The Kyoto Protocol's seven gases (and families), as the GWP table of `/calc-editor/constants` groups gases. */
export function kyotoGroupOf(gas: string): string {
  if (gas.startsWith('HFC')) return 'HFCs';
  if (gas.startsWith('PFC')) return 'PFCs';
  if (gas.startsWith('CH4')) return 'CH4';
  if (gas.startsWith('CO2')) return 'CO2';
  return gas;
}
