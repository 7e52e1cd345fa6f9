import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from 'pdf-lib';

/** A colour as red, green and blue from 0 to 1, as the PDF's DeviceRGB operands give it. */
export type Rgb = readonly [number, number, number];

/** A path the page paints: its fill and stroke colours (undefined when not painted so) and its segment count. */
export interface PaintedPath {
  readonly fill?: Rgb;
  readonly stroke?: Rgb;
  readonly segments: number;
  /** How many text blocks the page had drawn before it: where it lies in the drawing order. */
  readonly textBlocksBefore: number;
}

export interface DrawnImage {
  readonly name: string;
  /** The picture's own pixels. */
  readonly width: number;
  readonly height: number;
  /** Its size on the page in points: the scale of the transformation in force where it is drawn. */
  readonly drawnWidth: number;
  readonly drawnHeight: number;
  readonly colorSpace: string;
  /** Decoded samples, row after row, `components` bytes a pixel (8 bits a component). */
  readonly pixels: Uint8Array;
  readonly components: number;
}

export interface TextBlock {
  readonly text: string;
  readonly fill?: Rgb;
}

export interface DrawnPage {
  readonly paths: readonly PaintedPath[];
  readonly images: readonly DrawnImage[];
  readonly textBlocks: readonly TextBlock[];
  /** The page's text blocks (each a BT…ET), one a line. */
  readonly text: string;
}

type Operand = number | string | boolean | null | { name: string } | { bytes: Buffer } | Operand[];
interface Operation {
  readonly operator: string;
  readonly operands: Operand[];
}

/** `#C0348A` as the DeviceRGB operands a PDF writer gives for it. */
export function rgbOfHex(hex: string): Rgb {
  const value = /^#?([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!value) throw new Error(`Not a 6-digit hex colour: ${hex}`);
  return [0, 2, 4].map((start) => parseInt(value.slice(start, start + 2), 16) / 255) as unknown as Rgb;
}

/** Within half a step of 8 bits, so a writer that rounds its operands to 3 decimals still matches. */
export function isSameColor(color: Rgb | undefined, expected: Rgb): boolean {
  return (
    color !== undefined && color.every((component, index) => Math.abs(component - expected[index]!) < 1 / 510)
  );
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((character) => character.charCodeAt(0)));

/** The operations of a content stream (PDF 32000-1 §7.8.2): operands, then the operator that takes them. */
function parseContent(bytes: Uint8Array): Operation[] {
  const source = Buffer.from(bytes);
  const operations: Operation[] = [];
  const stack: Operand[][] = [[]];
  let position = 0;
  const isRegular = (code: number | undefined) =>
    code !== undefined && !WHITESPACE.has(code) && !DELIMITERS.has(code);
  const push = (operand: Operand) => stack.at(-1)!.push(operand);
  while (position < source.length) {
    const code = source[position]!;
    if (WHITESPACE.has(code)) position++;
    else if (code === 0x25 /* % */) {
      while (position < source.length && source[position] !== 0x0a && source[position] !== 0x0d) position++;
    } else if (code === 0x5b /* [ */ || source.subarray(position, position + 2).toString() === '<<') {
      // A dictionary (marked content's properties) is kept as the flat list of its keys and values, like an array.
      const isDictionary = code !== 0x5b;
      stack.push([]);
      position += isDictionary ? 2 : 1;
    } else if (code === 0x5d /* ] */ || source.subarray(position, position + 2).toString() === '>>') {
      const isDictionary = code !== 0x5d;
      const items = stack.pop()!;
      push(items);
      position += isDictionary ? 2 : 1;
    } else if (code === 0x3c /* < */) {
      const end = source.indexOf(0x3e, position);
      const hex = source
        .subarray(position + 1, end)
        .toString('latin1')
        .replace(/\s+/g, '');
      push({ bytes: Buffer.from(hex.length % 2 === 0 ? hex : `${hex}0`, 'hex') });
      position = end + 1;
    } else if (code === 0x28 /* ( */) {
      // pdfkit writes every string in hex; a literal string means another writer, which this reader is not for.
      throw new Error(`A literal string at ${position}: only hex strings are read`);
    } else if (code === 0x2f /* / */) {
      let end = position + 1;
      while (isRegular(source[end])) end++;
      push({ name: source.subarray(position + 1, end).toString('latin1') });
      position = end;
    } else {
      let end = position;
      while (isRegular(source[end])) end++;
      if (end === position) throw new Error(`Unexpected byte ${code} at ${position} in a content stream`);
      const word = source.subarray(position, end).toString('latin1');
      position = end;
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) push(Number(word));
      else if (word === 'true' || word === 'false') push(word === 'true');
      else if (word === 'null') push(null);
      else if (word === 'BI') throw new Error('Inline images are not read');
      else {
        operations.push({ operator: word, operands: stack[0]! });
        stack.splice(0, stack.length, []);
      }
    }
  }
  return operations;
}

