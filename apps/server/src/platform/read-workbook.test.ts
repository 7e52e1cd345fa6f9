import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipBomb } from '#test-support/zip-bomb.ts';
import { readWorksheetRows, WORKBOOK_LIMITS, WorkbookError } from './read-workbook.ts';

async function workbookOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readAll(content: Buffer, limits = WORKBOOK_LIMITS): Promise<number> {
  let count = 0;
  for await (const _row of readWorksheetRows(content, { limits })) count += 1;
  return count;
}

describe('readWorksheetRows limits', () => {
  const small = { inflatedBytes: 10 * 1024 * 1024, rows: 3, columns: 4 };

  it('reads a workbook within the limits', async () => {
    expect(
      await readAll(
        await workbookOf([
          ['a', 'b'],
          [1, 2],
          [3, 4],
        ]),
        small,
      ),
    ).toBe(3);
  });

  it('stops at the row limit with a clear message', async () => {
    const content = await workbookOf([['a'], [1], [2], [3], [4]]);
    await expect(readAll(content, small)).rejects.toThrow(
      new WorkbookError('The sheet has more than 3 rows; split it into smaller files'),
    );
  });

  it('stops at the column limit with a clear message', async () => {
    const content = await workbookOf([['a', 'b', 'c', 'd', 'e']]);
    await expect(readAll(content, small)).rejects.toThrow(
      new WorkbookError('Row 1 has more than 4 columns; a sheet may have at most 4'),
    );
  });

  it('refuses a ZIP bomb by what it unpacks to, whatever its size fields say, before reading a row', async () => {
    const bomb = await zipBomb(20);
    expect(bomb.length).toBeLessThan(100 * 1024);
    await expect(readAll(bomb, small)).rejects.toThrow(
      new WorkbookError('The workbook unpacks to more than 10 MB; split it into smaller files'),
    );
  });

  it('answers a damaged ZIP as an unreadable workbook', async () => {
    const content = await workbookOf([['a']]);
    await expect(readAll(content.subarray(0, content.length - 30), small)).rejects.toThrow(
      /^The file is not a readable XLSX workbook/,
    );
  });
});
