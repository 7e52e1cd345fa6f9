import { facilitySlugOf } from '@ecc/contracts';
import { REPORTING_GWP_SET_ID } from '../emissions/facility-summary.ts';
import { GWP_SET_IDS, GWP_SETS, type GwpSetId } from '../emissions/gwp.ts';
import {
  cellText,
  findHeaderRowIndex,
  normalizeHeader,
  type CellValue,
  type ImportRowError,
} from './import-table.ts';
import { parseImportNumber } from './validate-activity-rows.ts';

/** The sheet of an EPA GHGRP data summary workbook that lists direct emitters, one facility a row. */
export const GHGRP_DIRECT_EMITTERS_SHEET = 'Direct Emitters';

/** The GWP set EPA computed the workbook's CO2e columns with (GHGRP used AR4 through reporting year 2023). */
export const GHGRP_REPORTED_GWP: GwpSetId = 'AR4';

const COLUMNS = {
  id: 'Facility Id',
  name: 'Facility Name',
  city: 'City',
  state: 'State',
  zip: 'Zip Code',
  address: 'Address',
  latitude: 'Latitude',
  longitude: 'Longitude',
  naics: 'Primary NAICS Code',
  subparts: 'Industry Type (subparts)',
  sectors: 'Industry Type (sectors)',
  total: 'Total reported direct emissions',
  co2: 'CO2 emissions (non-biogenic)',
  ch4: 'Methane (CH4) emissions',
  n2o: 'Nitrous Oxide (N2O) emissions',
  sf6: 'SF6 emissions',
  nf3: 'NF3 emissions',
  biogenicCo2: 'Biogenic CO2 emissions (metric tons)',
} as const;

/**
 * Columns of gas groups EPA publishes only as AR4 CO2e (mixtures of many compounds): their masses are not in the
 * workbook, so they cannot be re-based and are carried into every total unchanged.
 */
const MIXTURE_COLUMNS = {
  HFC: 'HFC emissions',
  PFC: 'PFC emissions',
  'Other fully fluorinated GHG': 'Other Fully Fluorinated GHG emissions',
  HFE: 'HFE emissions',
  'Very short-lived compounds': 'Very Short-lived Compounds emissions',
  'Other GHGs': 'Other GHGs (metric tons CO2e)',
} as const;

/** Headers that identify the header row of the sheet (it sits under title rows whose count varies). */
export const GHGRP_REQUIRED_HEADERS = [COLUMNS.id, COLUMNS.name, COLUMNS.total] as const;

/** Gases whose masses the workbook lets us recover: CO2e (AR4) ÷ the gas's AR4 GWP. */
const SINGLE_GASES = { CO2: 'co2', CH4: 'ch4', N2O: 'n2o', SF6: 'sf6', NF3: 'nf3' } as const;
export type GhgrpSingleGas = keyof typeof SINGLE_GASES;

/**
 * What one GHGRP facility reported for one year, as stored in `facilities.reported[year]`. Masses are metric
 * tons; `co2eT` is on `gwpSetId` (the realm's set when it was imported); `co2eTByGwpSet` is the same total on
 * every set, so that lists and pages show it on whichever set the realm reports with now, without re-basing
 * anything when the realm changes sets; `reportedCo2eT` is EPA's total as published (AR4).
 */
export interface GhgrpReportedYear {
  readonly source: string;
  readonly gwpSetId: GwpSetId;
  readonly co2eTByGwpSet: Readonly<Record<GwpSetId, number>>;
  readonly reportedGwpSetId: GwpSetId;
  /** t of each gas, recovered from the AR4 CO2e columns. */
  readonly gases: Readonly<Partial<Record<GhgrpSingleGas, number>>>;
  /** t CO2e (AR4) of gas groups that cannot be re-based. */
  readonly mixturesCo2eT: Readonly<Record<string, number>>;
  readonly co2eT: number;
  readonly reportedCo2eT: number;
  readonly biogenicCo2T: number | null;
  readonly subparts: string | null;
  readonly sectors: readonly string[];
}

export interface GhgrpFacility {
  readonly rowNumber: number;
  readonly ghgrpId: string;
  readonly name: string;
  readonly address: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly postalCode: string | null;
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly naics: string | null;
  /** The first sector EPA lists (facilities in several sectors keep all of them in `reported.sectors`). */
  readonly sector: string;
  readonly reported: GhgrpReportedYear;
}

/** Column positions of a Direct Emitters header row. */
export type GhgrpColumnIndex = ReadonlyMap<string, number>;

