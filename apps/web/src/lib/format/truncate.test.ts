import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncate } from './truncate.ts';

describe('truncate', () => {
  it('keeps the first 22 characters and adds an ellipsis to longer text', () => {
    expect(truncate('Scope 2 market-based emissions')).toBe('Scope 2 market-based e…');
    expect(truncate('Exactly twenty-two ch.')).toBe('Exactly twenty-two ch.');
    expect(truncate('')).toBe('');
  });

  it('takes another length', () => {
    expect(truncate('Facility', 4)).toBe('Faci…');
  });

  it('never cuts a character in half', () => {
    expect(truncate('🌍🌍🌍', 2)).toBe('🌍🌍…');
  });

  it('returns short text unchanged and long text as a prefix plus one ellipsis', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), fc.nat({ max: 40 }), (text, length) => {
        const result = truncate(text, length);
        const characters = Array.from(text);
        if (characters.length <= length) expect(result).toBe(text);
        else expect(result).toBe(`${characters.slice(0, length).join('')}…`);
      }),
    );
  });
});
