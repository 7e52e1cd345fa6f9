import { describe, expect, it } from 'vitest';
import { formatNumber, formatSignificant } from './format-number.ts';

describe('formatNumber', () => {
  it('shows at most 2 fraction digits', () => {
    expect(formatNumber(1234.5678)).toBe('1,234.57');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(42)).toBe('42');
  });

  it("uses the user's locale", () => {
    expect(formatNumber(1234.5678, 'de-DE')).toBe('1.234,57');
    expect(formatNumber(1234.5, 'fr-FR')).toBe('1\u202f234,5');
  });
});

describe('formatSignificant', () => {
  it('keeps the small parts of a value to eight significant digits', () => {
    expect(formatSignificant(0.001026)).toBe('0.001026');
    expect(formatSignificant(54_495.4789)).toBe('54,495.479');
    expect(formatSignificant(1 / 3, 3)).toBe('0.333');
  });
});
