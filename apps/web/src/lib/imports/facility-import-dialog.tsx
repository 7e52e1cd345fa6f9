import { FACILITY_IMPORT_COLUMNS, FACILITY_FIELD_LABELS, type FacilityImportResult } from '@ecc/contracts';
import { Building2Icon } from 'lucide-react';
import { commitFacilityImport, previewFacilityImport } from './import-api.ts';
import { ImportDialogButton } from './import-dialog-button.tsx';
import { TableImportSteps } from './table-import-steps.tsx';

function successTitle(result: FacilityImportResult): string {
  if (!result.isNew) return 'Nothing imported: this file was imported before';
  const count = result.facilityCount;
  return `Imported ${count.toLocaleString()} ${count === 1 ? 'facility' : 'facilities'}`;
}

function successDescription(result: FacilityImportResult): string {
  const from = `From ${result.batch.fileName}, batch ${result.batch.id}.`;
  if (!result.isNew) return from;
  return `${result.createdCount.toLocaleString()} created, ${result.updatedCount.toLocaleString()} updated. ${from}`;
}

/** A button that opens the "Import facilities" dialog (CSV or XLSX, one facility a row). */
export function FacilityImportButton({ size = 'sm' }: { size?: 'sm' | 'default' }) {
  return (
    <ImportDialogButton
      label="Import facilities"
      icon={<Building2Icon aria-hidden="true" />}
      description="A row whose slug is one of your facilities updates it; any other row creates a facility. Rows are checked before anything is written: either every row is imported or none is."
      size={size}
      className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
    >
      {(close) => (
        <TableImportSteps
          columns={FACILITY_IMPORT_COLUMNS}
          labels={FACILITY_FIELD_LABELS}
          templateKind="facilities"
          fileDescription="One facility a row, with a header row. The first sheet of a workbook is read."
          previewKey={['facilities']}
          preview={previewFacilityImport}
          commit={commitFacilityImport}
          successTitle={successTitle}
          successDescription={successDescription}
          onDone={close}
        />
      )}
    </ImportDialogButton>
  );
}