/** The header row's position among the first rows of the sheet, or -1 when none has the GHGRP headers. */
export function findGhgrpHeaderRow(rows: readonly (readonly CellValue[])[]): number {
  return findHeaderRowIndex(rows, GHGRP_REQUIRED_HEADERS);
}

export function indexGhgrpColumns(header: readonly CellValue[]): GhgrpColumnIndex {
  const index = new Map<string, number>();
  header.forEach((cell, position) => {
    const name = normalizeHeader(cellText(cell));
    if (name !== '' && !index.has(name)) index.set(name, position);
  });
  return index;
}

/** Σ mass × GWP (the realm's set) of the single gases, plus the mixtures as published. */
export function rebaseGhgrpCo2e(
  gases: Readonly<Partial<Record<GhgrpSingleGas, number>>>,
  mixturesCo2eT: Readonly<Record<string, number>>,
  gwp: GwpSetId,
): number {
  let co2e = 0;
  for (const [gas, mass] of Object.entries(gases) as [GhgrpSingleGas, number][]) {
    co2e += mass * GWP_SETS[gwp].values[gas];
  }
  for (const value of Object.values(mixturesCo2eT)) co2e += value;
  return co2e;
}

/** The reported CO2e (t) on every GWP set the product knows. */
export function ghgrpCo2eByGwpSet(
  gases: Readonly<Partial<Record<GhgrpSingleGas, number>>>,
  mixturesCo2eT: Readonly<Record<string, number>>,
): Record<GwpSetId, number> {
  const totals = {} as Record<GwpSetId, number>;
  for (const gwp of GWP_SET_IDS) totals[gwp] = rebaseGhgrpCo2e(gases, mixturesCo2eT, gwp);
  return totals;
}

function isNumberRecord(value: unknown): value is Record<string, number> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === 'number' && Number.isFinite(item))
  );
}

/**
 * A stored reported year (`facilities.reported[year]`) with its CO2e on every GWP set, when an earlier import
 * stored it on one set only; undefined when it has them all already or is not a GHGRP year (no gas masses).
 */
export function withEveryGwpSet(stored: unknown): Record<string, unknown> | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const year = stored as Record<string, unknown>;
  const present = year.co2eTByGwpSet;
  if (isNumberRecord(present) && GWP_SET_IDS.every((gwp) => gwp in present)) return undefined;
  const { gases, mixturesCo2eT } = year;
  if (!isNumberRecord(gases) || !isNumberRecord(mixturesCo2eT)) return undefined;
  const singleGases: Partial<Record<GhgrpSingleGas, number>> = {};
  for (const [gas, mass] of Object.entries(gases)) {
    if (!(gas in SINGLE_GASES)) return undefined;
    singleGases[gas as GhgrpSingleGas] = mass;
  }
  return { ...year, co2eTByGwpSet: ghgrpCo2eByGwpSet(singleGases, mixturesCo2eT) };
}

/**
 * A facility's reported emissions (`facilities.reported`, by year) with every year's CO2e re-based to `gwp`:
 * the single gases by their recovered masses, the gas groups as published. A year of another shape, which names
 * no masses to re-base, is kept as it is.
 */
export function rebaseGhgrpReported(
  reported: Readonly<Record<string, unknown>>,
  gwp: GwpSetId,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(reported).map(([year, value]) => {
      if (typeof value !== 'object' || value === null) return [year, value];
      const { gases, mixturesCo2eT } = value as { gases?: unknown; mixturesCo2eT?: unknown };
      const isRebasable =
        isNumberRecord(gases) &&
        Object.keys(gases).every((gas) => gas in SINGLE_GASES) &&
        isNumberRecord(mixturesCo2eT);
      if (!isRebasable) return [year, value];
      return [year, { ...value, gwpSetId: gwp, co2eT: rebaseGhgrpCo2e(gases, mixturesCo2eT, gwp) }];
    }),
  );
}

/** A ZIP code as five digits: the sheet stores some as numbers, which drops leading zeros (01234 → 1234). */
function postalCodeOf(value: CellValue | undefined): string | null {
  const text = cellText(value);
  if (text === '') return null;
  return /^\d{1,4}$/.test(text) ? text.padStart(5, '0') : text;
}

export type GhgrpRowParse =
  | { readonly ok: true; readonly facility: GhgrpFacility }
  | { readonly ok: false; readonly errors: ImportRowError[] };

/**
 * One Direct Emitters row as a facility with its reported emissions for `year`, re-based to `gwp`. A row
 * without a facility id or name, or with a number column that is not a number, is an error naming the cell.
 */
