/*
 * Fuzzy matching of facility and business unit names named in a question: a name matches when one of its
 * distinctive words (not shared by another name, not a generic word) is in the question, allowing a typo or two
 * in long words, or when the whole name is. Only the names passed in can match: the realm's own.
 */

/**
 * Words that say what kind of place a facility is: shared by many realms' facilities, so naming one ("Acme
 * Refinery") does not pick this realm's only refinery unless another word of its name is named too.
 */
const KIND_WORDS = new Set([
  'building',
  'campus',
  'center',
  'centre',
  'chemical',
  'chemicals',
  'depot',
  'factory',
  'farm',
  'hospital',
  'mill',
  'mine',
  'office',
  'offices',
  'plant',
  'power',
  'quarry',
  'refinery',
  'station',
  'steel',
  'cement',
  'terminal',
  'tower',
  'warehouse',
  'works',
  'yard',
  'yards',
  'creamery',
  'energy',
  'gas',
  'oil',
]);

export interface NamedItem {
  id: string;
  name: string;
}

/** Words of questions and of names that say nothing about which place is meant. */
const GENERIC_WORDS = new Set([
  'about',
  'and',
  'are',
  'at',
  'by',
  'change',
  'changed',
  'co',
  'company',
  'compare',
  'did',
  'does',
  'emission',
  'emissions',
  'emit',
  'emitted',
  'for',
  'from',
  'how',
  'inc',
  'in',
  'is',
  'last',
  'llc',
  'ltd',
  'many',
  'much',
  'of',
  'our',
  'per',
  'scope',
  'site',
  'sites',
  'the',
  'this',
  'to',
  'top',
  'total',
  'totals',
  'was',
  'were',
  'what',
  'which',
  'why',
  'with',
  'year',
  'facility',
  'facilities',
  'plant',
  'plants',
  'corp',
  'corporation',
  'group',
  'unit',
  'business',
  'show',
  'give',
  'me',
  'tell',
  'find',
  'search',
  'records',
  'record',
  'trail',
  'compared',
  'between',
  'versus',
  'vs',
  'largest',
  'biggest',
  'most',
  'quarter',
  'month',
  'months',
  'date',
  'target',
  'targets',
  'status',
  'gas',
  'gases',
  'category',
  'categories',
  'a',
  'an',
  'we',
  'us',
  'all',
]);

export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

function editDistance(left: string, right: string, limit: number): number {
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    let rowMinimum = row;
    for (let column = 1; column <= right.length; column += 1) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      const value = Math.min(
        (previous[column] ?? 0) + 1,
        (current[column - 1] ?? 0) + 1,
        (previous[column - 1] ?? 0) + cost,
      );
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return limit + 1;
    previous = current;
  }
  return previous[right.length] ?? limit + 1;
}

/** Typos allowed in a word: none up to 5 letters ("goods" is not "foods"), one up to 8, two beyond. */
function allowedTypos(word: string): number {
  if (word.length <= 5) return 0;
  return word.length <= 8 ? 1 : 2;
}

function isSameWord(nameWord: string, questionWord: string): boolean {
  if (nameWord === questionWord) return true;
  if (/\d/.test(nameWord) || /\d/.test(questionWord)) return false;
  const limit = Math.min(allowedTypos(nameWord), allowedTypos(questionWord));
  return limit > 0 && editDistance(nameWord, questionWord, limit) <= limit;
}

/** The item the question names, best first by how many of its words it names; undefined when none. */
export function matchNamedItem<T extends NamedItem>(question: string, items: readonly T[]): T | undefined {
  return rankNamedItems(question, items)[0];
}

/** The items whose names the text names, most words matched first. */
export function rankNamedItems<T extends NamedItem>(text: string, items: readonly T[]): T[] {
  const questionWords = [...new Set(wordsOf(text).filter((word) => !GENERIC_WORDS.has(word)))];
  if (questionWords.length === 0 || items.length === 0) return [];
  const normalisedText = ` ${wordsOf(text).join(' ')} `;
  const wordCounts = new Map<string, number>();
  const itemWords = items.map((item) => [...new Set(wordsOf(item.name))]);
  for (const words of itemWords)
    for (const word of words) wordCounts.set(word, (wordCounts.get(word) ?? 0) + 1);

  const scored: { item: T; score: number; share: number }[] = [];
  items.forEach((item, index) => {
    const words = itemWords[index] ?? [];
    if (words.length === 0) return;
    const isWholeName = normalisedText.includes(` ${words.join(' ')} `);
    let matched = 0;
    let isDistinctiveMatched = false;
    for (const word of words) {
      if (GENERIC_WORDS.has(word)) continue;
      if (!questionWords.some((questionWord) => isSameWord(word, questionWord))) continue;
      matched += 1;
      if (word.length >= 3 && !KIND_WORDS.has(word) && (wordCounts.get(word) ?? 0) === 1)
        isDistinctiveMatched = true;
    }
    if (!isWholeName && !isDistinctiveMatched && matched < 2) return;
    if (matched === 0 && !isWholeName) return;
    scored.push({
      item,
      score: (isWholeName ? words.length + 1 : 0) + matched,
      share: matched / words.length,
    });
  });
  return scored
    .sort((left, right) => right.score - left.score || right.share - left.share)
    .map((entry) => entry.item);
}
