import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_MESSAGE, realmCurrencyInputSchema } from './organisation.ts';

const issuesOf = (input: unknown) => {
  const parsed = realmCurrencyInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('/'), issue.message]);
};

describe('the realm currency', () => {
  it('takes an ISO 4217 code in any case and answers it in upper case', () => {
    expect(realmCurrencyInputSchema.parse({ currency: 'eur' })).toEqual({ currency: 'EUR' });
    expect(realmCurrencyInputSchema.parse({ currency: ' Jpy ' })).toEqual({ currency: 'JPY' });
  });

  it('refuses what is not a code the runtime knows, on the currency field, with the denominators’ message', () => {
    for (const currency of ['EURO', 'XYZ', 'E', '', 'US$', 12, null]) {
      expect(issuesOf({ currency }), String(currency)).toEqual([['currency', CURRENCY_MESSAGE]]);
    }
  });

  it('accepts exactly the runtime’s currencies among three-letter codes', () => {
    const known = new Set(Intl.supportedValuesOf('currency'));
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{3}$/), (code) => {
        expect(realmCurrencyInputSchema.safeParse({ currency: code }).success).toBe(
          known.has(code.toUpperCase()),
        );
      }),
    );
  });
});
