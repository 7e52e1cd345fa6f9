import type { AssistantBreakdown, AssistantCitation, AssistantFact } from '@ecc/contracts';
import { formatMass, type MassFormatOptions } from '../format/format-mass.ts';
import { ASSISTANT_EXAMPLE_QUESTIONS } from './plan-question.ts';

/*
 * The offline assistant's answers, written from templates over the tools' outputs. Every number in the text is a
 * fact (label, value, unit, citations), so a reader can check each one against the page it links to.
 */

export const KG_CO2E = 'kg CO2e';

/** A figure a tool read, with the pages that show it. */
export interface AssistantFigure {
  label: string;
  co2eKg: number;
  citations: AssistantCitation[];
}

export interface AssistantTargetFigure {
  label: string;
  baseYear: number;
  baseCo2eKg: number | null;
  targetYear: number;
  reductionPercent: number;
  latestYear: number | null;
  latestCo2eKg: number | null;
  /** The reduction from the base year to the latest year, percent; null without both. */
  achievedPercent: number | null;
  /** What the straight line from base to target allows in the latest year; null without base data. */
  allowedCo2eKg: number | null;
  citations: AssistantCitation[];
}

export type AssistantToolOutput =
  | { name: 'totals'; periodLabel: string; subject: string; total: AssistantFigure; note?: string }
  | {
      name: 'top_contributors';
      periodLabel: string;
      subject: string;
      by: AssistantBreakdown;
      rows: AssistantFigure[];
      total: AssistantFigure;
      note?: string;
    }
  | {
      name: 'compare_periods';
      subject: string;
      from: AssistantFigure & { periodLabel: string };
      to: AssistantFigure & { periodLabel: string };
      /** Changes by facility, largest first by size. */
      contributors: AssistantFigure[];
      note?: string;
    }
  | {
      name: 'trail';
      periodLabel: string;
      subject: string;
      total: AssistantFigure;
      /** The facilities (or a facility's sources) behind the total, each linking to its trail. */
      parts: AssistantFigure[];
      note?: string;
    }
  | {
      name: 'facility_search';
      query: string;
      /** `facilityId` is what the other tools take to narrow to the facility. */
      matches: { facilityId: string; label: string; citations: AssistantCitation[] }[];
    }
  | { name: 'target_status'; targets: AssistantTargetFigure[] }
  | { name: 'no_data'; periodLabel: string; subject: string; years: readonly number[] };

export interface WrittenAnswer {
  answer: string;
  facts: AssistantFact[];
  citations: AssistantCitation[];
}

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Answers are prose: masses go up to megatonnes (the pages' rule, `formatMass`), the facts keep kg. */
const ANSWER_MASS_FORMAT: MassFormatOptions = { largestUnit: 'Mt' };

/** A mass as the answer writes it: `12.3 kt CO2e`. */
export function formatAnswerMass(kg: number): string {
  return formatMass(kg, ANSWER_MASS_FORMAT);
}

export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}

const BREAKDOWN_NOUNS: Readonly<Record<AssistantBreakdown, [string, string]>> = {
  scope: ['scope', 'scopes'],
  category: ['Scope 3 category', 'Scope 3 categories'],
  gas: ['gas', 'gases'],
  facility: ['facility', 'facilities'],
  'business-unit': ['business unit', 'business units'],
};

export const HELP_ANSWER = `I can answer questions about your realm's emissions from its own records, for example: ${ASSISTANT_EXAMPLE_QUESTIONS.map((example) => `"${example}"`).join(', ')}. Name a period (a year, a quarter such as "Q3 2024", "last year", "year to date" or "March to May"), a scope, a Scope 3 category, a gas, a facility or a business unit.`;

class AnswerWriter {
  readonly sentences: string[] = [];
  readonly facts: AssistantFact[] = [];

