import fc from 'fast-check';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { isSameColor, readPdfDrawing, rgbOfHex } from './pdf-drawing.ts';

/** A one-page PDF drawn by pdfkit, the writer the reports use. */
function pdfOf(draw: (document: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve) => document.on('end', () => resolve(Buffer.concat(chunks))));
  draw(document);
  document.end();
  return finished;
}

const hexColor = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((parts) => `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`);

describe('readPdfDrawing', () => {
  it('reads back any printable ASCII text pdfkit writes in a standard font, brackets and backslashes included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({
          unit: fc.integer({ min: 0x21, max: 0x7e }).map(String.fromCharCode),
          minLength: 1,
          maxLength: 40,
        }),
        async (text) => {
          const [page] = await readPdfDrawing(await pdfOf((document) => document.text(text)));
          expect(page?.text).toBe(text);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('gives the fill and stroke colours of painted paths as the hex they were drawn with', async () => {
    await fc.assert(
      fc.asyncProperty(hexColor, hexColor, async (fill, stroke) => {
        const pdf = await pdfOf((document) => {
          document.rect(10, 10, 50, 20).fill(fill);
          document.moveTo(0, 0).lineTo(40, 40).stroke(stroke);
        });
        const [page] = await readPdfDrawing(pdf);
        expect(page?.paths).toHaveLength(2);
        expect(isSameColor(page?.paths[0]?.fill, rgbOfHex(fill))).toBe(true);
        expect(page?.paths[0]?.segments).toBe(1);
        expect(isSameColor(page?.paths[1]?.stroke, rgbOfHex(stroke))).toBe(true);
        expect(page?.paths[1]?.segments).toBe(2);
      }),
      { numRuns: 30 },
    );
  });
});
