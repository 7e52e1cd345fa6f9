import {
  calculationDatasetImportSchema,
  calculationEndpoints,
  DEFAULT_DATASET_PAGE_SIZE,
  endpointUrl,
  type CalculationDataset,
  type CalculationDatasetImport,
} from '@ecc/contracts';
import { cellText, parseCsv } from '@ecc/domain';
import { Alert, AlertDescription, Button, ConfirmDialog, FormField, Input } from '@ecc/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageSection } from '#components/page-section.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { serverFieldErrors } from '#lib/forms/field-errors.ts';
import { formatNumber } from '#lib/format/index.ts';
import { useCan } from '#lib/permissions/use-ability.ts';
import {
  calculationsQueryKey,
  datasetListQueryOptions,
  datasetRowsQueryOptions,
} from './calculation-pages-api.ts';

/*
 * The realm's lookup tables (issue 13 item 6): list, open a version's rows page by page, import a CSV or XLSX file
 * as a new dated version, delete. Whoever may change the realm's factors edits them; others only read.
 */

/** A problem the server named in the file: `content/rows/3/region` is row 3, column region. */
interface FileProblem {
  readonly row: number | null;
  readonly column: string | null;
  readonly message: string;
}

function fileProblemsOf(fields: Readonly<Record<string, string | undefined>>): FileProblem[] {
  return Object.entries(fields).flatMap(([path, message]): FileProblem[] => {
    if (message === undefined || !path.startsWith('content')) return [];
    const [, kind, place, ...column] = path.split('.');
    if (kind === 'rows') {
      return [{ row: Number(place), column: column.length > 0 ? column.join('.') : null, message }];
    }
    if (kind === 'columns') return [{ row: 1, column: null, message }];
    return [{ row: null, column: null, message }];
  });
}

