import type { AssistantBreakdown, AssistantGas, AssistantPeriod, AssistantToolCall } from '@ecc/contracts';
import { reportingYearOf, reportingYearRange } from '../organisation/reporting-year.ts';
import { rankNamedItems, wordsOf, type NamedItem } from './match-names.ts';

/*
 * The offline assistant's question parser (issue 14, item 4): plain text → the tool calls that answer it, or the
 * help answer. Pure and deterministic: "now" and the realm's names and years are passed in. It never throws.
 */

export interface QuestionContext {
  /** Today, `YYYY-MM-DD`: relative periods ("last year", "year to date") count from it. */
  today: string;
  /** The month the realm's reporting year starts in (1 = calendar years). */
  reportingYearStartMonth: number;
  /** Reporting years with results, ascending: a question naming no period is about the latest. */
  years: readonly number[];
  facilities: readonly NamedItem[];
  businessUnits: readonly NamedItem[];
}

export type QuestionPlan = { kind: 'tools'; calls: AssistantToolCall[] } | { kind: 'help' };

export const ASSISTANT_EXAMPLE_QUESTIONS: readonly string[] = [
  'What were our Scope 1 emissions in 2024?',
  'Top 5 facilities by emissions in 2025',
  'Compare 2024 with 2025',
  'Why did Scope 2 emissions change in 2025?',
  'How much methane did we emit in Q3 2024?',
  'Emissions by business unit last year',
  'Where does the Scope 1 total of 2024 come from?',
  'Are we on track for our targets?',
];

const MONTHS: readonly [RegExp, number][] = [
  [/^jan(uary)?$/, 1],
  [/^feb(ruary)?$/, 2],
  [/^mar(ch)?$/, 3],
  [/^apr(il)?$/, 4],
  [/^may$/, 5],
  [/^june?$/, 6],
  [/^july?$/, 7],
  [/^aug(ust)?$/, 8],
  [/^sept?(ember)?$/, 9],
  [/^oct(ober)?$/, 10],
  [/^nov(ember)?$/, 11],
  [/^dec(ember)?$/, 12],
];
const MONTH_PATTERN =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const YEAR_PATTERN = '(?:19|20)\\d{2}';

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twenty: 20,
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
};

const CATEGORY_WORDS: readonly [RegExp, number][] = [
  [/purchased goods/, 1],
  [/capital goods/, 2],
  [/fuel (and|&) energy/, 3],
  [/upstream transport/, 4],
  [/\bwaste\b/, 5],
  [/business travel|\bflights?\b/, 6],
  [/commut/, 7],
  [/upstream leased/, 8],
  [/downstream transport/, 9],
  [/processing of sold/, 10],
  [/use of sold/, 11],
  [/end of life/, 12],
  [/downstream leased/, 13],
  [/franchis/, 14],
  [/\binvestments?\b/, 15],
];

const GAS_WORDS: readonly [RegExp, AssistantGas][] = [
  [/\bco2\b|carbon dioxide/, 'CO2'],
  [/\bch4\b|methane/, 'CH4'],
  [/\bn2o\b|nitrous oxide/, 'N2O'],
  [/\bhfcs?\b|hydrofluorocarbons?|refrigerants?/, 'HFCs'],
  [/\bpfcs?\b|perfluorocarbons?/, 'PFCs'],
  [/\bsf6\b|sul(ph|f)ur hexafluoride/, 'SF6'],
  [/\bnf3\b|nitrogen trifluoride/, 'NF3'],
];

const pad = (value: number) => String(value).padStart(2, '0');
const monthText = (year: number, month: number) => `${year}-${pad(month)}`;

function monthOf(word: string): number | undefined {
  return MONTHS.find(([pattern]) => pattern.test(word))?.[1];
}

function numberOf(word: string): number | undefined {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word];
}

interface FoundPeriod {
  period: AssistantPeriod;
  position: number;
}

/** Months `from`–`to` ending in the latest such span that has started by today. */
function recentMonths(fromMonth: number, toMonth: number, today: { year: number; month: number }) {
  const endYear = toMonth <= today.month || fromMonth > toMonth ? today.year : today.year - 1;
  const startYear = fromMonth > toMonth ? endYear - 1 : endYear;
  return { kind: 'months' as const, from: monthText(startYear, fromMonth), to: monthText(endYear, toMonth) };
}

