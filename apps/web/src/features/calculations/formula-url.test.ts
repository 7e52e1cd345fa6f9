import { describe, expect, it } from 'vitest';
import { decodeFormulaFromUrl, encodeFormulaForUrl, PLAIN_FORMULA_URL_LENGTH } from './formula-url.ts';

describe('a formula in the URL', () => {
  it('stays as it is while short', async () => {
    expect(await encodeFormulaForUrl("set :a = 1\nEMIT('CO2', :a)")).toBe("set :a = 1\nEMIT('CO2', :a)");
    expect(await decodeFormulaFromUrl(':a * 2')).toBe(':a * 2');
  });

  it('is deflated when long and reads back the same, accents included', async () => {
    const formula = Array.from(
      { length: 200 },
      (_, line) => `set :v${line} = ${line} * 1.5 // é ${line}`,
    ).join('\n');
    const encoded = await encodeFormulaForUrl(formula);
    expect(encoded.startsWith('deflate:')).toBe(true);
    expect(encoded.length).toBeLessThan(formula.length);
    expect(encoded).toMatch(/^deflate:[A-Za-z0-9_-]+$/);
    expect(await decodeFormulaFromUrl(encoded)).toBe(formula);
    expect(encodeURIComponent(formula).length).toBeGreaterThan(PLAIN_FORMULA_URL_LENGTH);
  });

  it('answers nothing for a damaged deflated value', async () => {
    expect(await decodeFormulaFromUrl('deflate:not-deflated')).toBeUndefined();
  });
});
