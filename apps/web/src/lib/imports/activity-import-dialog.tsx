import {
  ACTIVITY_IMPORT_COLUMNS,
  ACTIVITY_IMPORT_FIELD_LABELS,
  type ActivityImportResult,
} from '@ecc/contracts';
import { UploadIcon } from 'lucide-react';
import { commitActivityImport, previewActivityImport } from './import-api.ts';
import { ImportDialogButton } from './import-dialog-button.tsx';
import { TableImportSteps } from './table-import-steps.tsx';

const FACILITY_PAGE_COLUMNS = ACTIVITY_IMPORT_COLUMNS.filter((column) => column.field !== 'facility');

/** The facility a facility page's import writes every row into. */
export interface ImportFacility {
  slug: string;
  name: string;
}

function successTitle(result: ActivityImportResult): string {
  if (!result.isNew) return 'Nothing imported: this file was imported before';
  const count = result.recordCount;
  return `Imported ${count.toLocaleString()} activity ${count === 1 ? 'record' : 'records'}`;
}

/**
 * A button that opens the "Import activity data" dialog; the dialog starts afresh each time it opens. With a
 * facility (its page), every row is that facility's and the file needs no facility column.
 */
export function ActivityImportButton({
  size = 'sm',
  facility,
}: {
  size?: 'sm' | 'default';
  facility?: ImportFacility;
}) {
  const target = facility ? { facilitySlug: facility.slug } : {};
  return (
    <ImportDialogButton
      label="Import activity data"
      icon={<UploadIcon aria-hidden="true" />}
      description={
        facility
          ? `Every row becomes an activity record of ${facility.name}. Rows are checked before anything is written: either every row is imported or none is.`
          : 'Rows are checked before anything is written: either every row is imported or none is.'
      }
      size={size}
      className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
    >
      {(close) => (
        <TableImportSteps
          columns={facility ? FACILITY_PAGE_COLUMNS : ACTIVITY_IMPORT_COLUMNS}
          labels={ACTIVITY_IMPORT_FIELD_LABELS}
          templateKind={facility ? 'facility-activities' : 'activities'}
          fileDescription="One activity record a row, with a header row. The first sheet of a workbook is read."
          previewKey={['activities', facility?.slug ?? '']}
          preview={(file, mapping, signal) => previewActivityImport(file, mapping, target, signal)}
          commit={(file, mapping, onProgress) => commitActivityImport(file, mapping, target, onProgress)}
          successTitle={successTitle}
          successDescription={(result) => `From ${result.batch.fileName}, batch ${result.batch.id}.`}
          onDone={close}
        />
      )}
    </ImportDialogButton>
  );
}
