import { inflateSync } from 'node:zlib';

/**
 * A PDF read back as a reader would: its page count (the page objects) and its text (the strings of the text
 * operators of every content stream, inflated). Enough for pdfkit's output with standard fonts (one byte per
 * character, WinAnsi); not a general PDF parser.
 */
export function readPdf(pdf: Buffer): { pageCount: number; text: string; title: string | undefined } {
  const source = pdf.toString('latin1');
  const pageCount = source.match(/\/Type \/Page(?!s)/g)?.length ?? 0;
  const texts: string[] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(source); match; match = streamPattern.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = match[1]?.includes('/FlateDecode')
        ? inflateSync(bytes).toString('latin1')
        : bytes.toString('latin1');
    } catch {
      continue;
    }
    for (const operation of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexParts = operation[1]
        ? [...operation[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1])
        : [operation[2]];
      texts.push(hexParts.map((hex) => Buffer.from(hex ?? '', 'hex').toString('latin1')).join(''));
    }
  }
  const title = /\/Title \(([^)]*)\)/.exec(source)?.[1];
  return { pageCount, text: texts.join('\n'), title };
}