  /** Records the fact and writes it; `isMagnitude` writes it without its sign, for "fell by 1.2 t CO2e". */
  mass(label: string, value: number, citations: AssistantCitation[], isMagnitude = false): string {
    this.facts.push({ label, value, unit: KG_CO2E, citations });
    return formatAnswerMass(isMagnitude ? Math.abs(value) : value);
  }

  /** Records the fact and writes it; `isMagnitude` writes it without its sign, for "fell by 2.4 t CO2e (3.1%)". */
  percent(label: string, value: number, citations: AssistantCitation[], isMagnitude = false): string {
    this.facts.push({ label, value, unit: '%', citations });
    return formatPercent(isMagnitude ? Math.abs(value) : value);
  }

  count(label: string, value: number, unit: string, citations: AssistantCitation[]): string {
    this.facts.push({ label, value, unit, citations });
    return countFormat.format(value);
  }

  result(): WrittenAnswer {
    const citations = new Map<string, AssistantCitation>();
    for (const fact of this.facts)
      for (const citation of fact.citations)
        citations.set(`${citation.type} ${citation.id} ${citation.href}`, citation);
    return { answer: this.sentences.join(' '), facts: this.facts, citations: [...citations.values()] };
  }
}

function changeWords(change: number): string {
  if (change > 0) return 'rose by';
  if (change < 0) return 'fell by';
  return 'changed by';
}

function writeOutput(writer: AnswerWriter, output: AssistantToolOutput): void {
  switch (output.name) {
    case 'totals': {
      const { total } = output;
      writer.sentences.push(
        `${output.subject} in ${output.periodLabel} were ${writer.mass(total.label, total.co2eKg, total.citations)}.`,
      );
      if (output.note !== undefined) writer.sentences.push(output.note);
      return;
    }
    case 'top_contributors': {
      const [singular, plural] = BREAKDOWN_NOUNS[output.by];
      if (output.rows.length === 0) {
        writer.sentences.push(`No ${plural} have ${output.subject.toLowerCase()} in ${output.periodLabel}.`);
        return;
      }
      const intro =
        output.rows.length === 1
          ? `The largest ${singular} for ${output.subject.toLowerCase()} in ${output.periodLabel}:`
          : `${output.subject} in ${output.periodLabel} by ${singular}, largest first:`;
      const items = output.rows.map(
        (row, index) => `${index + 1}. ${row.label}: ${writer.mass(row.label, row.co2eKg, row.citations)}`,
      );
      writer.sentences.push(`${intro} ${items.join('; ')}.`);
      writer.sentences.push(
        `The total is ${writer.mass(output.total.label, output.total.co2eKg, output.total.citations)}.`,
      );
      if (output.note !== undefined) writer.sentences.push(output.note);
      return;
    }
    case 'compare_periods': {
      const { from, to } = output;
      const change = to.co2eKg - from.co2eKg;
      const citations = [...from.citations, ...to.citations];
      const fromText = writer.mass(from.label, from.co2eKg, from.citations);
      const toText = writer.mass(to.label, to.co2eKg, to.citations);
      const changeText = writer.mass(
        `Change from ${from.periodLabel} to ${to.periodLabel}`,
        change,
        citations,
        true,
      );
      const percentText =
        from.co2eKg === 0
          ? ''
          : ` (${writer.percent(`Change from ${from.periodLabel} to ${to.periodLabel}`, (change / from.co2eKg) * 100, citations, true)})`;
      writer.sentences.push(
        `${output.subject} ${changeWords(change)} ${changeText}${percentText}, from ${fromText} in ${from.periodLabel} to ${toText} in ${to.periodLabel}.`,
      );
      const movers = output.contributors.filter((contributor) => contributor.co2eKg !== 0);
      if (movers.length > 0) {
        const items = movers.map(
          (mover) =>
            `${mover.label} ${mover.co2eKg > 0 ? '+' : ''}${writer.mass(`Change at ${mover.label}`, mover.co2eKg, mover.citations)}`,
        );
        writer.sentences.push(`The largest changes by facility: ${items.join('; ')}.`);
      }
      if (output.note !== undefined) writer.sentences.push(output.note);
      return;
    }
    case 'trail': {
      writer.sentences.push(
        `${output.subject} in ${output.periodLabel} were ${writer.mass(output.total.label, output.total.co2eKg, output.total.citations)}.`,
      );
      if (output.parts.length > 0) {
        const items = output.parts.map(
          (part) => `${part.label}: ${writer.mass(part.label, part.co2eKg, part.citations)}`,
        );
        writer.sentences.push(
          `They come from ${items.join('; ')}. Each link opens the trail of its records, factors and results.`,
        );
      }
      if (output.note !== undefined) writer.sentences.push(output.note);
      return;
    }
    case 'facility_search': {
      if (output.matches.length === 0) {
        writer.sentences.push(`No facility of this realm matches "${output.query}".`);
        return;
      }
      writer.sentences.push(
        `${writer.count(
          `Facilities matching "${output.query}"`,
          output.matches.length,
          'facilities',
          output.matches.flatMap((match) => match.citations),
        )} ${output.matches.length === 1 ? 'facility matches' : 'facilities match'} "${output.query}": ${output.matches.map((match) => match.label).join('; ')}.`,
      );
      return;
    }
    case 'target_status': {
      if (output.targets.length === 0) {
        writer.sentences.push('This realm has no targets yet; set one on the pathways page.');
        return;
      }
      for (const target of output.targets) writeTarget(writer, target);
      return;
    }
    case 'no_data': {
      const years = output.years.length === 0 ? 'none yet' : output.years.join(', ');
      writer.sentences.push(
        `There are no calculated results for ${output.periodLabel}, so I cannot give ${output.subject.toLowerCase()} for it. Years with results: ${years}.`,
      );
      return;
    }
    default: {
      const unknownOutput: never = output;
      throw new Error(`Unknown tool output ${JSON.stringify(unknownOutput)}`);
    }
  }
}

