import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectImportFormat } from './import-format.ts';

const text = (value: string) => new TextEncoder().encode(value);
const ZIP = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);

describe('detectImportFormat', () => {
  it('knows a workbook by its ZIP signature and CSV by its text', () => {
    expect(detectImportFormat('energy.xlsx', ZIP)).toBe('xlsx');
    expect(detectImportFormat('energy.csv', text('facility,quantity\nnorth,1\n'))).toBe('csv');
    expect(detectImportFormat('energy.CSV', text('\uFEFFfacility;quantity\n'))).toBe('csv');
    expect(detectImportFormat('energy.txt', text('a\tb\n'))).toBe('csv');
  });

  it('refuses what is neither: binary files, other extensions and renamed files', () => {
    expect(detectImportFormat('scan.pdf', text('%PDF-1.7\n'))).toBeUndefined();
    expect(
      detectImportFormat('photo.csv', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
    ).toBeUndefined();
    expect(
      detectImportFormat('old.xls', Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
    ).toBeUndefined();
    expect(detectImportFormat('data.json', text('{"a": 1}'))).toBeUndefined();
    expect(detectImportFormat('report.docx', ZIP)).toBeUndefined();
  });

  it('takes text in another encoding or with a NUL as CSV, for its reader to name the line', () => {
    expect(detectImportFormat('latin1.csv', Uint8Array.from([0x63, 0x61, 0x66, 0xe9]))).toBe('csv');
    expect(detectImportFormat('nul.csv', Uint8Array.from([0x61, 0x00, 0x62]))).toBe('csv');
    expect(detectImportFormat('archive.csv', Uint8Array.from([0x1f, 0x8b, 0x08]))).toBeUndefined();
  });

  it('takes any UTF-8 text named .csv as CSV, unless it starts like a binary file', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const binaryStarts = ['PK\u0003\u0004', '%PDF-', 'GIF8', '\u001f\u008b'];
        fc.pre(!binaryStarts.some((start) => value.startsWith(start)));
        expect(detectImportFormat('rows.csv', text(value))).toBe('csv');
      }),
    );
  });
});
