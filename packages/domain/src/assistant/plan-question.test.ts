import { assistantToolCallSchema } from '@ecc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planQuestion, type QuestionContext } from './plan-question.ts';
import { HELP_ANSWER, writeAnswer } from './write-answer.ts';

const RIVERBEND = '00000000-0000-4000-8000-000000000001';
const EUROPE = '00000000-0000-4000-8000-000000000002';
const context: QuestionContext = {
  today: '2026-05-20',
  reportingYearStartMonth: 1,
  years: [2023, 2024, 2025],
  facilities: [
    { id: RIVERBEND, name: 'Riverbend Power Station' },
    { id: '00000000-0000-4000-8000-000000000003', name: 'Lone Star Cement' },
  ],
  businessUnits: [{ id: EUROPE, name: 'Europe' }],
};

const callsOf = (question: string, questionContext = context) => {
  const plan = planQuestion(question, questionContext);
  return plan.kind === 'tools' ? plan.calls : 'help';
};

describe('planQuestion', () => {
  it('reads periods relative to today and the reporting year', () => {
    expect(callsOf('What were our Scope 1 emissions in 2024?')).toEqual([
      { name: 'totals', input: { period: { kind: 'year', year: 2024 }, scope: 1 } },
    ]);
    expect(callsOf('Emissions in Q3 2024')).toEqual([
      { name: 'totals', input: { period: { kind: 'months', from: '2024-07', to: '2024-09' } } },
    ]);
    expect(callsOf('emissions last year')).toEqual([
      { name: 'totals', input: { period: { kind: 'year', year: 2025 } } },
    ]);
    expect(callsOf('emissions year to date')).toEqual([
      { name: 'totals', input: { period: { kind: 'months', from: '2026-01', to: '2026-05' } } },
    ]);
    // March to May has started by 20 May 2026; June to August has not, so it is last year's.
    expect(callsOf('emissions from March to May')).toEqual([
      { name: 'totals', input: { period: { kind: 'months', from: '2026-03', to: '2026-05' } } },
    ]);
    expect(callsOf('emissions June to August')).toEqual([
      { name: 'totals', input: { period: { kind: 'months', from: '2025-06', to: '2025-08' } } },
    ]);
    // A reporting year starting in July: 20 May 2026 is in FY2026, so "last year" is FY2025.
    expect(callsOf('emissions last year', { ...context, reportingYearStartMonth: 7 })).toEqual([
      { name: 'totals', input: { period: { kind: 'year', year: 2025 } } },
    ]);
  });

  it('finds facilities by fuzzy name, and only among the names it is given', () => {
    expect(callsOf('Scope 2 emissions at Riverbnd in 2024')).toEqual([
      { name: 'totals', input: { period: { kind: 'year', year: 2024 }, scope: 2, facilityId: RIVERBEND } },
    ]);
    expect(callsOf('emissions of Europe in 2025')).toEqual([
      { name: 'totals', input: { period: { kind: 'year', year: 2025 }, businessUnitId: EUROPE } },
    ]);
    // A site the realm does not have is not answered with the realm's total.
    expect(callsOf('Scope 1 at Acme Refinery in 2024')).toBe('help');
    expect(callsOf('Scope 1 at each site in 2024')).toEqual([
      {
        name: 'top_contributors',
        input: { period: { kind: 'year', year: 2024 }, by: 'facility', limit: 50, scope: 1 },
      },
    ]);
  });

  it('maps top N, comparisons and why-questions', () => {
    expect(callsOf('Top 3 facilities in 2024')).toEqual([
      {
        name: 'top_contributors',
        input: { period: { kind: 'year', year: 2024 }, by: 'facility', limit: 3 },
      },
    ]);
    expect(callsOf('Compare 2025 with 2024')).toEqual([
      {
        name: 'compare_periods',
        input: { from: { kind: 'year', year: 2024 }, to: { kind: 'year', year: 2025 } },
      },
    ]);
    expect(callsOf('Why did Scope 2 emissions change in 2025?')).toEqual([
      {
        name: 'compare_periods',
        input: { from: { kind: 'year', year: 2024 }, to: { kind: 'year', year: 2025 }, scope: 2 },
      },
    ]);
  });

  it('lists five for a plural subject, one for a singular, even with "the most"', () => {
    const limitOf = (question: string) => {
      const calls = callsOf(question);
      const input = calls === 'help' ? undefined : calls[0]?.input;
      return input !== undefined && 'limit' in input ? input.limit : undefined;
    };
    expect(limitOf('Which facilities emitted the most in 2024?')).toBe(5);
    expect(limitOf('Which facility emitted the most in 2024?')).toBe(1);
    expect(limitOf('Who were our largest emitters in 2024?')).toBe(5);
  });

  it('answers what it cannot map with help', () => {
    expect(callsOf('What is the capital of France?')).toBe('help');
    // No tool breaks emissions down by state or country: a ranking of facilities would answer another question.
    expect(callsOf('Which states emit the most?')).toBe('help');
    expect(callsOf('Emissions by country in 2024')).toBe('help');
    // Nor filters them by place: the largest facility of the realm is not the largest in Texas.
    expect(callsOf('Which facility in Texas emits the most?')).toBe('help');
    expect(callsOf('Scope 1 emissions in New York in 2024')).toBe('help');
    expect(callsOf('Top 5 facilities in Germany')).toBe('help');
    // A business unit or facility of that name is a place the tools read.
    expect(callsOf('emissions in Europe in 2025')).toEqual([
      { name: 'totals', input: { period: { kind: 'year', year: 2025 }, businessUnitId: EUROPE } },
    ]);
    expect(writeAnswer([]).answer).toBe(HELP_ANSWER);
  });

  it('never throws: any text gives a plan or the help answer', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (question) => {
        const plan = planQuestion(question, context);
        expect(['tools', 'help']).toContain(plan.kind);
      }),
      { numRuns: 500 },
    );
    const words = fc.constantFrom(
      'scope',
      '1',
      '2',
      '3',
      'q3',
      '2024',
      'march',
      'to',
      'may',
      'compare',
      'with',
      'top',
      'five',
      'why',
      'change',
      'riverbend',
      'methane',
      'category',
      '6',
      'last',
      'year',
      'ytd',
      'by',
      'facility',
      'target',
      'find',
      'fy24',
      'between',
      'and',
      'december',
      'january',
      '1899',
      '2199',
    );
    fc.assert(
      fc.property(fc.array(words, { maxLength: 12 }), (parts) => {
        const plan = planQuestion(parts.join(' '), context);
        // A plan's calls are valid tool calls of the contract, so the server can run them as they are.
        if (plan.kind === 'tools') for (const call of plan.calls) assistantToolCallSchema.parse(call);
      }),
      { numRuns: 1000 },
    );
  });
});
