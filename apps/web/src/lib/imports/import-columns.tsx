import type { ExportFormat, ImportColumnDescription, ImportTemplateKind } from '@ecc/contracts';
import { importTemplateUrl } from './import-api.ts';

const FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'XLSX' },
];

/**
 * What a file may hold, before one is chosen: each column, whether a row needs it and the values it accepts,
 * with a template of the headers to download.
 */
export function ImportColumns({
  columns,
  templateKind,
}: {
  columns: readonly ImportColumnDescription[];
  templateKind: ImportTemplateKind;
}) {
  const requiredCount = columns.filter((column) => column.isRequired).length;
  return (
    <details className="rounded border p-3 text-sm" open>
      <summary className="cursor-pointer font-medium">
        Columns of the file ({requiredCount} required, {columns.length - requiredCount} optional)
      </summary>
      <div className="mt-2 grid gap-2">
        <p>
          Download a template with these headers:{' '}
          {FORMATS.map(({ format, label }, index) => (
            <span key={format}>
              {index > 0 ? ' or ' : ''}
              <a className="underline" href={importTemplateUrl(templateKind, format)} download>
                {label} template
              </a>
            </span>
          ))}
          . Other header names work too: the next step maps them.
        </p>
        <div className="max-h-56 overflow-auto">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Columns of the file</caption>
            <thead>
              <tr>
                <th scope="col" className="p-1">
                  Column
                </th>
                <th scope="col" className="p-1">
                  Needed
                </th>
                <th scope="col" className="p-1">
                  Accepted values
                </th>
              </tr>
            </thead>
            <tbody>
              {columns.map((column) => (
                <tr key={column.field} className="border-t align-top">
                  <th scope="row" className="p-1 font-medium whitespace-nowrap">
                    {column.header}
                  </th>
                  <td className="p-1">{column.isRequired ? 'Required' : 'Optional'}</td>
                  <td className="p-1">{column.format}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </details>
  );
}
