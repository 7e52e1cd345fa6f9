import { Readable } from 'node:stream';
import { createDeflateRaw } from 'node:zlib';

/** Zeros deflated as a stream: `megabytes` of them pack into about a thousandth of that. */
async function deflatedZeros(megabytes: number): Promise<Buffer> {
  const zeros = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  Readable.from(
    (function* () {
      for (let index = 0; index < megabytes; index += 1) yield zeros;
    })(),
  ).pipe(deflate);
  const chunks: Buffer[] = [];
  for await (const chunk of deflate) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A one-entry ZIP of `megabytes` of zeros, deflated; its size fields claim 1 KB, as a ZIP bomb's may. */
export async function zipBomb(megabytes: number): Promise<Buffer> {
  const data = await deflatedZeros(megabytes);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(1024, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(1024, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const directoryOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
