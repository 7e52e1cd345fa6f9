import { describe, expect, it } from 'vitest';
import {
  reportedInventoryAmounts,
  withReportedAmounts,
  type ReportedFacilityYear,
} from './reported-emissions.ts';

const PLANT: ReportedFacilityYear = {
  facilityId: 'plant',
  gases: { CO2: 1000, CH4: 2 },
  mixturesCo2eT: { HFC: 30 },
  co2eTByGwpSet: { AR4: 1080, AR5: 1086 },
  reportedCo2eT: 1080,
  reportedGwpSetId: 'AR4',
  biogenicCo2T: 5,
};

describe('reported emissions in the inventory', () => {
  it('turns a reported year into Scope 1 rows in kg: the total on the realm’s set, gas masses, biogenic apart', () => {
    expect(reportedInventoryAmounts(PLANT, 'AR5')).toEqual([
      { facilityId: 'plant', scope: 1, scope2Method: '', gas: '', gasKg: 30_000, co2eKg: 1_086_000 },
      { facilityId: 'plant', scope: 1, scope2Method: '', gas: 'CO2', gasKg: 1_000_000, co2eKg: 0 },
      { facilityId: 'plant', scope: 1, scope2Method: '', gas: 'CH4', gasKg: 2000, co2eKg: 0 },
      { facilityId: 'plant', scope: 1, scope2Method: '', gas: 'CO2_biogenic', gasKg: 5000, co2eKg: 0 },
    ]);
  });

  it('counts a reported year only for facilities with no calculated amount: calculated results win', () => {
    const calculated = [{ facilityId: 'plant', scope: 1, scope2Method: '', gas: '', gasKg: 0, co2eKg: 42 }];
    const other = { ...PLANT, facilityId: 'depot', biogenicCo2T: null };
    const merged = withReportedAmounts(calculated, [PLANT, other], 'AR5');
    expect(merged.facilities.get('plant')?.isCounted).toBe(false);
    expect(merged.facilities.get('depot')?.isCounted).toBe(true);
    expect(merged.amounts.filter((amount) => amount.facilityId === 'plant')).toEqual(calculated);
    expect(merged.amounts.filter((amount) => amount.facilityId === 'depot' && amount.gas === '')).toEqual([
      { facilityId: 'depot', scope: 1, scope2Method: '', gas: '', gasKg: 30_000, co2eKg: 1_086_000 },
    ]);
  });
});
