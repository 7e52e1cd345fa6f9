import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertSpend, type PriceIndexPoint } from './price-index.ts';

const USD: PriceIndexPoint[] = [
  { currency: 'USD', year: 2022, indexValue: 100, exchangeRate: null },
  { currency: 'USD', year: 2024, indexValue: 107.2, exchangeRate: null },
];
const target = { currency: 'USD', dollarYear: 2022 };

describe('convertSpend', () => {
  it('deflates spend to the factor dollar year by index(factor year) / index(spend year)', () => {
    expect(convertSpend({ amount: 10_000, currency: 'USD', year: 2024 }, target, USD)).toEqual({
      ok: true,
      amount: 10_000 * (100 / 107.2),
      indexRatio: 100 / 107.2,
      exchangeRate: 1,
    });
  });

  it('needs no index for spend already in the factor currency and year', () => {
    expect(convertSpend({ amount: 5, currency: 'usd', year: 2022 }, target, [])).toMatchObject({
      ok: true,
      amount: 5,
    });
  });

  it('inflates within the currency, then exchanges at the factor year rate', () => {
    const points: PriceIndexPoint[] = [
      { currency: 'EUR', year: 2022, indexValue: 100, exchangeRate: 1.05 },
      { currency: 'EUR', year: 2025, indexValue: 109, exchangeRate: 1.08 },
    ];
    const outcome = convertSpend({ amount: 1000, currency: 'EUR', year: 2025 }, target, points);
    expect(outcome).toEqual({
      ok: true,
      amount: 1000 * (100 / 109) * 1.05,
      indexRatio: 100 / 109,
      exchangeRate: 1.05,
    });
  });

  it('refuses a currency without an index, a year it lacks and a missing exchange rate, naming the field', () => {
    expect(convertSpend({ amount: 1, currency: 'EUR', year: 2024 }, target, USD)).toMatchObject({
      ok: false,
      path: 'spendCurrency',
    });
    expect(convertSpend({ amount: 1, currency: 'USD', year: 2023 }, target, USD)).toMatchObject({
      ok: false,
      path: 'spendYear',
      message: 'The USD price index has no value for 2023, the year of this spend',
    });
    expect(
      convertSpend({ amount: 1, currency: 'GBP', year: 2024 }, target, [
        { currency: 'GBP', year: 2024, indexValue: 1, exchangeRate: null },
        { currency: 'GBP', year: 2022, indexValue: 1, exchangeRate: null },
      ]),
    ).toMatchObject({ ok: false, path: 'spendCurrency' });
  });

  it('going there and back through the index returns the spend', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 1, max: 1000, noNaN: true }),
        fc.double({ min: 1, max: 1000, noNaN: true }),
        (amount, from, to) => {
          const points = [
            { currency: 'USD', year: 2020, indexValue: from, exchangeRate: null },
            { currency: 'USD', year: 2022, indexValue: to, exchangeRate: null },
          ];
          const there = convertSpend({ amount, currency: 'USD', year: 2020 }, target, points);
          if (!there.ok) throw new Error(there.message);
          const back = convertSpend(
            { amount: there.amount, currency: 'USD', year: 2022 },
            { currency: 'USD', dollarYear: 2020 },
            points,
          );
          if (!back.ok) throw new Error(back.message);
          expect(back.amount).toBeCloseTo(amount, 6 - Math.max(0, Math.ceil(Math.log10(amount + 1))));
        },
      ),
    );
  });
});
