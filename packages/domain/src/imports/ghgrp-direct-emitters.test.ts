import { describe, expect, it } from 'vitest';
import {
  findGhgrpHeaderRow,
  ghgrpFacilitySlug,
  ghgrpYearFromFileName,
  indexGhgrpColumns,
  parseGhgrpRow,
  realmGwpSetId,
  rebaseGhgrpReported,
  withEveryGwpSet,
} from './ghgrp-direct-emitters.ts';

const HEADER = [
  'Facility Id',
  'Facility Name',
  'City',
  'State',
  'Zip Code',
  'Address',
  'Latitude',
  'Longitude',
  'Primary NAICS Code',
  'Industry Type (subparts)',
  'Industry Type (sectors)',
  'Total reported direct emissions',
  'CO2 emissions (non-biogenic) ',
  'Methane (CH4) emissions ',
  'Nitrous Oxide (N2O) emissions ',
  'HFC emissions',
  'SF6 emissions ',
];
// 23rd and 3rd, Brooklyn (GHGRP 2020, facility 1000112), with an invented HFC and SF6 figure added.
const ROW = [
  1000112,
  '23rd and 3rd',
  'BROOKLYN',
  'NY',
  1232,
  '730 3rd Avenue',
  40.663,
  -74,
  '221112',
  'C,D',
  'Power Plants,Other',
  60819.7 + 100 + 228,
  60751.2,
  31.25,
  37.25,
  100,
  228,
];

describe('GHGRP Direct Emitters parsing', () => {
  it('finds the header row under the title rows by its content', () => {
    const rows = [['Greenhouse Gas Reporting Program'], [], ['Reporting year 2020'], HEADER, ROW];
    expect(findGhgrpHeaderRow(rows)).toBe(3);
    expect(findGhgrpHeaderRow([['Facility Id'], ROW])).toBe(-1);
  });

  it('recovers gas masses from the AR4 CO2e columns and re-bases the total to the realm set', () => {
    const parsed = parseGhgrpRow(indexGhgrpColumns(HEADER), 5, ROW, { year: 2020, gwp: 'AR5' });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const { facility } = parsed;
    expect(facility).toMatchObject({
      ghgrpId: '1000112',
      name: '23rd and 3rd',
      postalCode: '01232',
      naics: '221112',
      sector: 'Power Plants',
      latitude: 40.663,
    });
    // CH4 31.25 t CO2e / 25 = 1.25 t; N2O 37.25 / 298 = 0.125 t; SF6 228 / 22800 = 0.01 t.
    expect(facility.reported.gases).toEqual({ CO2: 60751.2, CH4: 1.25, N2O: 0.125, SF6: 0.01 });
    expect(facility.reported.mixturesCo2eT).toEqual({ HFC: 100 });
    expect(facility.reported.reportedCo2eT).toBeCloseTo(61147.7, 9);
    // AR5: 60751.2 + 1.25 × 28 + 0.125 × 265 + 0.01 × 23500 + 100 (HFC as published) = 61154.325
    expect(facility.reported.co2eT).toBeCloseTo(61154.325, 9);
    expect(facility.reported.sectors).toEqual(['Power Plants', 'Other']);
  });

  it('gives back the published total when the realm reports on AR4', () => {
    const parsed = parseGhgrpRow(indexGhgrpColumns(HEADER), 5, ROW, { year: 2020, gwp: 'AR4' });
    expect(parsed.ok && parsed.facility.reported.co2eT).toBeCloseTo(61147.7, 9);
  });

  it('keeps the total on every GWP set, so a realm that changes sets needs no re-basing', () => {
    const parsed = parseGhgrpRow(indexGhgrpColumns(HEADER), 5, ROW, { year: 2020, gwp: 'AR5' });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const { co2eTByGwpSet } = parsed.facility.reported;
    expect(co2eTByGwpSet.AR4).toBeCloseTo(61147.7, 9);
    expect(co2eTByGwpSet.AR5).toBeCloseTo(61154.325, 9);
    // AR6: 60751.2 + 1.25 × 27.9 + 0.125 × 273 + 0.01 × 25200 + 100 = 61172.2
    expect(co2eTByGwpSet.AR6).toBeCloseTo(61172.2, 9);
  });

  it('completes a year an earlier import stored on one set only, and leaves complete or foreign years alone', () => {
    const parsed = parseGhgrpRow(indexGhgrpColumns(HEADER), 5, ROW, { year: 2020, gwp: 'AR5' });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const { co2eTByGwpSet, ...earlier } = parsed.facility.reported;
    expect(withEveryGwpSet(earlier)).toEqual({ ...earlier, co2eTByGwpSet });
    expect(withEveryGwpSet(parsed.facility.reported)).toBeUndefined();
    expect(withEveryGwpSet({ co2eT: 5 })).toBeUndefined();
    expect(withEveryGwpSet({ gases: { 'HFC-134a': 1 }, mixturesCo2eT: {} })).toBeUndefined();
    expect(withEveryGwpSet('2020')).toBeUndefined();
  });

  it('names the cell of a missing id or a number column that holds text', () => {
    const row = [...ROW];
    row[0] = '';
    row[13] = 'n/a';
    expect(parseGhgrpRow(indexGhgrpColumns(HEADER), 9, row, { year: 2020, gwp: 'AR5' })).toEqual({
      ok: false,
      errors: [
        { row: 9, column: 'Facility Id', message: 'Facility Id is required' },
        { row: 9, column: 'Methane (CH4) emissions', message: 'Expected a number, received "n/a"' },
      ],
    });
  });

  it('reads the year from EPA file names, the realm set with AR5 as default, and makes slugs', () => {
    expect(ghgrpYearFromFileName('ghgp_data_2020.xlsx')).toBe(2020);
    expect(ghgrpYearFromFileName('data.xlsx')).toBeUndefined();
    expect(realmGwpSetId({ gwpSetId: 'AR6' })).toBe('AR6');
    expect(realmGwpSetId({})).toBe('AR5');
    expect(ghgrpFacilitySlug('23rd and 3rd', '1000112')).toBe('23rd-and-3rd-1000112');
    expect(ghgrpFacilitySlug('***', '7')).toBe('ghgrp-7');
  });
});

describe('re-basing reported emissions to another GWP set', () => {
  const year = {
    source: 'EPA GHGRP 2020',
    gwpSetId: 'AR5',
    reportedGwpSetId: 'AR4',
    gases: { CO2: 1000, CH4: 10, N2O: 1 },
    mixturesCo2eT: { HFC: 5 },
    co2eT: 1000 + 10 * 28 + 265 + 5,
    reportedCo2eT: 1553,
  };

  it('weighs each year’s gas masses with the new set and carries the gas groups as published', () => {
    const rebased = rebaseGhgrpReported({ '2020': year }, 'AR6');
    // AR6: CH4 27.9, N2O 273 (DOMAIN.md); HFC 5 t CO2e as EPA published it.
    expect(rebased['2020']).toEqual({ ...year, gwpSetId: 'AR6', co2eT: 1000 + 10 * 27.9 + 273 + 5 });
  });

  it('keeps a year it cannot re-base (no masses) as it is', () => {
    const odd = { source: 'Elsewhere', co2eT: 12 };
    expect(rebaseGhgrpReported({ '2019': odd, '2021': 'text' }, 'AR6')).toEqual({
      '2019': odd,
      '2021': 'text',
    });
  });
});
