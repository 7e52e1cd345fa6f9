/** What a file holds by its content: the two formats imports read. */
export type ImportFormat = 'csv' | 'xlsx';

/** A ZIP archive's local file header, which every XLSX workbook starts with. */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04] as const;
/** Extensions that say a file is something else, whatever its bytes look like. */
const TEXT_EXTENSIONS = new Set(['csv', 'txt', 'tsv', '']);

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function startsWithZipSignature(content: Uint8Array): boolean {
  return ZIP_SIGNATURE.every((byte, index) => content[index] === byte);
}

/** UTF-8 text (a byte-order mark allowed) without NUL bytes, which no CSV holds but binary files do. */
function isUtf8Text(content: Uint8Array): boolean {
  if (content.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether an uploaded file is a workbook (a ZIP archive named .xlsx, or unnamed) or CSV text, judged by its
 * bytes and its name together: a PDF, an image, an old binary .xls or a text file named .json is neither.
 * The workbook reader still refuses a ZIP archive that holds no workbook.
 */
export function detectImportFormat(fileName: string, content: Uint8Array): ImportFormat | undefined {
  const extension = extensionOf(fileName);
  if (startsWithZipSignature(content)) return extension === 'xlsx' || extension === '' ? 'xlsx' : undefined;
  if (!TEXT_EXTENSIONS.has(extension)) return undefined;
  return isUtf8Text(content) ? 'csv' : undefined;
}
