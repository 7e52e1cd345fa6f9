import ExcelJS from 'exceljs';
import Papa from 'papaparse';

/** An exported CSV's rows as cells, its byte-order mark dropped. */
export function csvRows(body: string): string[][] {
  return Papa.parse<string[]>(body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
}

/** An exported workbook's first sheet as rows of cell values (numbers stay numbers). */
export async function xlsxRows(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
