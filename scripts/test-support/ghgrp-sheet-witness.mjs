// The tests' own reading of EPA's CSV export of the GHGRP 2020 Direct Emitters sheet: what each facility emitted in
// AR5 CO2e, computed without the product's importer, so that tests of the import, the list and the benchmarks have
// an independent witness. Plain Node, so end-to-end specs and server tests share it.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { requireSharedDataFile } from './shared-data-dir.mjs';

/** AR4 → AR5 for the gases whose masses the sheet gives back (IPCC AR4 and AR5 GWP-100), as the importer does. */
const REBASED_COLUMNS = {
  'CO2 emissions (non-biogenic)': 1,
  'Methane (CH4) emissions': 28 / 25,
  'Nitrous Oxide (N2O) emissions': 265 / 298,
  'SF6 emissions': 23_500 / 22_800,
  'NF3 emissions': 16_100 / 17_200,
};
/** Gas groups EPA publishes only as AR4 CO2e: carried as published. */
const PUBLISHED_COLUMNS = [
  'HFC emissions',
  'PFC emissions',
  'Other Fully Fluorinated GHG emissions',
  'HFE emissions',
  'Very Short-lived Compounds emissions',
  'Other GHGs (metric tons CO2e)',
];

/** Every facility of the sheet with its GHGRP id, name, primary NAICS code and AR5 CO2e in kg, in the sheet's order. */
export function ghgrpSheetFacilities(
  csvFile = requireSharedDataFile(['epa-ghgrp-2020', 'direct-emitters-2020.csv']),
) {
  const rows = Papa.parse(readFileSync(csvFile, 'utf8'), { header: true, skipEmptyLines: true }).data;
  const value = (row, column) => Number(row[column] || 0);
  return rows.map((row) => ({
    id: row['Facility Id'] ?? '',
    name: row['Facility Name'] ?? '',
    naics: row['Primary NAICS Code'] ?? '',
    co2eKg:
      1000 *
      (Object.entries(REBASED_COLUMNS).reduce(
        (sum, [column, factor]) => sum + value(row, column) * factor,
        0,
      ) +
        PUBLISHED_COLUMNS.reduce((sum, column) => sum + value(row, column), 0)),
  }));
}