/** The file's rows the server refused, with their cells, so each problem shows at its row and column. */
function FileProblems({ problems, csv }: { problems: readonly FileProblem[]; csv: string | null }) {
  const table = csv === null ? null : parseCsv(csv);
  const rowsByNumber = new Map(table?.rows.map((row) => [row.rowNumber, row]) ?? []);
  const columns = table?.columns ?? [];
  const badRows = [
    ...new Set(problems.flatMap((problem) => (problem.row === null ? [] : [problem.row]))),
  ].sort((left, right) => left - right);
  const general = problems.filter((problem) => problem.row === null);
  return (
    <div className="grid gap-2" role="alert">
      <p className="text-destructive text-sm font-medium">
        The file was not imported: {problems.length === 1 ? 'one problem' : `${problems.length} problems`} to
        fix.
      </p>
      {general.map((problem) => (
        <p key={problem.message} className="text-destructive text-sm">
          {problem.message}
        </p>
      ))}
      {badRows.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="text-sm" aria-label="Rows of the file with problems">
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-1 pr-3">
                  Row
                </th>
                {columns.map((column, index) => (
                  <th key={`${column}-${index}`} scope="col" className="py-1 pr-3">
                    {column}
                  </th>
                ))}
                <th scope="col" className="py-1 pr-3">
                  Problem
                </th>
              </tr>
            </thead>
            <tbody>
              {badRows.map((rowNumber) => {
                const rowProblems = problems.filter((problem) => problem.row === rowNumber);
                const cells = rowNumber === 1 ? columns : (rowsByNumber.get(rowNumber)?.cells ?? []);
                return (
                  <tr key={rowNumber} className="border-b" data-row={rowNumber}>
                    <th scope="row" className="py-1 pr-3 text-left font-normal">
                      {rowNumber}
                    </th>
                    {columns.map((column, index) => {
                      const problem = rowProblems.find((each) => each.column === column);
                      return (
                        <td
                          key={`${column}-${index}`}
                          data-column={column}
                          aria-invalid={problem ? true : undefined}
                          className={`py-1 pr-3 ${problem ? 'bg-destructive/10 outline-destructive outline' : ''}`}
                        >
                          {cellText(cells[index] ?? null) || <span className="sr-only">empty</span>}
                        </td>
                      );
                    })}
                    <td className="text-destructive py-1 pr-3">
                      {rowProblems.map((problem) => problem.message).join(' ')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

function base64Of(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

function ImportDatasetForm({
  defaultName,
  onImported,
}: {
  defaultName: string;
  onImported: (id: string) => void;
}) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(defaultName);
  const [asOf, setAsOf] = useState(() => new Date().toISOString().slice(0, 10));
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string>();
  const [csv, setCsv] = useState<string | null>(null);
  const importing = useMutation({
    mutationFn: (body: CalculationDatasetImport) =>
      callEndpoint(calculationEndpoints.importDataset, { body }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFields({});
    setFormError(undefined);
    if (!file) {
      setFields({ content: 'Choose a CSV or XLSX file' });
      return;
    }
    const isXlsx = /\.xlsx$/i.test(file.name);
    const text = isXlsx ? null : await file.text();
    setCsv(text);
    const request = {
      name,
      asOf,
      fileName: file.name,
      format: isXlsx ? 'xlsx' : 'csv',
      content: text ?? base64Of(await file.arrayBuffer()),
    } as const;
    const checked = calculationDatasetImportSchema.safeParse(request);
    if (!checked.success) {
      setFields(
        Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    try {
      const dataset = await importing.mutateAsync(request);
      await queryClient.invalidateQueries({ queryKey: calculationsQueryKey });
      setFile(null);
      onImported(dataset.id);
    } catch (error) {
      const placed = serverFieldErrors(error);
      setFields(placed.fields);
      setFormError(placed.form);
    }
  }

  const problems = fileProblemsOf(fields);
  return (
    <form
      id={formId}
      onSubmit={(event) => void submit(event)}
      className="grid max-w-3xl gap-3 rounded-lg border p-4"
      aria-label="Import a dataset"
    >
      <h3 className="font-medium">Import a dataset</h3>
      <p className="text-muted-foreground text-sm">
        The first row names the columns; the first column is the key LOOKUP finds rows by. Importing a name
        the realm has adds a new version, in force for records dated on or after its as-of date.
      </p>
      {formError ? (
        <Alert kind="error">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Name" error={fields.name}>
          <Input value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
        </FormField>
        <FormField label="As of" error={fields.asOf} description="In force from this day">
          <Input type="date" value={asOf} onChange={(event) => setAsOf(event.target.value)} />
        </FormField>
        <FormField label="File (CSV or XLSX)" error={problems.length > 0 ? undefined : fields.content}>
          <Input
            type="file"
            accept=".csv,.xlsx,text/csv"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </FormField>
      </div>
      {problems.length > 0 ? <FileProblems problems={problems} csv={csv} /> : null}
      <div>
        <Button type="submit" disabled={importing.isPending}>
          {importing.isPending ? 'Importing…' : 'Import'}
        </Button>
      </div>
    </form>
  );
}

function DatasetRows({ dataset }: { dataset: CalculationDataset }) {
  const versionId = useId();
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [offset, setOffset] = useState(0);
  const limit = DEFAULT_DATASET_PAGE_SIZE;
  const rows = useQuery(datasetRowsQueryOptions(dataset.id, { version, offset, limit }));
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor={versionId} className="text-sm font-medium">
            Version
          </label>
          <select
            id={versionId}
            className="bg-background h-9 rounded-md border px-2 text-sm"
            value={version ?? ''}
            onChange={(event) => {
              setVersion(event.target.value === '' ? undefined : Number(event.target.value));
              setOffset(0);
            }}
          >
            <option value="">In force now (newest as-of)</option>
            {dataset.versions.map((each) => (
              <option key={each.id} value={each.number}>
                Version {each.number}, as of {each.asOf} ({formatNumber(each.rowCount)} rows)
              </option>
            ))}
          </select>
        </div>
        <div className="ml-auto">
          <ExportMenu
            what={`the rows of ${dataset.name}`}
            hrefOf={(format) =>
              endpointUrl(calculationEndpoints.exportDataset, { id: dataset.id }, { version, format })
            }
          />
        </div>
      </div>
      <QueryStates
        query={rows}
        loading={
          <LoadingSkeleton label={`Loading the rows of ${dataset.name}`} skeletons={['h-8', 'h-32']} />
        }
        errorTitle={`The rows of ${dataset.name} could not be loaded`}
      >
        {(detail) => {
          const columns =
            dataset.versions.find((each) => each.number === detail.versionNumber)?.columns ?? [];
          const last = Math.min(detail.offset + detail.rows.length, detail.totalRows);
          return (
            <div className="grid gap-2">
              <div className="overflow-x-auto">
                <table className="text-sm">
                  <caption className="text-muted-foreground text-left">
                    {dataset.name}, version {detail.versionNumber}: rows {formatNumber(detail.offset + 1)}–
                    {formatNumber(last)} of {formatNumber(detail.totalRows)}
                  </caption>
                  <thead>
                    <tr className="border-b text-left">
                      {columns.map((column) => (
                        <th key={column} scope="col" className="py-1 pr-4">
                          {column}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {detail.rows.map((row, index) => (
                      <tr key={detail.offset + index} className="border-b last:border-0">
                        {columns.map((column) => (
                          <td key={column} className="py-1 pr-4 tabular-nums">
                            {row[column] === null || row[column] === undefined ? '' : String(row[column])}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={detail.offset === 0}
                  onClick={() => setOffset(Math.max(0, detail.offset - limit))}
                >
                  Previous rows
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={last >= detail.totalRows}
                  onClick={() => setOffset(detail.offset + limit)}
                >
                  Next rows
                </Button>
              </div>
            </div>
          );
        }}
      </QueryStates>
    </div>
  );
}

export function CalculationDatasetsSection() {
  const queryClient = useQueryClient();
  const canEdit = useCan('update', 'EmissionFactor');
  const datasets = useQuery(datasetListQueryOptions);
  const [openId, setOpenId] = useState<string>();
  const [deleteError, setDeleteError] = useState<string>();

  async function remove(dataset: CalculationDataset) {
    setDeleteError(undefined);
    try {
      await callEndpoint(calculationEndpoints.deleteDataset, { params: { id: dataset.id } });
      if (openId === dataset.id) setOpenId(undefined);
      await queryClient.invalidateQueries({ queryKey: calculationsQueryKey });
    } catch (error) {
      setDeleteError(serverFieldErrors(error).form);
      throw error;
    }
  }

  return (
    <PageSection title="Datasets">
      <p className="text-muted-foreground text-sm">
        Lookup tables for{' '}
        <code>LOOKUP(key, &apos;dataset&apos;, &apos;keyColumn&apos;, &apos;valueColumn&apos;)</code>. Each
        import is a version with an as-of date; a record is calculated with the version in force on its
        period&apos;s start (the newest as-of on or before it).
      </p>
      {deleteError ? (
        <Alert kind="error">
          <AlertDescription>{deleteError}</AlertDescription>
        </Alert>
      ) : null}
      <QueryStates
        query={datasets}
        loading={<LoadingSkeleton label="Loading the datasets" />}
        errorTitle="The datasets could not be loaded"
        isEmpty={(data) => data.datasets.length === 0}
        empty={<p className="text-muted-foreground text-sm">The realm has no datasets yet.</p>}
      >
        {(data) => (
          <ul className="grid gap-2" aria-label="Datasets">
            {data.datasets.map((dataset) => {
              const newest = dataset.versions[0];
              const isOpen = openId === dataset.id;
              return (
                <li key={dataset.id} className="grid gap-2 rounded-lg border p-3" data-dataset={dataset.name}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div>
                      <span className="font-mono font-medium">{dataset.name}</span>
                      <span className="text-muted-foreground text-sm">
                        {' '}
                        · {dataset.versions.length} version{dataset.versions.length === 1 ? '' : 's'}
                        {newest ? `, newest as of ${newest.asOf}, ${formatNumber(newest.rowCount)} rows` : ''}
                        {dataset.inheritedFrom ? ` · inherited from ${dataset.inheritedFrom}, read-only` : ''}
                      </span>
                      {dataset.description ? <p className="text-sm">{dataset.description}</p> : null}
                    </div>
                    <div className="flex gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-expanded={isOpen}
                        onClick={() => setOpenId(isOpen ? undefined : dataset.id)}
                      >
                        {isOpen ? `Close ${dataset.name}` : `Open ${dataset.name}`}
                      </Button>
                      {canEdit && dataset.inheritedFrom === null ? (
                        <ConfirmDialog
                          title={`Delete the dataset ${dataset.name}?`}
                          description={`All ${dataset.versions.length} versions go. Formulas that LOOKUP '${dataset.name}' will report it unknown.`}
                          confirmLabel="Delete dataset"
                          variant="destructive"
                          onConfirm={() => remove(dataset)}
                          trigger={
                            <Button variant="outline" size="sm">
                              Delete {dataset.name}
                            </Button>
                          }
                        />
                      ) : null}
                    </div>
                  </div>
                  {isOpen ? <DatasetRows dataset={dataset} /> : null}
                </li>
              );
            })}
          </ul>
        )}
      </QueryStates>
      {canEdit ? <ImportDatasetForm defaultName="" onImported={setOpenId} /> : null}
    </PageSection>
  );
}
