import type { RenderedSection } from '@ecc/contracts';
import { DataTable } from '@ecc/ui';
import Markdown from 'react-markdown';
import { formatMass, formatNumber } from '#lib/format/index.ts';

/** A section's Markdown: react-markdown builds elements from it and drops raw HTML, so nothing in it runs. */
function SectionMarkdown({ source }: { source: string }) {
  return (
    <div className="prose prose-sm dark:prose-invert max-w-none [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_ul]:list-disc">
      <Markdown skipHtml>{source}</Markdown>
    </div>
  );
}

/** What a version shows, section by section: text, KPI tiles and tables, as on paper. */
export function ReportContent({ sections }: { sections: readonly RenderedSection[] }) {
  return (
    <div className="grid gap-8">
      {sections.map((section) => (
        <section
          key={section.id}
          aria-label={section.title || 'Text'}
          className="grid gap-3 break-inside-avoid"
        >
          {section.title ? <h3 className="text-primary text-lg font-semibold">{section.title}</h3> : null}
          {section.markdown !== undefined ? <SectionMarkdown source={section.markdown} /> : null}
          {section.tiles && section.tiles.length > 0 ? (
            <ul className="grid gap-3 sm:grid-cols-3">
              {section.tiles.map((tile) => (
                <li key={tile.key} className="rounded-lg border p-3">
                  <div className="text-muted-foreground text-xs">{tile.label}</div>
                  <div className="text-xl font-semibold tabular-nums">{formatMass(tile.value)}</div>
                </li>
              ))}
            </ul>
          ) : (
            section.tables.map((table) => (
              <DataTable
                key={table.title}
                caption={table.title}
                rows={table.rows}
                rowKey={(row) => JSON.stringify(row)}
                columns={table.columns.map((column) => ({
                  header: column.header,
                  className: column.isNumber ? 'text-right tabular-nums' : undefined,
                  cell: (row: (typeof table.rows)[number]) => {
                    const value = row[column.key];
                    return typeof value === 'number' ? formatNumber(value) : (value ?? '');
                  },
                }))}
              />
            ))
          )}
        </section>
      ))}
    </div>
  );
}
