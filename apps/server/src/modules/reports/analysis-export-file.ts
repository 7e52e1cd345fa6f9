import { analysisQuerySchema, REPORT_EXPORT_CONTENT_TYPES } from '@ecc/contracts';
import { analysisReportTable, createAnalysisViewRepository, runRealmAnalysis, type Database } from '@ecc/db';
import { fileNameOf, type ReportFile } from './report-export.ts';
import { reportWorkbookStream, tableCsv } from './report-tables.ts';

/** A saved analysis as a scheduled mail attaches it: its table computed now, as a workbook or a CSV file. */
export async function renderAnalysisFile(
  db: Database,
  realmId: string,
  viewId: string,
  format: 'xlsx' | 'csv',
  now: Date,
  onStreamFailure: (error: Error) => void,
): Promise<{ name: string; file: ReportFile }> {
  const view = await createAnalysisViewRepository(db).find(realmId, viewId);
  if (!view) throw new Error('The saved analysis was deleted');
  const query = analysisQuerySchema.parse(view.definition);
  const outcome = await runRealmAnalysis(db, realmId, query);
  if (!outcome.isAnswered) {
    throw new Error(
      `The saved analysis cannot be computed: ${Object.values(outcome.fieldErrors).join('; ')}`,
    );
  }
  const table = analysisReportTable(view.name, query, outcome.answer);
  const body =
    format === 'xlsx' ? reportWorkbookStream([table], onStreamFailure) : Buffer.from(tableCsv(table));
  return {
    name: view.name,
    file: {
      fileName: fileNameOf(view.name, format, now),
      contentType: REPORT_EXPORT_CONTENT_TYPES[format],
      body,
    },
  };
}
