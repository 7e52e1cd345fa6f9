import type { AssistantCitation } from '@ecc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeAnswer, type AssistantToolOutput } from './write-answer.ts';

const CITATIONS: AssistantCitation[] = [];

function comparison(fromKg: number, toKg: number, facilityChangeKg = toKg - fromKg): AssistantToolOutput {
  return {
    name: 'compare_periods',
    subject: 'Emissions',
    from: { label: 'Emissions in 2024', co2eKg: fromKg, citations: CITATIONS, periodLabel: '2024' },
    to: { label: 'Emissions in 2025', co2eKg: toKg, citations: CITATIONS, periodLabel: '2025' },
    contributors: [{ label: 'Riverbend Power Station', co2eKg: facilityChangeKg, citations: CITATIONS }],
  };
}

/** The answer's first sentence: the change between the periods (the facilities' signed changes follow it). */
const changeSentence = (fromKg: number, toKg: number) =>
  writeAnswer([comparison(fromKg, toKg)]).answer.split('. ')[0]!;

describe('writeAnswer, a comparison of two periods', () => {
  it('states a fall as a fall of a positive amount and share, and a rise likewise', () => {
    expect(changeSentence(65_000, 62_593)).toBe(
      'Emissions fell by 2.4 t CO2e (3.7%), from 65.0 t CO2e in 2024 to 62.6 t CO2e in 2025',
    );
    expect(changeSentence(62_593, 65_000)).toBe(
      'Emissions rose by 2.4 t CO2e (3.8%), from 62.6 t CO2e in 2024 to 65.0 t CO2e in 2025',
    );
  });

  it('keeps the sign in the facts, and on each facility’s change, where no verb says which way', () => {
    const written = writeAnswer([comparison(65_000, 62_593)]);
    expect(written.facts).toContainEqual(
      expect.objectContaining({ label: 'Change from 2024 to 2025', value: -2_407, unit: 'kg CO2e' }),
    );
    const share = written.facts.find((fact) => fact.unit === '%');
    expect(share?.value).toBeCloseTo((-2_407 / 65_000) * 100, 9);
    expect(written.answer).toContain('The largest changes by facility: Riverbend Power Station -2.4 t CO2e.');
  });

  it('never writes a sign after "fell by" or "rose by", whatever the two totals', () => {
    const mass = fc.double({ min: 0, max: 1e12, noNaN: true });
    fc.assert(
      fc.property(mass, mass, (fromKg, toKg) => {
        const sentence = changeSentence(fromKg, toKg);
        expect(sentence).not.toMatch(/[-−+]/);
        const verb = toKg > fromKg ? 'rose by' : toKg < fromKg ? 'fell by' : 'changed by';
        expect(sentence.startsWith(`Emissions ${verb} `)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
