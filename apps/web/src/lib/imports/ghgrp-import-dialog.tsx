import { convert } from '@ecc/domain';
import { FormField, Input } from '@ecc/ui';
import { FileSpreadsheetIcon } from 'lucide-react';
import { useState } from 'react';
import { formatMass } from '#lib/format/format-mass.ts';
import { serverFieldErrors } from '#lib/forms/field-errors.ts';
import { importGhgrpWorkbook, ImportRowsRejectedError } from './import-api.ts';
import { ImportDialogButton } from './import-dialog-button.tsx';
import { ImportOutcome } from './import-outcome.tsx';
import { useImportUpload } from './use-import-upload.ts';

function tons(value: number): string {
  return formatMass(convert(value, 't', 'kg'));
}

function GhgrpImportSteps({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [year, setYear] = useState('');
  const upload = useImportUpload((onProgress) => importGhgrpWorkbook(file as File, year, onProgress));
  const error = upload.mutation.error;
  // A 400 names the form's field (`body/file`, `body/year`): shown there; the rest in the outcome.
  const placed =
    error && !(error instanceof ImportRowsRejectedError)
      ? serverFieldErrors(error, (path) => (path[0] === 'file' || path[0] === 'year' ? path[0] : undefined))
      : { fields: {} as Partial<Record<'file' | 'year', string>>, form: undefined };

  return (
    <div className="grid gap-4">
      <FormField
        label="GHGRP data summary workbook (XLSX)"
        description='As EPA publishes it (e.g. ghgp_data_2020.xlsx); its "Direct Emitters" sheet is read.'
        error={placed.fields.file}
      >
        <Input
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            upload.mutation.reset();
          }}
        />
      </FormField>
      <FormField
        label="Reporting year"
        description="Leave empty to take it from the file name."
        error={placed.fields.year}
      >
        <Input
          inputMode="numeric"
          className="w-32"
          value={year}
          onChange={(event) => {
            setYear(event.target.value);
            upload.mutation.reset();
          }}
        />
      </FormField>

      <ImportOutcome
        upload={upload}
        waitingText="Reading the workbook…"
        successTitle={(result) =>
          result.isNew
            ? `Imported ${result.facilityCount.toLocaleString()} facilities of ${result.reportingYear}`
            : 'Nothing imported: this workbook was imported before'
        }
        successDescription={(result) =>
          result.isNew
            ? `${result.createdCount.toLocaleString()} created, ${result.updatedCount.toLocaleString()} updated. ` +
              `Reported ${tons(result.reportedTotalCo2eT)} (AR4, as published); ` +
              `${tons(result.rebasedTotalCo2eT)} on ${result.gwpSetId}.`
            : `Batch ${result.batch.id}.`
        }
        importLabel="Import workbook"
        failureText={() => placed.form}
        canImport={file !== null}
        onClose={onDone}
      />
    </div>
  );
}

/** A button that opens the "Import EPA GHGRP workbook" dialog. */
export function GhgrpImportButton({ size = 'sm' }: { size?: 'sm' | 'default' }) {
  return (
    <ImportDialogButton
      label="Import EPA GHGRP workbook"
      icon={<FileSpreadsheetIcon aria-hidden="true" />}
      description="Creates or updates a facility for each direct emitter, with its location, NAICS, sector and reported emissions by gas, re-based to the realm's GWP set."
      size={size}
      className="sm:max-w-xl"
    >
      {(close) => <GhgrpImportSteps onDone={close} />}
    </ImportDialogButton>
  );
}
