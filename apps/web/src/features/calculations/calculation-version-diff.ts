import { diffLines } from 'diff';

/*
 * Two versions' formulas compared line by line (jsdiff's line diff), as rows a table shows: each row a line that
 * stayed, was removed (with its number in the older version) or was added (with its number in the newer one).
 */

export type FormulaDiffRowKind = 'same' | 'removed' | 'added';

export interface FormulaDiffRow {
  readonly kind: FormulaDiffRowKind;
  /** Its line number in the older formula; undefined for an added line. */
  readonly oldLine: number | undefined;
  /** Its line number in the newer formula; undefined for a removed line. */
  readonly newLine: number | undefined;
  readonly text: string;
}

function linesOf(value: string): string[] {
  const lines = value.split('\n');
  // diffLines keeps each line's newline: the last piece after it is no line of its own.
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Every line ends in a newline, so a last line compares equal to the same line followed by others. */
function withFinalNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

export function formulaDiffRows(older: string, newer: string): readonly FormulaDiffRow[] {
  const rows: FormulaDiffRow[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (const change of diffLines(withFinalNewline(older), withFinalNewline(newer))) {
    for (const text of linesOf(change.value)) {
      if (change.added) rows.push({ kind: 'added', oldLine: undefined, newLine: newLine++, text });
      else if (change.removed) rows.push({ kind: 'removed', oldLine: oldLine++, newLine: undefined, text });
      else rows.push({ kind: 'same', oldLine: oldLine++, newLine: newLine++, text });
    }
  }
  return rows;
}

/** How many lines were added and removed, for the diff's summary. */
export function formulaDiffCounts(rows: readonly FormulaDiffRow[]): { added: number; removed: number } {
  return {
    added: rows.filter((row) => row.kind === 'added').length,
    removed: rows.filter((row) => row.kind === 'removed').length,
  };
}