function decodedStream(object: PDFObject | undefined): Uint8Array {
  if (!(object instanceof PDFRawStream)) throw new Error('Not a stream the reader can decode');
  return decodePDFRawStream(object).decode();
}

/** Undoes PNG row filters (PDF 32000-1 §7.4.4.4, predictors 10–15): each row starts with its filter type. */
function unfilterPngRows(data: Uint8Array, rowLength: number, bytesPerPixel: number): Uint8Array {
  const rows = data.length / (rowLength + 1);
  const output = new Uint8Array(rows * rowLength);
  for (let row = 0; row < rows; row++) {
    const filter = data[row * (rowLength + 1)];
    for (let index = 0; index < rowLength; index++) {
      const raw = data[row * (rowLength + 1) + 1 + index]!;
      const left = index >= bytesPerPixel ? output[row * rowLength + index - bytesPerPixel]! : 0;
      const up = row > 0 ? output[(row - 1) * rowLength + index]! : 0;
      const upLeft =
        row > 0 && index >= bytesPerPixel ? output[(row - 1) * rowLength + index - bytesPerPixel]! : 0;
      const paeth = () => {
        const estimate = left + up - upLeft;
        const [toLeft, toUp, toUpLeft] = [left, up, upLeft].map((value) => Math.abs(estimate - value));
        return toLeft! <= toUp! && toLeft! <= toUpLeft! ? left : toUp! <= toUpLeft! ? up : upLeft;
      };
      const predicted = [0, left, up, Math.floor((left + up) / 2), 0][filter ?? 0] ?? 0;
      output[row * rowLength + index] = (raw + (filter === 4 ? paeth() : predicted)) & 0xff;
    }
  }
  return output;
}

function readImage(stream: PDFRawStream): Omit<DrawnImage, 'name' | 'drawnWidth' | 'drawnHeight'> {
  const { dict } = stream;
  const number = (key: string) => dict.lookup(PDFName.of(key), PDFNumber).asNumber();
  const width = number('Width');
  const height = number('Height');
  const colorSpace = dict.lookup(PDFName.of('ColorSpace'));
  const colorSpaceName = colorSpace instanceof PDFName ? colorSpace.decodeText() : String(colorSpace);
  const components = { DeviceRGB: 3, DeviceGray: 1, DeviceCMYK: 4 }[colorSpaceName] ?? 0;
  if (number('BitsPerComponent') !== 8 || components === 0)
    throw new Error(`An image of ${colorSpaceName} at ${number('BitsPerComponent')} bits is not read`);
  let pixels = decodedStream(stream);
  const parameters = dict.lookup(PDFName.of('DecodeParms'));
  const predictor =
    parameters instanceof PDFDict ? parameters.lookupMaybe(PDFName.of('Predictor'), PDFNumber) : undefined;
  if (predictor && predictor.asNumber() >= 10)
    pixels = unfilterPngRows(pixels, width * components, components);
  return { width, height, colorSpace: colorSpaceName, pixels, components };
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

interface GraphicsState {
  fill?: Rgb;
  stroke?: Rgb;
  matrix: Matrix;
}

/** The colour a colour operator sets, as RGB when its space is DeviceRGB, DeviceGray or DeviceCMYK. */
function colorOf(operands: Operand[], space: string | undefined): Rgb | undefined {
  const numbers = operands.filter((operand): operand is number => typeof operand === 'number');
  if (numbers.length !== operands.length) return undefined;
  if (numbers.length === 3 && (space === undefined || space === 'DeviceRGB'))
    return numbers as unknown as Rgb;
  if (numbers.length === 1) return [numbers[0]!, numbers[0]!, numbers[0]!];
  if (numbers.length === 4) {
    const [c, m, y, k] = numbers as [number, number, number, number];
    return [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)];
  }
  return undefined;
}

const PATH_SEGMENTS = new Set(['m', 'l', 'c', 'v', 'y', 're']);
const PAINTS: Record<string, { isFilled: boolean; isStroked: boolean }> = {
  f: { isFilled: true, isStroked: false },
  F: { isFilled: true, isStroked: false },
  'f*': { isFilled: true, isStroked: false },
  S: { isFilled: false, isStroked: true },
  s: { isFilled: false, isStroked: true },
  B: { isFilled: true, isStroked: true },
  'B*': { isFilled: true, isStroked: true },
  b: { isFilled: true, isStroked: true },
  'b*': { isFilled: true, isStroked: true },
};

