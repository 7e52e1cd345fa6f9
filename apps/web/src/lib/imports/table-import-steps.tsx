import type {
  ImportBatch,
  ImportColumnDescription,
  ImportRowErrorBody,
  ImportTemplateKind,
} from '@ecc/contracts';
import { Alert, AlertDescription, AlertTitle, FormField, Input, selectClasses, Spinner } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { serverFieldErrors } from '#lib/forms/field-errors.ts';
import { ImportRowsRejectedError, type ImportProgressHandler } from './import-api.ts';
import { ImportColumns } from './import-columns.tsx';
import { ImportOutcome } from './import-outcome.tsx';
import { ImportRowErrors, rowErrorCount } from './import-row-errors.tsx';
import { useImportUpload } from './use-import-upload.ts';

/** A mapping field → the file's column. */
export type ImportMapping<Field extends string> = Partial<Record<Field, string>>;

/** What the server answers about a file before it is imported (the preview endpoints of contracts). */
export interface TableImportPreview<Field extends string> {
  fileName: string;
  columns: string[];
  mapping: ImportMapping<Field>;
  missingFields: Field[];
  rows: { row: number; cells: string[] }[];
  rowCount: number;
  errors: ImportRowErrorBody[];
  existingBatch: ImportBatch | null;
}

export interface TableImportStepsProps<Field extends string, Result> {
  /** The columns the file may hold: listed first, and each a mapping select once a file is read. */
  columns: readonly ImportColumnDescription<Field>[];
  labels: Readonly<Record<Field, string>>;
  templateKind: ImportTemplateKind;
  /** Told under the file field: what one row is. */
  fileDescription: string;
  /** Distinguishes this dialog's previews in the query cache (e.g. the facility it imports into). */
  previewKey: readonly unknown[];
  preview: (
    file: File,
    mapping: ImportMapping<Field> | undefined,
    signal: AbortSignal,
  ) => Promise<TableImportPreview<Field>>;
  commit: (file: File, mapping: ImportMapping<Field>, onProgress: ImportProgressHandler) => Promise<Result>;
  successTitle: (result: Result) => string;
  successDescription: (result: Result) => string;
  onDone: () => void;
}

const NOT_MAPPED = '';

/** The form field a refusal's path names: `file`, or `mapping.quantity`; anything else is the form's. */
function fieldOfPath(path: readonly string[]): string | undefined {
  if (path[0] === 'file' && path.length === 1) return 'file';
  if (path[0] === 'mapping' && path.length === 2) return `mapping.${path[1]}`;
  return undefined;
}

function fileKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

