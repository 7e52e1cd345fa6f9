import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** The end record is 22 bytes plus a comment of up to 65,535. */
const END_RECORD_SEARCH_BYTES = 22 + 0xffff;

export class ZipLimitError extends Error {}

interface ZipEntry {
  method: number;
  compressedSize: number;
  dataStart: number;
}

function findEndRecord(content: Buffer): number {
  const lowest = Math.max(0, content.length - END_RECORD_SEARCH_BYTES);
  for (let offset = content.length - 22; offset >= lowest; offset -= 1) {
    if (content.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  throw new ZipLimitError('The file is not a readable XLSX workbook: no ZIP directory');
}

/** Every entry the ZIP central directory lists, with where its data starts (after its local header). */
function entriesOf(content: Buffer): ZipEntry[] {
  const end = findEndRecord(content);
  const count = content.readUInt16LE(end + 10);
  let offset = content.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > content.length || content.readUInt32LE(offset) !== CENTRAL_DIRECTORY_ENTRY) {
      throw new ZipLimitError('The file is not a readable XLSX workbook: a damaged ZIP directory');
    }
    const method = content.readUInt16LE(offset + 10);
    const compressedSize = content.readUInt32LE(offset + 20);
    const localHeader = content.readUInt32LE(offset + 42);
    const nameLength = content.readUInt16LE(offset + 28);
    const extraLength = content.readUInt16LE(offset + 30);
    const commentLength = content.readUInt16LE(offset + 32);
    if (localHeader + 30 > content.length || content.readUInt32LE(localHeader) !== LOCAL_FILE_HEADER) {
      throw new ZipLimitError('The file is not a readable XLSX workbook: a damaged ZIP entry');
    }
    const dataStart =
      localHeader + 30 + content.readUInt16LE(localHeader + 26) + content.readUInt16LE(localHeader + 28);
    entries.push({ method, compressedSize, dataStart });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Inflates one entry as a stream, counting its bytes and giving up as soon as the budget is spent. */
async function inflatedSize(data: Buffer, budget: number): Promise<number> {
  let size = 0;
  const inflate = createInflateRaw();
  Readable.from([data]).pipe(inflate);
  try {
    for await (const chunk of inflate) {
      size += (chunk as Buffer).length;
      if (size > budget) break;
    }
  } catch (error) {
    throw new ZipLimitError(`The file is not a readable XLSX workbook: ${(error as Error).message}`);
  } finally {
    inflate.destroy();
  }
  return size;
}

/**
 * The bytes the workbook's entries decompress to, measured by decompressing them (a ZIP's own size fields can
 * lie), stopping as soon as `limit` is passed: a ZIP bomb costs at most `limit` bytes of work and no memory to
 * speak of. Answers a ZipLimitError when the limit is passed.
 */
export async function assertInflatedSizeWithin(
  content: Buffer,
  limit: number,
  message: string,
): Promise<void> {
  let total = 0;
  for (const entry of entriesOf(content)) {
    const data = content.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    if (entry.method === STORED) total += data.length;
    else if (entry.method === DEFLATED) total += await inflatedSize(data, limit - total);
    else throw new ZipLimitError('The file is not a readable XLSX workbook: an unknown compression method');
    if (total > limit) throw new ZipLimitError(message);
  }
}
