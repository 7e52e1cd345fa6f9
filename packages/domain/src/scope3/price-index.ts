/**
 * A realm's price index: one value per currency and year (a CPI or PPI series, any base), and for a currency
 * other than the factors' the US dollars one unit of it was worth that year. Spend is moved in its own currency
 * from its year to the factor's dollar year by the index, then exchanged at that year's rate (inflate locally,
 * then convert: the order USEEIO's documentation follows for foreign spend).
 */
export interface PriceIndexPoint {
  readonly currency: string;
  readonly year: number;
  readonly indexValue: number;
  /** Units of the factor's currency per one unit of `currency` in `year`; null where none is kept. */
  readonly exchangeRate: number | null;
}

export interface Spend {
  readonly amount: number;
  readonly currency: string;
  readonly year: number;
}

export interface SpendTarget {
  readonly currency: string;
  readonly dollarYear: number;
}

/** A refusal names the line's field it is about (`spendCurrency`, `spendYear`). */
export type SpendConversion =
  | {
      readonly ok: true;
      /** The spend in the factor's currency and dollar year. */
      readonly amount: number;
      readonly indexRatio: number;
      readonly exchangeRate: number;
    }
  | { readonly ok: false; readonly path: 'spendCurrency' | 'spendYear'; readonly message: string };

/**
 * Spend in the factor's currency and dollar year: amount × index(factor year) / index(spend year) × exchange
 * rate of the factor year (1 in the factor's own currency). Spend already in the factor's currency and year
 * needs no index.
 */
export function convertSpend(
  spend: Spend,
  target: SpendTarget,
  points: readonly PriceIndexPoint[],
): SpendConversion {
  const currency = spend.currency.toUpperCase();
  const isSameCurrency = currency === target.currency.toUpperCase();
  if (isSameCurrency && spend.year === target.dollarYear) {
    return { ok: true, amount: spend.amount, indexRatio: 1, exchangeRate: 1 };
  }
  const series = points.filter((point) => point.currency.toUpperCase() === currency);
  if (series.length === 0) {
    return {
      ok: false,
      path: 'spendCurrency',
      message: `The realm keeps no price index for ${currency}: add one for ${spend.year} and ${target.dollarYear} to convert this spend to ${target.dollarYear} ${target.currency}`,
    };
  }
  const from = series.find((point) => point.year === spend.year);
  if (!from) {
    return {
      ok: false,
      path: 'spendYear',
      message: `The ${currency} price index has no value for ${spend.year}, the year of this spend`,
    };
  }
  const to = series.find((point) => point.year === target.dollarYear);
  if (!to) {
    return {
      ok: false,
      path: 'spendYear',
      message: `The ${currency} price index has no value for ${target.dollarYear}, the factor's dollar year`,
    };
  }
  const exchangeRate = isSameCurrency ? 1 : to.exchangeRate;
  if (exchangeRate === null || !(exchangeRate > 0)) {
    return {
      ok: false,
      path: 'spendCurrency',
      message: `The ${currency} price index of ${target.dollarYear} has no exchange rate to ${target.currency}`,
    };
  }
  const indexRatio = to.indexValue / from.indexValue;
  return { ok: true, amount: spend.amount * indexRatio * exchangeRate, indexRatio, exchangeRate };
}
