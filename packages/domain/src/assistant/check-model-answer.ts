import { MASS_DISPLAY_UNIT_KG } from '../format/format-mass.ts';

/*
 * The model mode's answer check (issue 14, item 4): a model writes the prose, but every number in it must be one
 * the tools read (as the answer writes masses: kg, t, kt or Mt, rounded to the digits shown) and every link or id
 * one the tools returned. A sentence that states anything else is removed; the caller falls back to the offline
 * answer when nothing is left.
 */

/** What the tools gave the model: their results (any JSON) and the links they cited. */
export interface ModelAnswerEvidence {
  /** The tool calls' inputs and results as the model received them. */
  toolData: readonly unknown[];
  /** The `href`s of the citations the tools returned. */
  citationHrefs: readonly string[];
}

export interface CheckedModelAnswer {
  /** The answer without the sentences that failed the check. */
  answer: string;
  /** The sentences removed, in order. */
  removed: string[];
}

/** The mass units an answer may write, with the kilograms in one of each (`%` and bare numbers count as is). */
const UNIT_WORDS: readonly [RegExp, number][] = [
  [/^(kg|kilograms?)$/, MASS_DISPLAY_UNIT_KG.kg],
  [/^(t|tonnes?|tons?|metric tons?)$/, MASS_DISPLAY_UNIT_KG.t],
  [/^(kt|kilotonnes?|kilotons?|thousand (metric )?(tonnes|tons))$/, MASS_DISPLAY_UNIT_KG.kt],
  [/^(Mt|megatonnes?|megatons?|million (metric )?(tonnes|tons))$/, MASS_DISPLAY_UNIT_KG.Mt],
];

/**
 * A number as prose writes it (`12,345.6`, `-3`, `2024`), not a digit inside a word (`CO2e`, `Q3`, `N2O`),
 * with the mass or percent unit after it, if any.
 */
const NUMBER =
  /(?<![\p{L}\p{N}_.,])[-−]?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:\s?(%|percent|kilograms?|kg|metric tons?|tonnes?|tons?|t|kilotonnes?|kilotons?|kt|megatonnes?|megatons?|Mt|(?:thousand|million) (?:metric )?(?:tonnes|tons)))?(?![\p{L}\p{N}_])/gu;

/** A markdown link `[label](target)`; its target is checked as a citation, its label as prose. */
const MARKDOWN_LINK = /\[([^\]\n]*)\]\(([^)\s]*)\)/g;
/** A bare path of the app (`/facility/next/x?year=2024`) or an absolute URL written outside a link. */
const BARE_LINK = /(?<![\p{L}\p{N}_\])])(?:https?:\/\/[^\s)\]]+|\/[a-z][^\s)\]]*)/gu;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

interface WrittenNumber {
  value: number;
  /** Half the last digit written, in the number's own unit. */
  halfLastDigit: number;
  /** Kilograms per unit for a mass; 1 otherwise. */
  scale: number;
}

function scaleOf(unit: string | undefined): number {
  if (unit === undefined) return 1;
  for (const [pattern, scale] of UNIT_WORDS) if (pattern.test(unit)) return scale;
  return 1;
}

function numbersIn(text: string): WrittenNumber[] {
  const numbers: WrittenNumber[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const whole = match[1]!.replaceAll(',', '');
    const fraction = match[2] ?? '';
    numbers.push({
      value: Number(fraction === '' ? whole : `${whole}.${fraction}`),
      halfLastDigit: 0.5 * 10 ** -fraction.length,
      scale: scaleOf(match[3]),
    });
  }
  return numbers;
}

/** Every number and string in the tools' data: numbers as read, strings for the numbers and ids they contain. */
function collectEvidence(value: unknown, numbers: number[], strings: string[]): void {
  if (typeof value === 'number') numbers.push(Math.abs(value));
  else if (typeof value === 'string') {
    strings.push(value);
    for (const written of numbersIn(value)) numbers.push(Math.abs(written.value));
  } else if (Array.isArray(value)) for (const item of value) collectEvidence(item, numbers, strings);
  else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) collectEvidence(item, numbers, strings);
  }
}

function splitSentences(text: string): string[][] {
  return text
    .split(/\n+/)
    .map((line) =>
      line
        .split(/(?<=[.!?])\s+(?=[^\s])/)
        .map((sentence) => sentence.trim())
        .filter((sentence) => sentence !== ''),
    )
    .filter((line) => line.length > 0);
}

/**
 * The answer with every sentence removed that states a number the tools did not read (within the rounding of the
 * digits written, in kg, t, kt, Mt or percent) or links to a page or names an id the tools did not return.
 */
export function checkModelAnswer(text: string, evidence: ModelAnswerEvidence): CheckedModelAnswer {
  const numbers: number[] = [];
  const strings: string[] = [];
  collectEvidence(evidence.toolData, numbers, strings);
  const hrefs = new Set(evidence.citationHrefs);
  const knownText = strings.join('\n').toLowerCase();

  const isNumberRead = (written: WrittenNumber): boolean => {
    const kg = Math.abs(written.value) * written.scale;
    // A relative margin for the float arithmetic of the tools' sums and of the unit scaling.
    const margin = written.halfLastDigit * written.scale + Math.abs(kg) * 1e-9;
    return numbers.some((number) => Math.abs(number - kg) <= margin);
  };
  const isSentenceTrue = (sentence: string): boolean => {
    const links = [...sentence.matchAll(MARKDOWN_LINK)];
    if (links.some((link) => !hrefs.has(link[2]!))) return false;
    const prose = sentence.replace(MARKDOWN_LINK, (_, label: string) => label);
    if ([...prose.matchAll(BARE_LINK)].some((link) => !hrefs.has(link[0].replace(/[.,;:!?]+$/, '')))) {
      return false;
    }
    if ([...prose.matchAll(UUID)].some((id) => !knownText.includes(id[0].toLowerCase()))) return false;
    return numbersIn(prose.replace(UUID, ' ')).every(isNumberRead);
  };

  const removed: string[] = [];
  const lines = splitSentences(text).map((sentences) =>
    sentences.filter((sentence) => {
      if (isSentenceTrue(sentence)) return true;
      removed.push(sentence);
      return false;
    }),
  );
  return {
    answer: lines
      .filter((sentences) => sentences.length > 0)
      .map((sentences) => sentences.join(' '))
      .join('\n'),
    removed,
  };
}
