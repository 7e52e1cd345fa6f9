/*
 * A formula held in the page's URL (`?formula=`), so a link opens it: as it is while short, else deflated and
 * written in base64url after a `deflate:` mark (no formula starts so, a name is never followed by a colon).
 * The browser's CompressionStream does the work, so no library is loaded for it.
 */

const DEFLATED_MARK = 'deflate:';
/** Above this many characters in the URL a formula is deflated: links stay well under browsers' limits. */
export const PLAIN_FORMULA_URL_LENGTH = 1500;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

async function transformed(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const output = input.pipeThrough(stream as ReadableWritablePair<Uint8Array, Uint8Array>);
  return new Uint8Array(await new Response(output).arrayBuffer());
}

/** The `formula` search value for a formula. */
export async function encodeFormulaForUrl(formula: string): Promise<string> {
  if (encodeURIComponent(formula).length <= PLAIN_FORMULA_URL_LENGTH) return formula;
  const deflated = await transformed(new TextEncoder().encode(formula), new CompressionStream('deflate-raw'));
  return `${DEFLATED_MARK}${toBase64Url(deflated)}`;
}

/** The formula a `formula` search value holds; undefined when a deflated value is damaged. */
export async function decodeFormulaFromUrl(value: string): Promise<string | undefined> {
  if (!value.startsWith(DEFLATED_MARK)) return value;
  try {
    const inflated = await transformed(
      fromBase64Url(value.slice(DEFLATED_MARK.length)),
      new DecompressionStream('deflate-raw'),
    );
    return new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    return undefined;
  }
}

const DRAFT_KEY = 'ecc.calculations.drakon-draft';

/** The formula last edited in this browser, kept when the page closes. */
export function readFormulaDraft(): string | undefined {
  try {
    return window.localStorage.getItem(DRAFT_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeFormulaDraft(formula: string): void {
  try {
    window.localStorage.setItem(DRAFT_KEY, formula);
  } catch {
    // Storage full or refused (private mode): the URL still holds the formula.
  }
}