function drawPage(operations: Operation[], images: Map<string, PDFRawStream>): DrawnPage {
  const paths: PaintedPath[] = [];
  const drawnImages: DrawnImage[] = [];
  const textBlocks: TextBlock[] = [];
  const saved: GraphicsState[] = [];
  let state: GraphicsState = { matrix: [1, 0, 0, 1, 0, 0] };
  let fillSpace: string | undefined;
  let strokeSpace: string | undefined;
  let segments = 0;
  let text: string[] | undefined;
  const stringsOf = (operands: Operand[]): string =>
    operands
      .flatMap((operand) => (Array.isArray(operand) ? operand : [operand]))
      .map((operand) =>
        typeof operand === 'object' && operand !== null && 'bytes' in operand
          ? operand.bytes.toString('latin1')
          : '',
      )
      .join('');
  for (const { operator, operands } of operations) {
    const nameOperand = operands[0] as { name?: string } | undefined;
    if (operator === 'q') saved.push({ ...state });
    else if (operator === 'Q') state = saved.pop() ?? state;
    else if (operator === 'cm') state.matrix = multiply(operands as Matrix, state.matrix);
    else if (operator === 'cs') fillSpace = nameOperand?.name;
    else if (operator === 'CS') strokeSpace = nameOperand?.name;
    else if (operator === 'sc' || operator === 'scn') state.fill = colorOf(operands, fillSpace);
    else if (operator === 'SC' || operator === 'SCN') state.stroke = colorOf(operands, strokeSpace);
    else if (operator === 'rg' || operator === 'g' || operator === 'k')
      state.fill = colorOf(operands, undefined);
    else if (operator === 'RG' || operator === 'G' || operator === 'K')
      state.stroke = colorOf(operands, undefined);
    else if (PATH_SEGMENTS.has(operator)) segments++;
    else if (operator === 'n') segments = 0;
    else if (PAINTS[operator]) {
      const { isFilled, isStroked } = PAINTS[operator];
      paths.push({
        ...(isFilled && state.fill ? { fill: state.fill } : {}),
        ...(isStroked && state.stroke ? { stroke: state.stroke } : {}),
        segments,
        textBlocksBefore: textBlocks.length,
      });
      segments = 0;
    } else if (operator === 'BT') text = [];
    else if (operator === 'ET') {
      textBlocks.push({ text: (text ?? []).join(''), ...(state.fill ? { fill: state.fill } : {}) });
      text = undefined;
    } else if (operator === 'Tj' || operator === 'TJ' || operator === "'" || operator === '"')
      text?.push(stringsOf(operator === '"' ? operands.slice(2) : operands));
    else if (operator === 'Do' && nameOperand?.name !== undefined) {
      const image = images.get(nameOperand.name);
      if (!image) continue;
      const [a, b, c, d] = state.matrix;
      drawnImages.push({
        name: nameOperand.name,
        ...readImage(image),
        drawnWidth: Math.hypot(a, b),
        drawnHeight: Math.hypot(c, d),
      });
    }
  }
  return {
    paths,
    images: drawnImages,
    textBlocks,
    text: textBlocks.map((block) => block.text).join('\n'),
  };
}

/**
 * A PDF read back page by page as a viewer draws it: the paths it paints with their colours, the images it
 * places with their size, and its text. pdf-lib finds the objects; the content streams' operators are read here
 * (pdf-lib writes them but does not read them). For pdfkit's output: standard fonts (one byte a character, read
 * as Latin-1), strings in hex, no inline images.
 */
export async function readPdfDrawing(pdf: Uint8Array): Promise<DrawnPage[]> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  return document.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    // A page's streams are one content stream cut in pieces (§7.8.2): joined with a space between them.
    const bytes = Buffer.concat(
      streams.flatMap((stream) => [
        Buffer.from(decodedStream(stream instanceof PDFRef ? document.context.lookup(stream) : stream)),
        Buffer.from(' '),
      ]),
    );
    const images = new Map<string, PDFRawStream>();
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [name, reference] of xObjects?.entries() ?? []) {
      const object = reference instanceof PDFRef ? document.context.lookup(reference) : reference;
      const isImage =
        object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image');
      if (isImage) images.set(name.decodeText(), object);
    }
    return drawPage(parseContent(bytes), images);
  });
}