function monthRange(fromMonth: number, toMonth: number, year: number): AssistantPeriod {
  const startYear = fromMonth > toMonth ? year - 1 : year;
  return { kind: 'months', from: monthText(startYear, fromMonth), to: monthText(year, toMonth) };
}

/**
 * Every period the text names, in the order it names them. Each match is blanked out once read so that "Q3 2024"
 * is not read again as the year 2024.
 */
function findPeriods(text: string, context: QuestionContext): FoundPeriod[] {
  let rest = text;
  const found: FoundPeriod[] = [];
  const today = {
    year: Number(context.today.slice(0, 4)),
    month: Number(context.today.slice(5, 7)),
  };
  const currentYear = reportingYearOf(context.today, context.reportingYearStartMonth);
  const take = (pattern: RegExp, read: (match: RegExpExecArray) => AssistantPeriod | undefined) => {
    for (const match of rest.matchAll(new RegExp(pattern.source, 'g'))) {
      const period = read(match);
      if (period === undefined) continue;
      found.push({ period, position: match.index });
      rest =
        rest.slice(0, match.index) + ' '.repeat(match[0].length) + rest.slice(match.index + match[0].length);
    }
  };
  const quarter = (index: number, year: number | undefined): AssistantPeriod => {
    const fromMonth = (index - 1) * 3 + 1;
    return year === undefined
      ? recentMonths(fromMonth, fromMonth + 2, today)
      : monthRange(fromMonth, fromMonth + 2, year);
  };

  take(new RegExp(`\\bq([1-4])(?: of)? (${YEAR_PATTERN})\\b`), (match) =>
    quarter(Number(match[1]), Number(match[2])),
  );
  take(new RegExp(`\\b(${YEAR_PATTERN}) q([1-4])\\b`), (match) =>
    quarter(Number(match[2]), Number(match[1])),
  );
  take(new RegExp(`\\b(first|second|third|fourth) quarter(?: of)?(?: (${YEAR_PATTERN}))?\\b`), (match) =>
    quarter(NUMBER_WORDS[match[1] ?? ''] ?? 1, match[2] === undefined ? undefined : Number(match[2])),
  );
  take(/\bq([1-4])\b/, (match) => quarter(Number(match[1]), undefined));
  take(
    new RegExp(
      `\\b(?:from |between )?(${MONTH_PATTERN})(?: (${YEAR_PATTERN}))? (?:to|through|until|till|and|-) (${MONTH_PATTERN})(?: (${YEAR_PATTERN}))?\\b`,
    ),
    (match) => {
      const fromMonth = monthOf(match[1] ?? '');
      const toMonth = monthOf(match[3] ?? '');
      if (fromMonth === undefined || toMonth === undefined) return undefined;
      const toYear = match[4] ?? match[2];
      if (toYear === undefined) return recentMonths(fromMonth, toMonth, today);
      const fromYear = match[2] === undefined ? undefined : Number(match[2]);
      if (fromYear !== undefined && fromYear * 12 + fromMonth > Number(toYear) * 12 + toMonth)
        return undefined;
      return fromYear === undefined
        ? monthRange(fromMonth, toMonth, Number(toYear))
        : { kind: 'months', from: monthText(fromYear, fromMonth), to: monthText(Number(toYear), toMonth) };
    },
  );
  take(new RegExp(`\\b(${MONTH_PATTERN}) (?:of )?(${YEAR_PATTERN})\\b`), (match) => {
    const month = monthOf(match[1] ?? '');
    if (month === undefined) return undefined;
    const text = monthText(Number(match[2]), month);
    return { kind: 'months', from: text, to: text };
  });
  take(/\b(year to date|ytd|so far this year|this year so far)\b/, () => {
    const start = reportingYearRange(currentYear, context.reportingYearStartMonth).start;
    return { kind: 'months', from: start.slice(0, 7), to: monthText(today.year, today.month) };
  });
  take(/\b(last|previous|prior) (financial |fiscal |reporting )?year\b/, () => ({
    kind: 'year',
    year: currentYear - 1,
  }));
  take(/\b(this|current) (financial |fiscal |reporting )?year\b/, () => ({
    kind: 'year',
    year: currentYear,
  }));
  take(new RegExp(`\\b(?:fy ?)?(${YEAR_PATTERN})\\b`), (match) => ({ kind: 'year', year: Number(match[1]) }));
  take(/\b(?:fy ?)(\d{2})\b/, (match) => ({ kind: 'year', year: 2000 + Number(match[1]) }));
  return found.sort((left, right) => left.position - right.position);
}