export function parseGhgrpRow(
  columns: GhgrpColumnIndex,
  rowNumber: number,
  cells: readonly CellValue[],
  options: { year: number; gwp: GwpSetId },
): GhgrpRowParse {
  const errors: ImportRowError[] = [];
  const cellOf = (header: string): CellValue | undefined => {
    const position = columns.get(normalizeHeader(header));
    return position === undefined ? undefined : cells[position];
  };
  const text = (header: string): string | null => cellText(cellOf(header)) || null;
  const number = (header: string): number | null => {
    const cell = cellOf(header);
    if (cellText(cell) === '') return null;
    const value = parseImportNumber(cell);
    if (value === undefined) {
      errors.push({
        row: rowNumber,
        column: header,
        message: `Expected a number, received "${cellText(cell)}"`,
      });
    }
    return value ?? null;
  };

  const ghgrpId = text(COLUMNS.id);
  const name = text(COLUMNS.name);
  if (ghgrpId === null)
    errors.push({ row: rowNumber, column: COLUMNS.id, message: 'Facility Id is required' });
  if (name === null)
    errors.push({ row: rowNumber, column: COLUMNS.name, message: 'Facility Name is required' });

  const reportedGwp = GWP_SETS[GHGRP_REPORTED_GWP].values;
  const gases: Partial<Record<GhgrpSingleGas, number>> = {};
  for (const [gas, key] of Object.entries(SINGLE_GASES) as [GhgrpSingleGas, keyof typeof COLUMNS][]) {
    const co2e = number(COLUMNS[key]);
    if (co2e !== null) gases[gas] = co2e / reportedGwp[gas];
  }
  const mixturesCo2eT: Record<string, number> = {};
  for (const [group, header] of Object.entries(MIXTURE_COLUMNS)) {
    const co2e = number(header);
    if (co2e !== null) mixturesCo2eT[group] = co2e;
  }
  const reportedCo2eT = number(COLUMNS.total) ?? 0;
  const biogenicCo2T = number(COLUMNS.biogenicCo2);
  const latitude = number(COLUMNS.latitude);
  const longitude = number(COLUMNS.longitude);
  const sectors = (text(COLUMNS.sectors) ?? '')
    .split(',')
    .map((sector) => sector.trim())
    .filter((sector) => sector !== '');

  if (errors.length > 0 || ghgrpId === null || name === null) return { ok: false, errors };
  return {
    ok: true,
    facility: {
      rowNumber,
      ghgrpId,
      name,
      address: text(COLUMNS.address),
      city: text(COLUMNS.city),
      state: text(COLUMNS.state),
      postalCode: postalCodeOf(cellOf(COLUMNS.zip)),
      latitude,
      longitude,
      naics: text(COLUMNS.naics),
      sector: sectors[0] ?? 'Other',
      reported: {
        source: `EPA GHGRP ${options.year}`,
        gwpSetId: options.gwp,
        co2eTByGwpSet: ghgrpCo2eByGwpSet(gases, mixturesCo2eT),
        reportedGwpSetId: GHGRP_REPORTED_GWP,
        gases,
        mixturesCo2eT,
        co2eT: rebaseGhgrpCo2e(gases, mixturesCo2eT, options.gwp),
        reportedCo2eT,
        biogenicCo2T,
        subparts: text(COLUMNS.subparts),
        sectors,
      },
    },
  };
}

/** The reporting year of a GHGRP workbook from its file name (EPA names them `ghgp_data_2020.xlsx`). */
export function ghgrpYearFromFileName(fileName: string): number | undefined {
  const match = /(?:^|\D)(20\d{2})(?:\D|$)/.exec(fileName);
  return match ? Number(match[1]) : undefined;
}

/**
 * The realm's reporting GWP set: `properties.gwpSetId` when a realm sets one, else the product's reporting set
 * (AR5), which is what every realm reports with until realms can choose.
 */
export function realmGwpSetId(properties: Readonly<Record<string, unknown>>): GwpSetId {
  const chosen = properties.gwpSetId;
  return chosen === 'AR4' || chosen === 'AR5' || chosen === 'AR6' ? chosen : REPORTING_GWP_SET_ID;
}

/** A URL segment for a GHGRP facility: its name in words plus the GHGRP id, which keeps it unique. */
export function ghgrpFacilitySlug(name: string, ghgrpId: string): string {
  const words = facilitySlugOf(name);
  return words === '' ? `ghgrp-${ghgrpId}` : `${words}-${ghgrpId}`;
}
