import { freezeFactor, type EmissionFactor } from './emission-factor.ts';

/**
 * EPA eGRID2022 (released January 2024; data year 2022): total output emission rates of every eGRID subregion
 * and the U.S. average, in lb per MWh, as the EPA GHG Emission Factors Hub 2024 lists them in Table 6 (read from
 * the Hub's workbook as it displays them: CO2 to one decimal, CH4 and N2O to three). They are
 * grid averages: location-based Scope 2, and market-based only as the disclosed fallback where no residual mix
 * exists.
 */

const EGRID_SOURCE =
  'U.S. EPA, eGRID2022 total output emission rates (EPA GHG Emission Factors Hub 2024, Table 6)';
const EGRID_YEAR = 2022;

interface SubregionRow {
  /** The eGRID subregion acronym; the id is `egrid-2022-<acronym in lower case>`. */
  readonly acronym: string;
  readonly subregion: string;
  /** lb CO2, lb CH4, lb N2O per MWh. */
  readonly co2: number;
  readonly ch4: number;
  readonly n2o: number;
}

// prettier-ignore
const TABLE_6: readonly SubregionRow[] = [
  { acronym: 'AKGD', subregion: 'ASCC Alaska Grid', co2: 1052.1, ch4: 0.088, n2o: 0.012 },
  { acronym: 'AKMS', subregion: 'ASCC Miscellaneous', co2: 495.8, ch4: 0.023, n2o: 0.004 },
  { acronym: 'AZNM', subregion: 'WECC Southwest', co2: 776.0, ch4: 0.051, n2o: 0.007 },
  { acronym: 'CAMX', subregion: 'WECC California', co2: 497.4, ch4: 0.03, n2o: 0.004 },
  { acronym: 'ERCT', subregion: 'ERCOT All', co2: 771.1, ch4: 0.049, n2o: 0.007 },
  { acronym: 'FRCC', subregion: 'FRCC All', co2: 813.8, ch4: 0.048, n2o: 0.006 },
  { acronym: 'HIMS', subregion: 'HICC Miscellaneous', co2: 1155.5, ch4: 0.124, n2o: 0.019 },
  { acronym: 'HIOA', subregion: 'HICC Oahu', co2: 1575.4, ch4: 0.163, n2o: 0.025 },
  { acronym: 'MROE', subregion: 'MRO East', co2: 1479.6, ch4: 0.133, n2o: 0.019 },
  { acronym: 'MROW', subregion: 'MRO West', co2: 936.5, ch4: 0.102, n2o: 0.015 },
  { acronym: 'NEWE', subregion: 'NPCC New England', co2: 536.4, ch4: 0.063, n2o: 0.008 },
  { acronym: 'NWPP', subregion: 'WECC Northwest', co2: 602.1, ch4: 0.056, n2o: 0.008 },
  { acronym: 'NYCW', subregion: 'NPCC NYC/Westchester', co2: 885.2, ch4: 0.023, n2o: 0.003 },
  { acronym: 'NYLI', subregion: 'NPCC Long Island', co2: 1200.7, ch4: 0.135, n2o: 0.018 },
  { acronym: 'NYUP', subregion: 'NPCC Upstate NY', co2: 274.6, ch4: 0.015, n2o: 0.002 },
  { acronym: 'PRMS', subregion: 'Puerto Rico Miscellaneous', co2: 1593.5, ch4: 0.087, n2o: 0.014 },
  { acronym: 'RFCE', subregion: 'RFC East', co2: 657.4, ch4: 0.045, n2o: 0.006 },
  { acronym: 'RFCM', subregion: 'RFC Michigan', co2: 1216.4, ch4: 0.116, n2o: 0.016 },
  { acronym: 'RFCW', subregion: 'RFC West', co2: 1000.1, ch4: 0.087, n2o: 0.012 },
  { acronym: 'RMPA', subregion: 'WECC Rockies', co2: 1124.9, ch4: 0.101, n2o: 0.014 },
  { acronym: 'SPNO', subregion: 'SPP North', co2: 952.6, ch4: 0.1, n2o: 0.014 },
  { acronym: 'SPSO', subregion: 'SPP South', co2: 970.4, ch4: 0.072, n2o: 0.01 },
  { acronym: 'SRMV', subregion: 'SERC Mississippi Valley', co2: 801.0, ch4: 0.04, n2o: 0.006 },
  { acronym: 'SRMW', subregion: 'SERC Midwest', co2: 1369.9, ch4: 0.151, n2o: 0.022 },
  { acronym: 'SRSO', subregion: 'SERC South', co2: 893.3, ch4: 0.064, n2o: 0.009 },
  { acronym: 'SRTV', subregion: 'SERC Tennessee Valley', co2: 933.1, ch4: 0.082, n2o: 0.012 },
  { acronym: 'SRVC', subregion: 'SERC Virginia/Carolina', co2: 623.0, ch4: 0.047, n2o: 0.007 },
];

const US_AVERAGE = { co2: 823.1, ch4: 0.066, n2o: 0.009 };

function egridFactor(
  slug: string,
  name: string,
  tableRow: string,
  row: { readonly co2: number; readonly ch4: number; readonly n2o: number },
): EmissionFactor {
  return freezeFactor({
    id: `egrid-2022-${slug}`,
    name,
    source: `${EGRID_SOURCE}, row "${tableRow}"`,
    year: EGRID_YEAR,
    per: 'MWh',
    gases: {
      CO2: { value: row.co2, unit: 'lb' },
      CH4: { value: row.ch4, unit: 'lb' },
      N2O: { value: row.n2o, unit: 'lb' },
    },
    scope: 2,
    electricityBasis: 'grid-average',
  });
}

export const EGRID_FACTORS: readonly EmissionFactor[] = [
  egridFactor('us-average', 'U.S. grid average electricity', 'U.S.', US_AVERAGE),
  ...TABLE_6.map((row) =>
    egridFactor(
      row.acronym.toLowerCase(),
      `eGRID subregion ${row.acronym} (${row.subregion}) electricity`,
      row.acronym,
      row,
    ),
  ),
];
