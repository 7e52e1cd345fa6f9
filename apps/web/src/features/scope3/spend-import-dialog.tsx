import { SPEND_COLUMNS } from '@ecc/contracts';
import { CsvImportDialog } from './csv-import-dialog.tsx';
import { importSpendLines } from './scope3-api.ts';

export interface SpendImportDialogProps {
  onImported: (result: { lineCount: number }) => Promise<unknown>;
  onClose: () => void;
}

/** Imports spend rows from a CSV file as spend lines: every row, or none with the problems by row and column. */
export function SpendImportDialog({ onImported, onClose }: SpendImportDialogProps) {
  return (
    <CsvImportDialog
      title="Import spend"
      description={`A CSV file with the columns ${SPEND_COLUMNS.join(', ')}; each row becomes a spend-based line.`}
      fileLabel="Spend file (CSV)"
      submitLabel="Import spend"
      importFile={importSpendLines}
      onImported={onImported}
      onClose={onClose}
    />
  );
}
