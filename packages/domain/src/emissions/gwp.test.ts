import { describe, expect, it } from 'vitest';
import {
  kyotoGroupOf,
  GAS_IDS,
  GWP_SETS,
  GWP_SET_IDS,
  isGasId,
  isGwpSetId,
  toCo2e,
  type GasId,
  type GwpSetId,
} from './gwp.ts';

/**
 * DOMAIN.md "Reference facts", GWP-100: AR4 and AR5 as in the GHG Protocol table, AR6 from WG1 chapter 7
 * (Table 7.SM.7 for the fluorinated gases). Biogenic CO2 weighs 0: it is reported outside the scopes.
 */
const EXPECTED: Record<GwpSetId, Record<GasId, number>> = {
  AR4: {
    CO2: 1,
    CH4: 25,
    CH4_fossil: 25,
    CH4_non_fossil: 25,
    N2O: 298,
    'HFC-134a': 1430,
    'HFC-32': 675,
    'HFC-125': 3500,
    'HFC-23': 14800,
    SF6: 22800,
    NF3: 17200,
    CO2_biogenic: 0,
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
    'PFC-9-1-18': 7500,
  },
  AR5: {
    CO2: 1,
    CH4: 28,
    CH4_fossil: 28,
    CH4_non_fossil: 28,
    N2O: 265,
    'HFC-134a': 1300,
    'HFC-32': 677,
    'HFC-125': 3170,
    'HFC-23': 12400,
    SF6: 23500,
    NF3: 16100,
    CO2_biogenic: 0,
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
  AR6: {
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
    CO2_biogenic: 0,
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
};

describe('GWP sets', () => {
  it.each(GWP_SET_IDS)('%s holds the published GWP-100 of every gas, with its source', (setId) => {
    const set = GWP_SETS[setId];
    expect(set.id).toBe(setId);
    expect(set.values).toEqual(EXPECTED[setId]);
    expect(Object.keys(set.values).sort()).toEqual([...GAS_IDS].sort());
    expect(set.source).toMatch(/IPCC/);
  });

  it('converts a gas mass to CO2e with the chosen set', () => {
    // 2 kg SF6 leaked from switchgear: AR4 2 × 22,800 = 45,600; AR5 2 × 23,500 = 47,000; AR6 2 × 25,200 = 50,400.
    expect(toCo2e(2, 'SF6', 'AR4')).toBe(45_600);
    expect(toCo2e(2, 'SF6', 'AR5')).toBe(47_000);
    expect(toCo2e(2, 'SF6', 'AR6')).toBe(50_400);
    // 10 kg fossil methane under AR6: 10 × 29.8 = 298 kg CO2e.
    expect(toCo2e(10, 'CH4_fossil', 'AR6')).toBeCloseTo(298, 10);
  });

  it('recognises gases and sets by their exact names', () => {
    expect(isGasId('HFC-134a')).toBe(true);
    expect(isGasId('hfc-134a')).toBe(false);
    expect(isGasId('CO2e')).toBe(false);
    expect(isGwpSetId('AR6')).toBe(true);
    expect(isGwpSetId('AR3')).toBe(false);
    expect(isGwpSetId(5)).toBe(false);
  });
});

describe('the names of the GWP sets', () => {
  // The names and sources are shown with every trail (the GWP set a result stands on) and stored in gwp_sets.
  it('name each IPCC report and year, and the table the values were taken from', () => {
    expect(Object.values(GWP_SETS).map((set) => set.name)).toEqual([
      'IPCC Fourth Assessment Report (2007), GWP-100',
      'IPCC Fifth Assessment Report (2013), GWP-100',
      'IPCC Sixth Assessment Report (2021), GWP-100',
    ]);
    expect(GWP_SETS.AR5.source).toBe(
      'IPCC AR5 WG1 (2013) Chapter 8, Appendix 8.A, Table 8.A.1 (without climate-carbon feedbacks), ' +
        'as listed in the GHG Protocol "Global Warming Potential Values" table',
    );
  });
});

describe('kyotoGroupOf', () => {
  it('groups the HFCs, PFCs and the kinds of CH4 and CO2 as the Kyoto Protocol lists them', () => {
    expect(['HFC-134a', 'PFC-14', 'CH4_fossil', 'CO2_biogenic', 'N2O', 'SF6'].map(kyotoGroupOf)).toEqual([
      'HFCs',
      'PFCs',
      'CH4',
      'CO2',
      'N2O',
      'SF6',
    ]);
  });
});
