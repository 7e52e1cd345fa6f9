import type { ActivityImportField, ActivityImportMapping } from '@ecc/contracts';
import {
  calculateActivityResults,
  type ActivityCalculator,
  type ActivityResultRow,
} from '../emissions/activity-results.ts';
import type { Scope } from '../emissions/factor-library.ts';
import { isUnit, UNITS } from '../emissions/units.ts';
import type { FactorReferenceMatch } from './factor-reference.ts';
import { cellText, type CellValue, type ImportRowError, type ImportTable } from './import-table.ts';

/** An activity record ready to store, from one valid row. */
export interface ImportedActivity {
  readonly rowNumber: number;
  readonly facilityId: string;
  readonly activityType: string;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly quantity: number;
  readonly unit: string;
  readonly factorKey: string;
  readonly scope: Scope;
  readonly scope3Category: number | null;
  readonly certificateCoverage: number | null;
  readonly isEstimated: boolean;
  readonly notes: string | null;
  /** The engine's results for the row, as they will be stored (two for Scope 2). */
  readonly results: readonly ActivityResultRow[];
}

export interface ActivityValidationContext {
  /** The realm's facility id for a slug or name as written in the file, or undefined. */
  findFacilityId(slugOrName: string): string | undefined;
  /** Every row's facility when the import writes into one (a facility's page): no facility column is read. */
  readonly fixedFacilityId?: string;
  /** The realm's calculator: its GWP set and the factors rows may name (the library, plus its own). */
  readonly calculator: ActivityCalculator;
  /** The key of the factor a cell names by key or exact name (see createFactorReferenceResolver). */
  findFactor(keyOrName: string): FactorReferenceMatch;
}

