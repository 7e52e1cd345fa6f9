import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8Text, findInvalidUtf8, findNulCharacter } from './text-integrity.ts';

describe('findInvalidUtf8', () => {
  it('finds nothing in any text encoded as UTF-8', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(findInvalidUtf8(Buffer.from(text))).toBeUndefined();
      }),
    );
  });

  it('finds the start of the first sequence that is not UTF-8, wherever it is put', () => {
    const notUtf8 = fc.constantFrom(
      [0xff],
      [0xc0, 0x80],
      [0xe0, 0x80, 0x80],
      [0xed, 0xa0, 0x80],
      [0xc3],
      [0x80],
    );
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        notUtf8,
        fc.string({ unit: 'grapheme' }),
        (before, bad, after) => {
          const prefix = Buffer.from(before);
          const bytes = Buffer.concat([prefix, Buffer.from(bad), Buffer.from(after)]);
          expect(findInvalidUtf8(bytes)).toBe(prefix.length);
        },
      ),
    );
  });
});

describe('findNulCharacter', () => {
  it('names the path of the first string or key with a NUL character', () => {
    expect(findNulCharacter({ a: [1, 'x', { b: 'y\0' }] })).toBe('/a/2/b');
    expect(findNulCharacter({ ['k\0']: 1 })).toBe('/k\\0');
    expect(findNulCharacter('\0')).toBe('/');
    expect(findNulCharacter({ a: ['fine', 2, null, true] })).toBeUndefined();
  });
});

describe('decodeUtf8Text', () => {
  it('gives the text without a byte-order mark', () => {
    expect(decodeUtf8Text(Buffer.from('\uFEFFa,b\n1,2\n'), 'file')).toBe('a,b\n1,2\n');
  });

  it('names the line of the first byte that is not UTF-8, or of the first NUL character', () => {
    const latin1 = Buffer.concat([Buffer.from('a,b\n1,2\nZ'), Buffer.from([0xfc]), Buffer.from('rich\n')]);
    expect(decodeUtf8Text(latin1, 'file')).toEqual({
      problem: { path: 'file', message: 'Must be UTF-8 text: line 3 has a byte that is not' },
    });
    expect(decodeUtf8Text(Buffer.from('a\nb\0\n'), 'file')).toEqual({
      problem: { path: 'file', message: 'Line 2 contains a NUL character (U+0000)' },
    });
  });
});