/** The same span a year earlier: what a change is measured against. */
export function previousPeriod(period: AssistantPeriod): AssistantPeriod {
  if (period.kind === 'year') return { kind: 'year', year: period.year - 1 };
  const earlier = (month: string) => `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
  return { kind: 'months', from: earlier(period.from), to: earlier(period.to) };
}

function periodStart(period: AssistantPeriod): string {
  return period.kind === 'year' ? `${period.year}` : period.from;
}

type Filters = Omit<Extract<AssistantToolCall, { name: 'totals' }>['input'], 'period'>;

function findFilters(text: string, context: QuestionContext): Filters {
  const filters: Filters = {};
  const scope = /\bscope ?(1|2|3|one|two|three|i{1,3})\b/.exec(text)?.[1];
  if (scope !== undefined) {
    const value = { one: 1, two: 2, three: 3, i: 1, ii: 2, iii: 3 }[scope] ?? Number(scope);
    if (value === 1 || value === 2 || value === 3) filters.scope = value;
  } else if (/\bdirect emissions\b/.test(text)) filters.scope = 1;
  if (/\bmarket based\b|\bmarket\b/.test(text)) {
    filters.scope2Method = 'market';
    filters.scope ??= 2;
  } else if (/\blocation based\b/.test(text)) {
    filters.scope2Method = 'location';
    filters.scope ??= 2;
  }
  const categoryNumber = /\bcategory (\d{1,2}|[a-z]+)\b/.exec(text)?.[1];
  const category = categoryNumber === undefined ? undefined : (numberOf(categoryNumber) ?? undefined);
  const named = CATEGORY_WORDS.find(([pattern]) => pattern.test(text))?.[1];
  const chosen = category !== undefined && category >= 1 && category <= 15 ? category : named;
  if (chosen !== undefined) {
    filters.category = chosen;
    filters.scope = 3;
  }
  const gas = GAS_WORDS.find(([pattern]) => pattern.test(text))?.[1];
  if (gas !== undefined) filters.gas = gas;
  // Words read as a category or a gas name no place ("purchased goods" is not "Prairie Foods").
  let placeText = text;
  for (const [pattern] of [...CATEGORY_WORDS, ...GAS_WORDS]) placeText = placeText.replace(pattern, ' ');
  const facility = rankNamedItems(placeText, context.facilities)[0];
  if (facility !== undefined) filters.facilityId = facility.id;
  else {
    const unit = rankNamedItems(placeText, context.businessUnits)[0];
    if (unit !== undefined) filters.businessUnitId = unit.id;
  }
  return filters;
}

function breakdownOf(text: string): AssistantBreakdown | undefined {
  if (/\bbusiness units?\b|\bdivisions?\b|\bregions?\b|\bsegments?\b/.test(text)) return 'business-unit';
  if (/\bcategor(y|ies)\b/.test(text)) return 'category';
  if (/\bgas(es)?\b/.test(text)) return 'gas';
  if (/\bfacilit(y|ies)\b|\bsites?\b|\bplants?\b|\blocations?\b/.test(text)) return 'facility';
  if (/\bscopes\b|\b(by|per|each|across) scope\b(?! ?(1|2|3|one|two|three|i{1,3})\b)/.test(text))
    return 'scope';
  return undefined;
}

/** Lower case, accents and punctuation off (hyphens become spaces), single spaces. */
export function normaliseQuestion(question: string): string {
  return wordsOf(question.replace(/&/g, ' and ')).join(' ');
}

const COMPARE_WORDS =
  /\b(compare|compared|comparison|versus|vs|against|change|changed|changes|difference|differ|increase|increased|decrease|decreased|grow|grew|growth|drop|dropped|fall|fell|rise|rose|go up|go down|went up|went down)\b/;
const TOP_WORDS =
  /\b(top|largest|biggest|highest|most|main|leading|major|drivers?|drives?|contributors?|contributing|emitters?|rank|ranking)\b/;
const TRAIL_WORDS =
  /\b(trail|come from|comes from|came from|records behind|which records|what records|underlying|source records|how was|how were|how is|how are|calculated|made up of|breakdown of records)\b/;
const SEARCH_WORDS = /\b(find|search|look up|lookup|locate|is there|do we have)\b/;
const TARGET_WORDS = /\b(targets?|on track|goals?|net zero|sbti|reduction target)\b/;
const TOTAL_WORDS =
  /\b(emissions?|emit|emitted|footprint|co2e|ghg|greenhouse|total|totals|how much|carbon|tonnes?|kg|inventory)\b/;

/** A plural subject ("which facilities emitted the most") asks for a list even with "the most". */
const PLURAL_SUBJECT_WORDS =
  /\b(facilities|sites|plants|business units|divisions|categories|gases|emitters|contributors|drivers)\b/;
/** A breakdown no tool reads: answering it by facility would answer another question. */
const UNSUPPORTED_BREAKDOWN_WORDS =
  /\b(by|per|each|which|what|across) (states?|countr(y|ies)|cit(y|ies)|provinces?|counties|county|months?|sectors?|industr(y|ies))\b/;

const US_STATES = [
  'alabama',
  'alaska',
  'arizona',
  'arkansas',
  'california',
  'colorado',
  'connecticut',
  'delaware',
  'florida',
  'georgia',
  'hawaii',
  'idaho',
  'illinois',
  'indiana',
  'iowa',
  'kansas',
  'kentucky',
  'louisiana',
  'maine',
  'maryland',
  'massachusetts',
  'michigan',
  'minnesota',
  'mississippi',
  'missouri',
  'montana',
  'nebraska',
  'nevada',
  'new hampshire',
  'new jersey',
  'new mexico',
  'new york',
  'north carolina',
  'north dakota',
  'ohio',
  'oklahoma',
  'oregon',
  'pennsylvania',
  'rhode island',
  'south carolina',
  'south dakota',
  'tennessee',
  'texas',
  'utah',
  'vermont',
  'virginia',
  'washington',
  'west virginia',
  'wisconsin',
  'wyoming',
  'puerto rico',
];
const COUNTRIES_AND_REGIONS = [
  'the united states',
  'the usa',
  'america',
  'canada',
  'mexico',
  'germany',
  'france',
  'the united kingdom',
  'the uk',
  'england',
  'scotland',
  'wales',
  'ireland',
  'spain',
  'italy',
  'the netherlands',
  'belgium',
  'poland',
  'austria',
  'switzerland',
  'china',
  'india',
  'japan',
  'brazil',
  'australia',
  'europe',
  'asia',
  'africa',
];
/** A place no tool filters by ("in Texas", "in Germany"): answering for every facility would answer another question. */
const PLACE_WORDS = new RegExp(
  `\\b(in|from|within|across) (the state of )?(${[...US_STATES, ...COUNTRIES_AND_REGIONS].join('|')})\\b`,
);
/** "at Acme Refinery": a site named by its kind, whose name words follow "at". */
const NAMED_SITE_WORDS =
  /\bat ((?:[a-z0-9]+ ){1,3})(refinery|plant|station|mill|works|center|centre|site|facility|factory|hospital|offices?|warehouse|terminal|mine)\b/;
const NOT_A_NAME_WORDS = new Set(
  'a an the each every all any our its their this that which what one same largest biggest top main'.split(
    ' ',
  ),
);

/** A place or site the question names that none of the realm's facilities or business units matched. */
function namesUnknownPlace(text: string): boolean {
  if (PLACE_WORDS.test(text)) return true;
  const nameWords = NAMED_SITE_WORDS.exec(text)?.[1]?.trim().split(' ') ?? [];
  return nameWords.length > 0 && nameWords.every((word) => !NOT_A_NAME_WORDS.has(word));
}

function limitOf(text: string): number {
  const match = /\btop ([a-z0-9]+)\b/.exec(text)?.[1];
  const value = match === undefined ? undefined : numberOf(match);
  if (value !== undefined && value >= 1) return Math.min(value, 50);
  if (PLURAL_SUBJECT_WORDS.test(text)) return 5;
  if (
    /\b(the (largest|biggest|highest|most|main)|which (facility|site|plant|business unit|category|gas))\b/.test(
      text,
    )
  )
    return 1;
  return 5;
}

function searchQueryOf(text: string): string {
  return text
    .replace(SEARCH_WORDS, ' ')
    .replace(
      /\b(a|an|the|our|any|facility|facilities|site|sites|plant|plants|named|called|like|matching|for|with|name)\b/g,
      ' ',
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The tool calls that answer the question, or `help` when it names nothing the tools can read. Never throws. */
export function planQuestion(question: string, context: QuestionContext): QuestionPlan {
  try {
    return planOf(question, context);
  } catch {
    return { kind: 'help' };
  }
}

function planOf(question: string, context: QuestionContext): QuestionPlan {
  const text = normaliseQuestion(question);
  if (text.length === 0) return { kind: 'help' };
  const currentYear = reportingYearOf(context.today, context.reportingYearStartMonth);
  const periods = findPeriods(text, context).map((found) => found.period);
  const latestYear = context.years.at(-1) ?? currentYear - 1;
  const period: AssistantPeriod = periods[0] ?? { kind: 'year', year: latestYear };

  if (TARGET_WORDS.test(text)) return { kind: 'tools', calls: [{ name: 'target_status', input: {} }] };

  if (SEARCH_WORDS.test(text) && /\b(facilit(y|ies)|sites?|plants?)\b/.test(text)) {
    const query = searchQueryOf(text);
    if (query.length > 0) return { kind: 'tools', calls: [{ name: 'facility_search', input: { query } }] };
  }

  const filters = findFilters(text, context);
  const hasFilter = Object.keys(filters).length > 0;
  const isPlaceNamed = filters.facilityId !== undefined || filters.businessUnitId !== undefined;
  if (!isPlaceNamed && namesUnknownPlace(text)) return { kind: 'help' };

  if (COMPARE_WORDS.test(text) || /\bbetween\b.*\band\b/.test(text)) {
    let from: AssistantPeriod;
    let to: AssistantPeriod;
    const [first, second] = periods;
    if (first !== undefined && second !== undefined) {
      [from, to] = periodStart(first) <= periodStart(second) ? [first, second] : [second, first];
    } else if (first !== undefined) {
      [from, to] = [previousPeriod(first), first];
    } else {
      to = { kind: 'year', year: latestYear };
      from = previousPeriod(to);
    }
    if (first !== undefined || hasFilter || /\b(why|what)\b/.test(text) || TOTAL_WORDS.test(text)) {
      return { kind: 'tools', calls: [{ name: 'compare_periods', input: { from, to, ...filters } }] };
    }
  }

  if (TRAIL_WORDS.test(text)) {
    return { kind: 'tools', calls: [{ name: 'trail', input: { period, ...filters } }] };
  }

  const breakdown = breakdownOf(text);
  if (breakdown === undefined && UNSUPPORTED_BREAKDOWN_WORDS.test(text)) return { kind: 'help' };
  const isByBreakdown = /\b(by|per|each|breakdown|split|across)\b/.test(text);
  if (breakdown !== undefined && (TOP_WORDS.test(text) || isByBreakdown)) {
    const limit = TOP_WORDS.test(text) ? limitOf(text) : 50;
    return {
      kind: 'tools',
      calls: [{ name: 'top_contributors', input: { period, by: breakdown, limit, ...filters } }],
    };
  }
  if (TOP_WORDS.test(text) && (TOTAL_WORDS.test(text) || hasFilter || periods.length > 0)) {
    return {
      kind: 'tools',
      calls: [
        { name: 'top_contributors', input: { period, by: 'facility', limit: limitOf(text), ...filters } },
      ],
    };
  }

  if (TOTAL_WORDS.test(text) || hasFilter || periods.length > 0) {
    return { kind: 'tools', calls: [{ name: 'totals', input: { period, ...filters } }] };
  }
  return { kind: 'help' };
}