function rowCountText(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'row' : 'rows'}`;
}

/** What the file's check says before the upload: one message. */
function PreviewStatus<Field extends string>({
  preview,
  labels,
  formError,
}: {
  preview: TableImportPreview<Field> | undefined;
  labels: Readonly<Record<Field, string>>;
  formError: string | undefined;
}): ReactNode {
  if (formError !== undefined) {
    return (
      <Alert kind="error">
        <AlertTitle>The file could not be read</AlertTitle>
        <AlertDescription>{formError}</AlertDescription>
      </Alert>
    );
  }
  if (!preview) return null;
  if (preview.missingFields.length > 0) {
    return (
      <Alert kind="warning">
        <AlertTitle>Choose a column for each required field</AlertTitle>
        <AlertDescription>
          Not yet mapped: {preview.missingFields.map((field) => labels[field]).join(', ')}.
        </AlertDescription>
      </Alert>
    );
  }
  if (preview.errors.length > 0) {
    return (
      <ImportRowErrors
        title={`${rowErrorCount(preview.errors)}: nothing will be imported until the file is fixed`}
        errors={preview.errors}
      />
    );
  }
  if (preview.existingBatch) {
    return (
      <Alert kind="warning">
        <AlertTitle>This file was imported before</AlertTitle>
        <AlertDescription>
          Imported on {new Date(preview.existingBatch.createdOn).toLocaleString()}; importing it again would
          change nothing.
        </AlertDescription>
      </Alert>
    );
  }
  if (preview.rowCount === 0) {
    return (
      <Alert kind="warning">
        <AlertTitle>The file has no data rows</AlertTitle>
        <AlertDescription>Add a row under the header row.</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert kind="success">
      <AlertTitle>{rowCountText(preview.rowCount)} ready to import</AlertTitle>
      <AlertDescription>Every row was checked; nothing is written until you import.</AlertDescription>
    </Alert>
  );
}

/**
 * Choose a file (the columns it may hold listed first, with templates), check the mapping and preview with every
 * row's errors, then commit all rows or none, with progress. The server's refusals land on the field they name.
 */
export function TableImportSteps<Field extends string, Result>({
  columns,
  labels,
  templateKind,
  fileDescription,
  previewKey,
  preview: previewFile,
  commit: commitFile,
  successTitle,
  successDescription,
  onDone,
}: TableImportStepsProps<Field, Result>) {
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ImportMapping<Field> | undefined>(undefined);
  const fileId = file ? fileKey(file) : '';
  const preview = useQuery({
    queryKey: ['imports', ...previewKey, 'preview', fileId, mapping ?? null],
    queryFn: ({ signal }) => previewFile(file as File, mapping, signal),
    enabled: file !== null,
    retry: false,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    // While a changed mapping is checked, the selects and rows of the same file stay in place.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey.includes(fileId) ? previous : undefined,
  });
  const effectiveMapping: ImportMapping<Field> = mapping ?? preview.data?.mapping ?? {};
  const upload = useImportUpload((onProgress) => commitFile(file as File, effectiveMapping, onProgress));

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setMapping(undefined);
    upload.mutation.reset();
  };
  const changeMapping = (field: Field, column: string) => {
    const next: ImportMapping<Field> = { ...effectiveMapping };
    if (column === NOT_MAPPED) delete next[field];
    else next[field] = column;
    setMapping(next);
    upload.mutation.reset();
  };

  const commitError = upload.mutation.error instanceof ImportRowsRejectedError ? null : upload.mutation.error;
  const refusal = preview.error ?? commitError;
  const placed = refusal ? serverFieldErrors<string>(refusal, fieldOfPath) : { fields: {}, form: undefined };
  const fieldErrors: Partial<Record<string, string>> = placed.fields;
  const data = preview.data;
  const canCommit =
    data !== undefined &&
    !preview.isFetching &&
    data.missingFields.length === 0 &&
    data.errors.length === 0 &&
    data.existingBatch === null &&
    data.rowCount > 0;

  return (
    <div className="grid gap-4">
      <ImportColumns columns={columns} templateKind={templateKind} />
      <FormField label="File (CSV or XLSX)" description={fileDescription} error={fieldErrors.file}>
        <Input
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
        />
      </FormField>
      {preview.isFetching ? <Spinner label="Reading the file" /> : null}
      {data ? (
        <>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium">Column for each field</legend>
            {columns.map(({ field, isRequired }) => (
              <FormField
                key={field}
                label={`${labels[field]}${isRequired ? ' (required)' : ''}`}
                error={
                  fieldErrors[`mapping.${field}`] ??
                  (data.missingFields.includes(field) ? 'Choose a column' : undefined)
                }
              >
                <select
                  className={selectClasses}
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
        </>
      ) : null}
      <ImportOutcome
        upload={upload}
        status={
          preview.isFetching ? null : (
            <PreviewStatus
              preview={data}
              labels={labels}
              formError={preview.isError ? placed.form : undefined}
            />
          )
        }
        failureText={() => placed.form}
        successTitle={successTitle}
        successDescription={successDescription}
        importLabel={data ? `Import ${rowCountText(data.rowCount)}` : 'Import'}
        canImport={canCommit}
        onClose={onDone}
      />
    </div>
  );
}
