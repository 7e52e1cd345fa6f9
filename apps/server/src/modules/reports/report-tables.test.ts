import type { ReportTable } from '@ecc/contracts';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { reportWorkbookStream } from './report-tables.ts';

const ROWS = 2500;

function table(rows: ReportTable['rows']): ReportTable {
  return {
    title: 'Emissions by facility',
    columns: [
      { key: 'name', header: 'Facility', isNumber: false },
      { key: 'co2e', header: 'CO2e (kg)', isNumber: true },
    ],
    rows,
  };
}

const goodRows = Array.from({ length: ROWS }, (_, index) => ({ name: `Plant ${index}`, co2e: index * 1.5 }));

/** Rows whose 1,500th fails when read, as a row computed from a broken source would. */
function failingRows(): ReportTable['rows'] {
  return goodRows.map((row, index) =>
    index === 1500
      ? Object.defineProperty({ name: row.name }, 'co2e', {
          enumerable: true,
          get() {
            throw new Error('The source of row 1500 went away');
          },
        })
      : row,
  );
}

describe('reportWorkbookStream', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('streams a workbook whose sheet has every row, numbers as numbers', async () => {
    const failures: Error[] = [];
    const chunks: Buffer[] = [];
    for await (const chunk of reportWorkbookStream([table(goodRows)], (error) => failures.push(error))) {
      chunks.push(chunk as Buffer);
    }
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(ROWS + 1);
    expect(sheet.getRow(ROWS + 1).getCell(2).value).toBe((ROWS - 1) * 1.5);
    expect(failures).toEqual([]);
  });

  it('cuts the download short on a failure mid-stream and the server keeps answering', async () => {
    const failures: Error[] = [];
    const server = Fastify();
    app = server;
    server.get('/broken', (_request, reply) =>
      reply
        .type('application/octet-stream')
        .send(reportWorkbookStream([table(failingRows())], (error) => failures.push(error))),
    );
    server.get('/health', () => ({ ok: true }));
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    // The status was sent before the failure; the body then ends with an error instead of hanging.
    const broken = await fetch(`${address}/broken`);
    expect(broken.status).toBe(200);
    await expect(broken.arrayBuffer()).rejects.toThrow();
    expect(failures.map((error) => error.message)).toEqual(['The source of row 1500 went away']);
    expect(await (await fetch(`${address}/health`)).json()).toEqual({ ok: true });
  });
});
