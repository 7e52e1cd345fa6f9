import type { RenderedSection, ReportChart } from '@ecc/contracts';
import { DataTable } from '@ecc/ui';
import Markdown from 'react-markdown';
import type { ChartColorSlot } from '#components/charts/chart-colors.ts';
import { MassChart } from '#components/charts/mass-chart.tsx';
import { formatFixed, formatMass, formatNumber } from '#lib/format/index.ts';

const SERIES_COLORS: readonly ChartColorSlot[] = [
  'primary',
  'warning',
  'success',
  'destructive',
  'accent-foreground',
  'muted-foreground',
];

/** A section's chart as the PDF draws it: one series of totals, or the parts stacked (a saved analysis's columns). */
function SectionChart({ chart }: { chart: ReportChart }) {
  const categories = chart.categories.map((label, index) => ({ key: String(index), label }));
  const series = chart.series
    ? chart.series.map((entry, index) => ({
        key: `series-${index}`,
        label: entry.name,
        color: SERIES_COLORS[index % SERIES_COLORS.length] ?? 'primary',
        stack: chart.kind === 'bar' ? 'total' : undefined,
        kind: chart.kind,
        valuesKg: entry.values,
      }))
    : [
        {
          key: 'total',
          label: chart.title,
          color: 'primary' as const,
          kind: chart.kind,
          valuesKg: chart.values,
        },
      ];
  return (
    <MassChart
      title={chart.title}
      categoryHeader="Category"
      categories={categories}
      series={series}
      orientation={chart.kind === 'line' ? 'columns' : 'bars'}
    />
  );
}

/** A section's Markdown: react-markdown builds elements from it and drops raw HTML, so nothing in it runs. */
function SectionMarkdown({ source }: { source: string }) {
  return (
    <div className="prose prose-sm dark:prose-invert max-w-none [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_ul]:list-disc">
      <Markdown skipHtml>{source}</Markdown>
    </div>
  );
}

/** What a version shows, section by section: text, KPI tiles, charts in kg and tables, as on paper. */
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
            <>
              {section.charts
                .filter((chart) => chart.unit.startsWith('kg'))
                .map((chart) => (
                  <SectionChart key={chart.title} chart={chart} />
                ))}
              {section.tables.map((table) => (
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
                      return typeof value === 'number'
                        ? column.fractionDigits === undefined
                          ? formatNumber(value)
                          : formatFixed(value, column.fractionDigits)
                        : (value ?? '');
                    },
                  }))}
                />
              ))}
            </>
          )}
        </section>
      ))}
    </div>
  );
}
