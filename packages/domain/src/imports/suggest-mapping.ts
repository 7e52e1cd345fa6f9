import { normalizeHeader } from './import-table.ts';

/** A header as words, also split at camelCase (a file exported by this product): `periodStart`. */
function headerForms(header: string): string[] {
  return [normalizeHeader(header), normalizeHeader(header.replace(/([a-z0-9])([A-Z])/g, '$1 $2'))];
}

/**
 * A mapping field → column guessed from the header names; each column is used for at most one field. Fields
 * are tried in order and each field's synonyms (normalised header names) most specific first, so 'factor key'
 * beats a plain 'factor' column, whatever the column order.
 */
export function suggestMapping<Field extends string>(
  columns: readonly string[],
  fields: readonly Field[],
  synonyms: Readonly<Record<Field, readonly string[]>>,
): Partial<Record<Field, string>> {
  const mapping: Partial<Record<Field, string>> = {};
  const used = new Set<string>();
  const forms = columns.map(headerForms);
  for (const field of fields) {
    for (const synonym of synonyms[field]) {
      const index = forms.findIndex(
        (names, position) => names.includes(synonym) && !used.has(columns[position] ?? ''),
      );
      const column = columns[index];
      if (index >= 0 && column !== undefined) {
        mapping[field] = column;
        used.add(column);
        break;
      }
    }
  }
  return mapping;
}

/** Required fields with no column, in field order. */
export function missingFields<Field extends string>(
  mapping: Partial<Record<Field, string>>,
  required: readonly Field[],
): Field[] {
  return required.filter((field) => !mapping[field]);
}
