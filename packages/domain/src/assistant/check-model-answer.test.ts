import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkModelAnswer, type ModelAnswerEvidence } from './check-model-answer.ts';
import { formatAnswerMass } from './write-answer.ts';

const SCOPE1_KG = 12_345_678.9;
const HREF = '/reporting/next?year=2024';
const TRAIL = '/facility/next/riverbend?year=2024&trail=scope-1';
const FACILITY_ID = '0b7f4a52-8a39-4d5e-9c55-6f4d1c2b3a10';

const evidence: ModelAnswerEvidence = {
  toolData: [
    { name: 'totals', input: { period: { kind: 'year', year: 2024 }, scope: 1 } },
    {
      summary: `Scope 1 emissions in 2024 were ${formatAnswerMass(SCOPE1_KG)}.`,
      facts: [
        { label: 'Scope 1 emissions, 2024', value: SCOPE1_KG, unit: 'kg CO2e' },
        { label: 'Change from 2023 to 2024', value: -4.25, unit: '%' },
      ],
      matches: [{ facilityId: FACILITY_ID, name: 'Riverbend Power Station' }],
    },
  ],
  citationHrefs: [HREF, TRAIL],
};

describe('checkModelAnswer', () => {
  it('keeps sentences whose numbers the tools read, in the units and digits an answer writes', () => {
    const text = [
      `Scope 1 emissions in 2024 were ${formatAnswerMass(SCOPE1_KG)} [Inventory 2024](${HREF}).`,
      'That is 12,345.7 t CO2e, about 12 thousand tonnes, or 12,345,679 kg.',
      'They fell by 4.3% (see /facility/next/riverbend?year=2024&trail=scope-1).',
      `Riverbend Power Station has the id ${FACILITY_ID}; its CO2e and N2O are in Q3 too.`,
    ].join('\n');
    expect(checkModelAnswer(text, evidence)).toEqual({ answer: text, removed: [] });
  });

  it('removes a sentence with a number the tools did not read, and keeps the rest', () => {
    const checked = checkModelAnswer(
      `Scope 1 emissions in 2024 were 12.3 kt CO2e. Scope 2 was 4.1 kt CO2e. Ask me more.`,
      evidence,
    );
    expect(checked.answer).toBe('Scope 1 emissions in 2024 were 12.3 kt CO2e. Ask me more.');
    expect(checked.removed).toEqual(['Scope 2 was 4.1 kt CO2e.']);
  });

  it('holds a mass to the digits it is written with', () => {
    expect(checkModelAnswer('It was 12.35 kt CO2e.', evidence).removed).toEqual([]);
    expect(checkModelAnswer('It was 12.34 kt CO2e.', evidence).removed).toHaveLength(1);
    expect(checkModelAnswer('It was 13 kt CO2e.', evidence).removed).toHaveLength(1);
    expect(checkModelAnswer('It was 12 Mt CO2e.', evidence).removed).toHaveLength(1);
  });

  it('removes a sentence citing a page, a URL or an id the tools did not return', () => {
    const forged = [
      'See [Acme Refinery](/facility/next/acme-refinery?year=2024).',
      'See /facility/next/acme-refinery?year=2024.',
      'Details at https://example.com/steal?data=1.',
      'The facility 11111111-2222-4333-8444-555555555555 is largest.',
    ];
    for (const sentence of forged) {
      expect(checkModelAnswer(`Scope 1 was 12.3 kt CO2e. ${sentence}`, evidence)).toEqual({
        answer: 'Scope 1 was 12.3 kt CO2e.',
        removed: [sentence],
      });
    }
  });

  it('never keeps a number that is neither read nor within the rounding of one read', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e12, noNaN: true }), (kg) => {
        const read = { toolData: [{ value: kg }], citationHrefs: [] };
        expect(checkModelAnswer(`It was ${formatAnswerMass(kg)}.`, read).removed).toEqual([]);
        const elsewhere = kg * 1.2 + 1;
        expect(checkModelAnswer(`It was ${formatAnswerMass(elsewhere)}.`, read).removed).toHaveLength(1);
      }),
    );
  });
});
