import { SPEND_COLUMNS } from '@ecc/contracts';
import { CsvImportDialog } from './csv-import-dialog.tsx';
import { importSpendLines } from './scope3-api.ts';

export interface SpendImportDialogProps {
  onImported: (result: { lineCount: number }) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Imports spend rows from a CSV or XLSX file (its first sheet) as spend lines: every row, or none with the
 * problems by row and column.
 */
export function SpendImportDialog({ onImported, onClose }: SpendImportDialogProps) {
  return (
    <CsvImportDialog
      title="Import spend"
      description={`A CSV or XLSX file with the columns ${SPEND_COLUMNS.join(', ')}; each row becomes a spend-based line.`}
      fileLabel="Spend file (CSV or XLSX)"
      submitLabel="Import spend"
      importFile={importSpendLines}
      importWorkbook={importSpendLines}
      onImported={onImported}
      onClose={onClose}
    />
  );
}