function writeTarget(writer: AnswerWriter, target: AssistantTargetFigure): void {
  const cites = target.citations;
  const reduction = writer.percent(`${target.label}: reduction aimed for`, target.reductionPercent, cites);
  const head = `${target.label} aims for ${reduction} less than in ${target.baseYear} by ${target.targetYear}.`;
  if (target.baseCo2eKg === null || target.latestCo2eKg === null || target.latestYear === null) {
    writer.sentences.push(
      `${head} There are no results for its base year or a later year to measure it against.`,
    );
    return;
  }
  const base = writer.mass(`${target.label}: base year ${target.baseYear}`, target.baseCo2eKg, cites);
  const latest = writer.mass(`${target.label}: ${target.latestYear}`, target.latestCo2eKg, cites);
  const achieved =
    target.achievedPercent === null
      ? ''
      : `, ${writer.percent(`${target.label}: reduction achieved by ${target.latestYear}`, target.achievedPercent, cites)} less`;
  let status = '';
  if (target.allowedCo2eKg !== null) {
    const allowed = writer.mass(
      `${target.label}: allowed in ${target.latestYear}`,
      target.allowedCo2eKg,
      cites,
    );
    status =
      target.latestCo2eKg <= target.allowedCo2eKg
        ? ` That is on track: the straight line to the target allows ${allowed} in ${target.latestYear}.`
        : ` That is off track: the straight line to the target allows ${allowed} in ${target.latestYear}.`;
  }
  writer.sentences.push(`${head} Base year: ${base}; ${target.latestYear}: ${latest}${achieved}.${status}`);
}

/** The answer to the tools' outputs, in order; the help answer when there are none. */
export function writeAnswer(outputs: readonly AssistantToolOutput[]): WrittenAnswer {
  if (outputs.length === 0) return { answer: HELP_ANSWER, facts: [], citations: [] };
  const writer = new AnswerWriter();
  for (const output of outputs) writeOutput(writer, output);
  return writer.result();
}
