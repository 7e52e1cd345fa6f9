/** A factor as a file may name it: by its key, or by its name as the factor list shows it. */
export interface NamedFactor {
  readonly id: string;
  readonly name: string;
}

export type FactorReferenceMatch =
  { readonly isFound: true; readonly key: string } | { readonly isFound: false; readonly message: string };

/** Case and runs of spaces do not make two names different. */
function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Resolves what a cell names to a factor key: a key as it is, else a name matched exactly (ignoring case and
 * spacing). A name two factors share (a realm factor named like a library one) is refused rather than guessed.
 */
export function createFactorReferenceResolver(
  factors: Iterable<NamedFactor>,
): (text: string) => FactorReferenceMatch {
  const keys = new Set<string>();
  const keysByName = new Map<string, string[]>();
  for (const factor of factors) {
    keys.add(factor.id);
    const name = nameKey(factor.name);
    keysByName.set(name, [...(keysByName.get(name) ?? []), factor.id]);
  }
  return (text) => {
    const trimmed = text.trim();
    if (keys.has(trimmed)) return { isFound: true, key: trimmed };
    const named = keysByName.get(nameKey(trimmed)) ?? [];
    if (named.length === 1) return { isFound: true, key: named[0] as string };
    if (named.length > 1) {
      return {
        isFound: false,
        message: `"${trimmed}" is the name of ${named.length} factors; use one of their keys: ${named.join(', ')}`,
      };
    }
    return {
      isFound: false,
      message: `Unknown emission factor "${trimmed}": use a factor key or a factor's exact name, as the emission factors page lists them`,
    };
  };
}
