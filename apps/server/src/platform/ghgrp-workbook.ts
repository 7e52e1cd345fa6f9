import {
  cellText,
  findGhgrpHeaderRow,
  GHGRP_DIRECT_EMITTERS_SHEET,
  indexGhgrpColumns,
  parseGhgrpRow,
  type GhgrpColumnIndex,
  type GhgrpFacility,
  type GwpSetId,
  type ImportRowError,
} from '@ecc/domain';
import { InvalidInputError } from './errors.ts';
import { readWorksheetRows, WorkbookError } from './read-workbook.ts';

export interface GhgrpDirectEmitters {
  /** One a facility, in the sheet's order; a row with errors or a repeated Facility Id is left out. */
  facilities: GhgrpFacility[];
  /** Every problem of every row, by row and column. */
  errors: ImportRowError[];
}

/**
 * The "Direct Emitters" sheet of an EPA GHGRP data summary workbook, parsed row by row with the domain's
 * parser, shared by the facility import (into a realm) and the public peers (reference data). A file that is
 * not a readable workbook, or whose sheet has no header row, is an InvalidInputError on `file`.
 */
export async function readGhgrpDirectEmitters(
  content: Buffer,
  options: { year: number; gwp: GwpSetId },
): Promise<GhgrpDirectEmitters> {
  const facilities: GhgrpFacility[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  // Title rows sit above the header (their number changes between editions): skipped until it turns up.
  let columns: GhgrpColumnIndex | undefined;
  try {
    for await (const { rowNumber, cells } of readWorksheetRows(content, {
      sheetName: GHGRP_DIRECT_EMITTERS_SHEET,
    })) {
      if (!columns) {
        if (findGhgrpHeaderRow([cells]) === 0) columns = indexGhgrpColumns(cells);
        continue;
      }
      if (cells.every((cell) => cellText(cell) === '')) continue;
      const parsed = parseGhgrpRow(columns, rowNumber, cells, options);
      if (!parsed.ok) {
        errors.push(...parsed.errors);
        continue;
      }
      const { facility } = parsed;
      const earlierRow = seen.get(facility.ghgrpId);
      if (earlierRow !== undefined) {
        errors.push({
          row: rowNumber,
          column: 'Facility Id',
          message: `Facility Id ${facility.ghgrpId} is also on row ${earlierRow}`,
        });
        continue;
      }
      seen.set(facility.ghgrpId, rowNumber);
      facilities.push(facility);
    }
  } catch (error) {
    if (error instanceof WorkbookError)
      throw new InvalidInputError([{ path: 'file', message: error.message }]);
    throw error;
  }
  if (!columns) {
    throw new InvalidInputError([
      {
        path: 'file',
        message: `The "${GHGRP_DIRECT_EMITTERS_SHEET}" sheet has no header row with Facility Id, Facility Name and Total reported direct emissions`,
      },
    ]);
  }
  return { facilities, errors };
}
