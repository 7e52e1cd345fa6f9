/** What a file holds by its content: the two formats imports read. */
export type ImportFormat = 'csv' | 'xlsx';

/** A ZIP archive's local file header, which every XLSX workbook starts with. */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04] as const;
/**
 * The first bytes of the binary files most often chosen by mistake: PDF, PNG, JPEG, GIF, an old binary Office file
 * (.xls, .doc) and gzip. Other bytes are left to the CSV reader, which names a line with a NUL character or a byte
 * that is not UTF-8.
 */
const BINARY_SIGNATURES: readonly (readonly number[])[] = [
  [0x25, 0x50, 0x44, 0x46, 0x2d],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x1f, 0x8b],
];

/** Extensions that say a file is something else, whatever its bytes look like. */
const TEXT_EXTENSIONS = new Set(['csv', 'txt', 'tsv', '']);

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function startsWith(content: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => content[index] === byte);
}

/**
 * Whether an uploaded file is a workbook (a ZIP archive named .xlsx, or unnamed) or CSV text, judged by its
 * bytes and its name together: a PDF, an image, an old binary .xls or a text file named .json is neither, whatever
 * it is called. Text with a NUL character or in another encoding than UTF-8 is taken as CSV here, so that its
 * reader can say which line is wrong; the workbook reader still refuses a ZIP archive that holds no workbook.
 */
export function detectImportFormat(fileName: string, content: Uint8Array): ImportFormat | undefined {
  const extension = extensionOf(fileName);
  if (startsWith(content, ZIP_SIGNATURE))
    return extension === 'xlsx' || extension === '' ? 'xlsx' : undefined;
  if (!TEXT_EXTENSIONS.has(extension)) return undefined;
  return BINARY_SIGNATURES.some((signature) => startsWith(content, signature)) ? undefined : 'csv';
}
