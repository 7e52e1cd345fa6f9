import {
  ACTIVITY_IMPORT_FIELD_LABELS,
  ACTIVITY_IMPORT_FIELDS,
  REQUIRED_ACTIVITY_IMPORT_FIELDS,
  type ActivityImportField,
  type ActivityImportMapping,
} from '@ecc/contracts';
import { Alert, AlertDescription, AlertTitle, controlClasses, FormField, Input, Spinner } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { UploadIcon } from 'lucide-react';
import { useState } from 'react';
import { commitActivityImport, previewActivityImport } from './import-api.ts';
import { ImportDialogButton } from './import-dialog-button.tsx';
import { ImportOutcome } from './import-outcome.tsx';
import { ImportRowErrors } from './import-row-errors.tsx';
import { useImportUpload } from './use-import-upload.ts';

const REQUIRED_FIELDS: ReadonlySet<ActivityImportField> = new Set(REQUIRED_ACTIVITY_IMPORT_FIELDS);
const NOT_MAPPED = '';

function fileKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

function rowCountText(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'row' : 'rows'}`;
}

/** Choose a file, check the mapping and preview, then commit all rows or none, with progress. */
function ActivityImportSteps({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ActivityImportMapping | undefined>(undefined);

  const preview = useQuery({
    queryKey: ['imports', 'activities', 'preview', file ? fileKey(file) : '', mapping ?? null],
    queryFn: ({ signal }) => previewActivityImport(file as File, mapping, signal),
    enabled: file !== null,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const effectiveMapping = mapping ?? preview.data?.mapping ?? {};

  const commit = useImportUpload((onProgress) =>
    commitActivityImport(file as File, effectiveMapping, onProgress),
  );

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setMapping(undefined);
    commit.mutation.reset();
  };

  const changeMapping = (field: ActivityImportField, column: string) => {
    const next: ActivityImportMapping = { ...effectiveMapping };
    if (column === NOT_MAPPED) delete next[field];
    else next[field] = column;
    setMapping(next);
    commit.mutation.reset();
  };

  const data = preview.data;
  const canCommit =
    data !== undefined &&
    !preview.isFetching &&
    data.missingFields.length === 0 &&
    data.errors.length === 0 &&
    data.rowCount > 0;

  return (
    <div className="grid gap-4">
      <FormField
        label="File (CSV or XLSX)"
        description="One activity record a row, with a header row. The first sheet of a workbook is read."
      >
        <Input
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
        />
      </FormField>

      <div aria-live="polite" className="grid gap-4">
        {preview.isFetching ? <Spinner label="Reading the file" /> : null}
        {preview.isError ? (
          <Alert kind="error">
            <AlertTitle>The file could not be read</AlertTitle>
            <AlertDescription>{preview.error.message}</AlertDescription>
          </Alert>
        ) : null}
        {data?.existingBatch ? (
          <Alert kind="warning">
            <AlertTitle>This file was imported before</AlertTitle>
            <AlertDescription>
              Imported on {new Date(data.existingBatch.createdOn).toLocaleString()}; importing it again
              changes nothing.
            </AlertDescription>
          </Alert>
        ) : null}
      </div>

      {data ? (
        <>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium">Column for each field</legend>
            {ACTIVITY_IMPORT_FIELDS.map((field) => (
              <FormField
                key={field}
                label={`${ACTIVITY_IMPORT_FIELD_LABELS[field]}${REQUIRED_FIELDS.has(field) ? ' (required)' : ''}`}
                error={data.missingFields.includes(field) ? 'Choose a column' : undefined}
              >
                <select
                  className={controlClasses}
                  value={effectiveMapping[field] ?? NOT_MAPPED}
                  onChange={(event) => changeMapping(field, event.target.value)}
                >
                  <option value={NOT_MAPPED}>(not mapped)</option>
                  {data.columns.map((column) => (
                    <option key={column} value={column}>
                      {column}
                    </option>
                  ))}
                </select>
              </FormField>
            ))}
          </fieldset>

          <div className="max-h-56 overflow-auto rounded border">
            <table className="w-full text-left text-xs">
              <caption className="text-muted-foreground p-2 text-left">
                {rowCountText(data.rowCount)} in {data.fileName}
                {data.rows.length < data.rowCount ? `; the first ${data.rows.length} shown` : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="p-1">
                    Row
                  </th>
                  {data.columns.map((column) => (
                    <th key={column} scope="col" className="p-1">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.row} className="border-t">
                    <td className="p-1">{row.row}</td>
                    {row.cells.map((cell, index) => (
                      <td key={index} className="p-1">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <ImportRowErrors
            title={`${data.errors.length === 1 ? '1 error' : `${data.errors.length} errors`}: nothing will be imported until the file is fixed`}
            errors={data.errors}
          />
        </>
      ) : null}

      <ImportOutcome
        upload={commit}
        successTitle={(result) =>
          result.isNew
            ? `Imported ${result.recordCount.toLocaleString()} activity ${result.recordCount === 1 ? 'record' : 'records'}`
            : 'Nothing imported: this file was imported before'
        }
        successDescription={(result) => `From ${result.batch.fileName}, batch ${result.batch.id}.`}
        importLabel={data ? `Import ${rowCountText(data.rowCount)}` : 'Import'}
        canImport={canCommit}
        onClose={onDone}
      />
    </div>
  );
}

/** A button that opens the "Import activity data" dialog; the dialog starts afresh each time it opens. */
export function ActivityImportButton({ size = 'sm' }: { size?: 'sm' | 'default' }) {
  return (
    <ImportDialogButton
      label="Import activity data"
      icon={<UploadIcon aria-hidden="true" />}
      description="Rows are checked before anything is written: either every row is imported or none is."
      size={size}
      className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
    >
      {(close) => <ActivityImportSteps onDone={close} />}
    </ImportDialogButton>
  );
}
