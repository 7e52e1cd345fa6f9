import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, moneyLabel } from './format-money.ts';

describe('formatMoney', () => {
  it('writes the currency as the locale does, in whole units by default', () => {
    expect(formatMoney(1234.56, 'EUR')).toBe('€1,235');
    expect(formatMoney(1234.56, 'USD')).toBe('$1,235');
    expect(formatMoney(1234.56, 'EUR', { locale: 'de-DE' })).toBe('1.235\u00a0€');
    expect(formatMoney(-50, 'GBP')).toBe('-£50');
  });

  it('keeps the fraction digits asked for', () => {
    expect(formatMoney(12.345, 'EUR', { fractionDigits: 2 })).toBe('€12.35');
  });

  it('writes a currency without a symbol by its code', () => {
    expect(formatMoney(1000, 'CHF')).toBe('CHF\u00a01,000');
  });

  it('never writes a negative zero', () => {
    expect(formatMoney(-0.2, 'EUR')).toBe('€0');
    expect(formatMoney(-0, 'USD')).toBe('$0');
    expect(formatMoney(-0.2, 'EUR', { locale: 'de-DE' })).toBe('0\u00a0€');
  });

  it('writes every whole amount with its digits, whatever the currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.constantFrom('EUR', 'USD', 'JPY', 'GBP', 'CHF'),
        (value, currency) => {
          const written = formatMoney(value, currency);
          expect(written.replace(/\D/g, '')).toBe(String(Math.abs(value)));
          expect(written.startsWith('-')).toBe(value < 0);
        },
      ),
    );
  });
});

describe('moneyLabel', () => {
  it('names the currency', () => {
    expect(moneyLabel('Capex', 'EUR')).toBe('Capex (EUR)');
  });
});