export interface ActivityValidation {
  readonly activities: ImportedActivity[];
  readonly errors: ImportRowError[];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/;
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const TRUE_TEXTS = new Set(['true', 'yes', 'y', '1', 'x', 'estimated']);
const FALSE_TEXTS = new Set(['false', 'no', 'n', '0', '', 'measured']);

/** A calendar date as YYYY-MM-DD, from a date cell or ISO text; undefined for anything else. */
export function parseImportDate(value: CellValue | undefined): string | undefined {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  const match = ISO_DATE.exec(cellText(value));
  if (!match) return undefined;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const text = `${year}-${month}-${day}`;
  return date.toISOString().slice(0, 10) === text ? text : undefined;
}

/** A number from a number cell or plain decimal text (no thousands separators: "1,000" is ambiguous). */
export function parseImportNumber(value: CellValue | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const text = cellText(value);
  return NUMBER_TEXT.test(text) ? Number(text) : undefined;
}

/** Record field paths of the engine's errors → the field whose column the error belongs to. */
function fieldOfPath(path: string): ActivityImportField {
  const head = path.split('.')[0];
  switch (head) {
    case 'quantity':
    case 'unit':
    case 'scope':
    case 'scope3Category':
    case 'certificateCoverage':
      return head;
    default:
      return 'factorKey';
  }
}

function isScope(value: number): value is Scope {
  return value === 1 || value === 2 || value === 3;
}

/**
 * Checks every row against the mapping and the engine: each bad cell yields one error naming its row and
 * column, and a row is only returned as an activity when it has none. The caller commits only when `errors` is
 * empty (all or nothing). The mapping must name every required field (see missingActivityFields).
 */
export function validateActivityRows(
  table: ImportTable,
  mapping: ActivityImportMapping,
  context: ActivityValidationContext,
): ActivityValidation {
  const indexOf = new Map<ActivityImportField, number>();
  for (const [field, column] of Object.entries(mapping) as [ActivityImportField, string][]) {
    const index = table.columns.indexOf(column);
    if (index >= 0) indexOf.set(field, index);
  }
  const activities: ImportedActivity[] = [];
  const errors: ImportRowError[] = [];

  for (const { rowNumber, cells } of table.rows) {
    const rowErrors: ImportRowError[] = [];
    const cellOf = (field: ActivityImportField): CellValue | undefined => {
      const index = indexOf.get(field);
      return index === undefined ? undefined : cells[index];
    };
    const fail = (field: ActivityImportField, message: string) =>
      rowErrors.push({ row: rowNumber, column: mapping[field] ?? field, message });
    const requiredText = (field: ActivityImportField, what: string): string => {
      const text = cellText(cellOf(field));
      if (text === '') fail(field, `${what} is required`);
      return text;
    };

    let facilityId = context.fixedFacilityId;
    if (facilityId === undefined) {
      const facilityText = requiredText('facility', 'Facility');
      facilityId = facilityText === '' ? undefined : context.findFacilityId(facilityText);
      if (facilityText !== '' && facilityId === undefined) {
        fail('facility', `No facility has the slug or name "${facilityText}"`);
      }
    }
    const activityType = requiredText('activityType', 'Activity type');
    const dates = (['periodStart', 'periodEnd'] as const).map((field) => {
      const cell = cellOf(field);
      const date = parseImportDate(cell);
      if (cellText(cell) === '') fail(field, 'A date is required');
      else if (date === undefined) fail(field, `Expected a date as YYYY-MM-DD, received "${cellText(cell)}"`);
      return date;
    });
    const [periodStart, periodEnd] = dates;
    if (periodStart !== undefined && periodEnd !== undefined && periodEnd < periodStart) {
      fail('periodEnd', `Period end ${periodEnd} is before period start ${periodStart}`);
    }
    const quantityCell = cellOf('quantity');
    const quantity = parseImportNumber(quantityCell);
    if (cellText(quantityCell) === '') fail('quantity', 'Quantity is required');
    else if (quantity === undefined)
      fail('quantity', `Expected a number, received "${cellText(quantityCell)}"`);
    const unit = requiredText('unit', 'Unit');
    const factorText = requiredText('factorKey', 'Emission factor');
    const factorMatch = factorText === '' ? undefined : context.findFactor(factorText);
    if (factorMatch?.isFound === false) fail('factorKey', factorMatch.message);
    const factorKey = factorMatch?.isFound ? factorMatch.key : '';
    // Without a factor the engine cannot check the row, but the unit can still be checked on its own.
    if (factorMatch?.isFound === false && unit !== '' && !isUnit(unit)) {
      fail('unit', `Unknown unit "${unit}"; use one of ${UNITS.join(', ')}`);
    }

    const optionalNumber = (field: ActivityImportField): number | undefined | null => {
      const cell = cellOf(field);
      if (cellText(cell) === '') return undefined;
      const value = parseImportNumber(cell);
      if (value === undefined) fail(field, `Expected a number, received "${cellText(cell)}"`);
      return value ?? null;
    };
    const scopeValue = optionalNumber('scope');
    const scope3Category = optionalNumber('scope3Category');
    const certificateCoverage = optionalNumber('certificateCoverage');
    if (
      typeof scope3Category === 'number' &&
      !(Number.isInteger(scope3Category) && scope3Category >= 1 && scope3Category <= 15)
    ) {
      fail('scope3Category', `Scope 3 category must be a whole number from 1 to 15 (got ${scope3Category})`);
    }
    const estimatedText = cellText(cellOf('isEstimated')).toLowerCase();
    const isEstimated = TRUE_TEXTS.has(estimatedText);
    if (!isEstimated && !FALSE_TEXTS.has(estimatedText)) {
      fail('isEstimated', `Expected yes or no, received "${estimatedText}"`);
    }

    // The engine computes the row exactly as the stored record will be calculated, so a row that imports is a
    // row that calculates, and its results are written with it. Without a scope the factor's own applies.
    let scope: Scope | undefined;
    let results: readonly ActivityResultRow[] = [];
    const isScopeBad = scopeValue === null || (typeof scopeValue === 'number' && !isScope(scopeValue));
    if (typeof scopeValue === 'number' && !isScope(scopeValue)) {
      fail('scope', `Scope must be 1, 2 or 3 (got ${scopeValue})`);
    }
    if (unit !== '' && factorKey !== '') {
      // Run even when the quantity or scope cell is bad, with a stand-in for it, so the unit and factor are
      // checked too and a row's every problem is reported at once; the stand-in's own findings are dropped.
      const factorScope = context.calculator.factors.get(factorKey)?.scope;
      const rowScope = isScopeBad ? factorScope : (scopeValue ?? factorScope);
      const outcome = calculateActivityResults(
        {
          id: String(rowNumber),
          quantity: quantity ?? 1,
          unit,
          factorKey,
          scope: rowScope ?? 1,
          scope3Category: typeof scope3Category === 'number' ? scope3Category : null,
          certificateCoverage: typeof certificateCoverage === 'number' ? certificateCoverage : null,
        },
        context.calculator,
      );
      if (!outcome.ok) {
        for (const error of outcome.errors) {
          const field = fieldOfPath(error.path);
          const isStandIn =
            (field === 'quantity' && quantity === undefined) || (field === 'scope' && isScopeBad);
          if (!isStandIn) fail(field, error.message);
        }
      } else if (quantity !== undefined && !isScopeBad) {
        scope = rowScope;
        results = outcome.rows;
      }
    }

    if (rowErrors.length > 0 || scope === undefined || facilityId === undefined) {
      errors.push(...rowErrors);
      continue;
    }
    activities.push({
      rowNumber,
      facilityId,
      activityType,
      periodStart: periodStart ?? '',
      periodEnd: periodEnd ?? '',
      quantity: quantity ?? 0,
      unit,
      factorKey,
      scope,
      scope3Category: typeof scope3Category === 'number' ? scope3Category : null,
      certificateCoverage: typeof certificateCoverage === 'number' ? certificateCoverage : null,
      isEstimated,
      notes: cellText(cellOf('notes')) || null,
      results,
    });
  }
  return { activities, errors };
}
