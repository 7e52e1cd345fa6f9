import {
  endpointUrl,
  SCOPE3_CATEGORY_NAMES,
  SCOPE3_METHOD_LABELS,
  type PriceIndexDto,
  type Scope3LineDto,
  type Scope3LineInput,
  scope3Endpoints,
  type Scope3Summary,
} from '@ecc/contracts';
import { Button, ConfirmDialog, DataTable, EmptyState, FormField, selectClasses, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { PageSection } from '#components/page-section.tsx';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import { useCan } from '#lib/permissions/use-ability.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import { EeioImportDialog } from './eeio-import-dialog.tsx';
import { PriceIndexDialog } from './price-index-dialog.tsx';
import { ScreeningDialog } from './screening-dialog.tsx';
import { Scope3HotspotChart } from './scope3-hotspot-chart.tsx';
import { Scope3LineDialog } from './scope3-line-dialog.tsx';
import { SpendImportDialog } from './spend-import-dialog.tsx';
import {
  afterScope3Change,
  createLine,
  deleteLine,
  deletePriceIndex,
  eeioFactorsQueryOptions,
  firstFacilityQueryOptions,
  priceIndexesQueryOptions,
  saveScreening,
  savePriceIndex,
  scope3LinesQueryOptions,
  scope3SummaryQueryOptions,
  updateLine,
} from './scope3-api.ts';

type CategorySummary = Scope3Summary['categories'][number];

function screeningText(category: CategorySummary): string {
  if (category.isIncluded === null) return 'Not screened';
  return category.isIncluded ? 'Included' : `Excluded: ${category.exclusionReason ?? ''}`;
}

function scoreText(score: number | null): string {
  return score === null ? '–' : formatNumber(Math.round(score * 10) / 10);
}

/**
 * Scope 3 on `/advancedghg` (issue 11, item 5; decision 029): the 15 categories of a year with their screening,
 * CO2e, lines and data quality; the lines of the chosen category; hotspots by category and supplier; the realm's
 * price index and EEIO factors. Lines are activity records of scope 3, so they count everywhere results do.
 */
export function Scope3Page({ route }: PageProps) {
  const [year, setYear] = useState<number>();
  const summary = useQuery(scope3SummaryQueryOptions(year));
  return (
    <div className="grid gap-8">
      <PageHeader
        title={route.title}
        description="Scope 3 by category: screening, lines by method (spend-based on EEIO factors, average data, distance, waste, supplier-specific, use phase), data quality and hotspots."
      />
      <QueryStates
        query={summary}
        loading={<LoadingSkeleton label="Loading Scope 3" skeletons={['h-10', 'h-64', 'h-40']} />}
        errorTitle="Scope 3 could not be loaded"
      >
        {(data) => <Scope3Content summary={data} onYear={setYear} />}
      </QueryStates>
    </div>
  );
}

function Scope3Content({ summary, onYear }: { summary: Scope3Summary; onYear: (year: number) => void }) {
  const queryClient = useQueryClient();
  const canWrite = useCan('update', 'ActivityRecord');
  const [category, setCategory] = useState<number>(
    summary.categories.find((each) => each.lineCount > 0)?.category ?? 1,
  );
  const [screening, setScreening] = useState<CategorySummary>();
  const years = [...new Set([summary.year, ...summary.years, new Date().getUTCFullYear()])].sort(
    (left, right) => right - left,
  );

  return (
    <>
      <PageSection
        title={
          <>
            Categories of {summary.year}: {formatMass(summary.co2eKg)}
          </>
        }
        actions={
          <div className="flex items-end gap-2">
            <FormField label="Year">
              <select
                className={selectClasses}
                value={String(summary.year)}
                onChange={(event) => onYear(Number(event.target.value))}
              >
                {years.map((each) => (
                  <option key={each} value={String(each)}>
                    {each}
                  </option>
                ))}
              </select>
            </FormField>
            <ExportMenu
              what={`the Scope 3 categories of ${summary.year}`}
              hrefOf={(format) =>
                endpointUrl(scope3Endpoints.exportCategories, undefined, { year: summary.year, format })
              }
            />
          </div>
        }
      >
        <DataTable
          caption={`Scope 3 categories of ${summary.year}, on ${summary.gwpSetId}`}
          rows={summary.categories}
          rowKey={(row) => String(row.category)}
          hasRowHeaders
          columns={[
            { header: 'Category', cell: (row) => `${row.category}. ${row.name}` },
            { header: 'Screening', cell: screeningText },
            { header: 'CO2e', cell: (row) => formatMass(row.co2eKg), className: 'text-right tabular-nums' },
            {
              header: 'Lines',
              cell: (row) => formatNumber(row.lineCount),
              className: 'text-right tabular-nums',
            },
            {
              header: 'Data quality',
              cell: (row) => scoreText(row.dataQualityScore),
              className: 'text-right tabular-nums',
            },
            {
              header: 'Actions',
              isHeaderHidden: true,
              cell: (row) => (
                <div className="flex justify-end gap-2">
                  <Button
                    size="sm"
                    variant={row.category === category ? 'default' : 'outline'}
                    aria-pressed={row.category === category}
                    aria-label={`Show the lines of category ${row.category}`}
                    onClick={() => setCategory(row.category)}
                  >
                    Lines
                  </Button>
                  {canWrite ? (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Screen category ${row.category}`}
                      onClick={() => setScreening(row)}
                    >
                      Screen
                    </Button>
                  ) : null}
                </div>
              ),
            },
          ]}
        />
      </PageSection>
      <LinesSection year={summary.year} category={category} canWrite={canWrite} />
      <PageSection
        title="Hotspots by category and supplier"
        actions={
          <ExportMenu
            what={`the Scope 3 hotspots of ${summary.year}`}
            hrefOf={(format) =>
              endpointUrl(scope3Endpoints.exportHotspots, undefined, { year: summary.year, format })
            }
          />
        }
      >
        <Scope3HotspotChart hotspots={summary.hotspots} />
      </PageSection>
      <PriceIndexSection canWrite={canWrite} />
      <EeioSection canWrite={canWrite} />
      {screening ? (
        <ScreeningDialog
          category={screening.category}
          screening={screening}
          onSave={async (request) => {
            await saveScreening(screening.category, request);
            toast({ title: `Category ${screening.category} screened` });
            await afterScope3Change(queryClient);
          }}
          onClose={() => setScreening(undefined)}
        />
      ) : null}
    </>
  );
}

function LinesSection({ year, category, canWrite }: { year: number; category: number; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const lines = useQuery(scope3LinesQueryOptions(year, category));
  const firstFacility = useQuery(firstFacilityQueryOptions);
  const eeioFactors = useQuery(eeioFactorsQueryOptions);
  const [editing, setEditing] = useState<{ line?: Scope3LineDto }>();
  const [deleting, setDeleting] = useState<Scope3LineDto>();
  const [isImporting, setIsImporting] = useState(false);
  const name = `${category}. ${SCOPE3_CATEGORY_NAMES[category] ?? ''}`;

  async function save(request: Scope3LineInput, line?: Scope3LineDto) {
    const saved = line ? await updateLine(line.id, line.version, request) : await createLine(request);
    toast({ title: `${saved.description}: ${saved.co2eKg === null ? '' : formatMass(saved.co2eKg)}` });
    await afterScope3Change(queryClient);
  }

  async function remove(line: Scope3LineDto) {
    const deleted = await deleteLine(line.id, line.version);
    await afterScope3Change(queryClient);
    toast({ title: `${deleted.description} deleted` });
  }

  return (
    <PageSection
      title={`Lines of ${name}`}
      actions={
        <div className="flex gap-2">
          <ExportMenu
            what={`the lines of category ${category} in ${year}`}
            hrefOf={(format) =>
              endpointUrl(scope3Endpoints.exportLines, undefined, { year, category, format })
            }
          />
          {canWrite ? (
            <>
              <Button size="sm" variant="outline" onClick={() => setIsImporting(true)}>
                Import spend
              </Button>
              <Button size="sm" onClick={() => setEditing({})}>
                Add line
              </Button>
            </>
          ) : null}
        </div>
      }
    >
      <QueryStates
        query={lines}
        loading={<LoadingSkeleton label="Loading the lines" skeletons={['h-10', 'h-24']} />}
        errorTitle="The lines could not be loaded"
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState
            title={`No lines in category ${category} for ${year}`}
            description="Add spend with an EEIO factor, or a quantity with a factor of the library or the realm."
          />
        }
      >
        {(data) => (
          <DataTable
            caption={`Lines of ${name} in ${year}`}
            rows={data.results}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Description', cell: (row) => row.description },
              { header: 'Supplier', cell: (row) => row.supplier ?? '' },
              { header: 'Facility', cell: (row) => row.facilityName },
              { header: 'Method', cell: (row) => SCOPE3_METHOD_LABELS[row.method] },
              { header: 'Period', cell: (row) => `${row.periodStart} – ${row.periodEnd}` },
              {
                header: 'Activity',
                cell: (row) =>
                  row.method === 'spend'
                    ? `${formatNumber(row.spendAmount ?? 0)} ${row.spendCurrency ?? ''} ${row.spendYear ?? ''} → ${formatNumber(Math.round(row.quantity * 100) / 100)} USD`
                    : `${formatNumber(row.quantity)} ${row.unit}`,
              },
              {
                header: 'CO2e',
                cell: (row) => (row.co2eKg === null ? '–' : formatMass(row.co2eKg)),
                className: 'text-right tabular-nums',
              },
              {
                header: 'Data quality',
                cell: (row) => scoreText(row.dataQualityScore),
                className: 'text-right tabular-nums',
              },
              ...(canWrite
                ? [
                    {
                      header: 'Actions',
                      isHeaderHidden: true,
                      cell: (row: Scope3LineDto) => (
                        <div className="flex justify-end gap-2">
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Edit ${row.description}`}
                            onClick={() => setEditing({ line: row })}
                          >
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Delete ${row.description}`}
                            onClick={() => setDeleting(row)}
                          >
                            Delete
                          </Button>
                        </div>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </QueryStates>
      {editing ? (
        <Scope3LineDialog
          defaults={{ category, year, facilityId: firstFacility.data?.id ?? '' }}
          defaultFacilityName={firstFacility.data?.name}
          line={editing.line}
          eeioFactors={eeioFactors.data?.results ?? []}
          onSave={(request) => save(request, editing.line)}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      {isImporting ? (
        <SpendImportDialog
          onImported={async (result) => {
            toast({ title: `${formatNumber(result.lineCount)} spend lines imported` });
            await afterScope3Change(queryClient);
          }}
          onClose={() => setIsImporting(false)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(isOpenNow) => !isOpenNow && setDeleting(undefined)}
        title={`Delete ${deleting?.description ?? 'this line'}?`}
        description="Its CO2e leaves the inventory, the analysis and the overview."
        confirmLabel="Delete line"
        variant="destructive"
        onConfirm={async () => {
          if (deleting) await remove(deleting);
          setDeleting(undefined);
        }}
      />
    </PageSection>
  );
}

function PriceIndexSection({ canWrite }: { canWrite: boolean }) {
  const queryClient = useQueryClient();
  const indexes = useQuery(priceIndexesQueryOptions);
  const [editing, setEditing] = useState<{ index?: PriceIndexDto }>();
  const [deleting, setDeleting] = useState<PriceIndexDto>();
  return (
    <PageSection
      title="Price index"
      actions={
        canWrite ? (
          <Button size="sm" onClick={() => setEditing({})}>
            Add value
          </Button>
        ) : null
      }
    >
      <QueryStates
        query={indexes}
        loading={<LoadingSkeleton label="Loading the price index" skeletons={['h-10']} />}
        errorTitle="The price index could not be loaded"
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState
            title="No price index yet"
            description="Spend of another year than the factor's needs the index of both years."
          />
        }
      >
        {(data) => (
          <DataTable
            caption="Price index by currency and year"
            rows={data.results}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Currency', cell: (row) => row.currency },
              { header: 'Year', cell: (row) => String(row.year) },
              {
                header: 'Index',
                cell: (row) => formatNumber(row.indexValue),
                className: 'text-right tabular-nums',
              },
              {
                header: 'USD per unit',
                cell: (row) => (row.exchangeRate === null ? '–' : formatNumber(row.exchangeRate)),
                className: 'text-right tabular-nums',
              },
              ...(canWrite
                ? [
                    {
                      header: 'Actions',
                      isHeaderHidden: true,
                      cell: (row: PriceIndexDto) => (
                        <div className="flex justify-end gap-2">
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Edit ${row.currency} ${row.year}`}
                            onClick={() => setEditing({ index: row })}
                          >
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Delete ${row.currency} ${row.year}`}
                            onClick={() => setDeleting(row)}
                          >
                            Delete
                          </Button>
                        </div>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </QueryStates>
      {editing ? (
        <PriceIndexDialog
          index={editing.index}
          onSave={async (request) => {
            await savePriceIndex(request);
            toast({ title: 'Price index saved' });
            await afterScope3Change(queryClient);
          }}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(isOpenNow) => !isOpenNow && setDeleting(undefined)}
        title={`Delete the ${deleting?.currency ?? ''} index of ${deleting?.year ?? ''}?`}
        description="Lines already saved keep their figures; new spend of that year is refused until it is back."
        confirmLabel="Delete value"
        variant="destructive"
        onConfirm={async () => {
          if (deleting) {
            await deletePriceIndex(deleting.id);
            await afterScope3Change(queryClient);
          }
          setDeleting(undefined);
        }}
      />
    </PageSection>
  );
}

function EeioSection({ canWrite }: { canWrite: boolean }) {
  const queryClient = useQueryClient();
  const factors = useQuery(eeioFactorsQueryOptions);
  const [isImporting, setIsImporting] = useState(false);
  return (
    <PageSection
      title="EEIO factors"
      actions={
        canWrite ? (
          <Button size="sm" onClick={() => setIsImporting(true)}>
            Import factors
          </Button>
        ) : null
      }
    >
      <QueryStates
        query={factors}
        loading={<LoadingSkeleton label="Loading the EEIO factors" skeletons={['h-10']} />}
        errorTitle="The EEIO factors could not be loaded"
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState
            title="No EEIO factors yet"
            description="Import EPA's Supply Chain GHG Emission Factors CSV to calculate spend."
          />
        }
      >
        {(data) => (
          <DataTable
            caption={`${formatNumber(data.results.length)} EEIO factors`}
            rows={data.results}
            rowKey={(row) => row.key}
            columns={[
              { header: 'NAICS', cell: (row) => row.naicsCode },
              { header: 'Title', cell: (row) => row.title },
              { header: 'Price basis', cell: (row) => row.priceBasis },
              {
                header: 'kg CO2e per dollar',
                cell: (row) => `${formatNumber(row.kgCo2ePerUnit)} (${row.dollarYear} ${row.currency})`,
                className: 'text-right tabular-nums',
              },
              { header: 'Source', cell: (row) => row.source },
            ]}
          />
        )}
      </QueryStates>
      {isImporting ? (
        <EeioImportDialog
          onImported={async (result) => {
            toast({
              title: `${formatNumber(result.naicsCodes)} NAICS codes imported (${formatNumber(result.factors)} factors)`,
            });
            await afterScope3Change(queryClient);
          }}
          onClose={() => setIsImporting(false)}
        />
      ) : null}
    </PageSection>
  );
}
