import { activityRecordEndpoints, type AnalysisFilters } from '@ecc/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { facilityLink } from '#lib/facility-links/facility-link.ts';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatQuantity } from '#lib/format/format-quantity.ts';
import { cellRecordsExportHref, cellRecordsQuery } from './analysis-api.ts';

export interface DrillTarget {
  label: string;
  keys: Record<string, string | number>;
  filters: AnalysisFilters;
  scope2Method: 'location' | 'market';
}

/** One record's calculation trail, read from the existing trail endpoint when asked for. */
function RecordTrail({ recordId }: { recordId: string }) {
  const trail = useQuery({
    queryKey: ['analysis', 'trail', recordId],
    queryFn: async ({ signal }) =>
      callEndpoint(activityRecordEndpoints.trail, { params: { id: recordId }, signal }),
  });
  return (
    <QueryStates
      query={trail}
      loading={<LoadingSkeleton label="Loading the trail" skeletons={['h-6 w-full']} />}
      errorTitle="The trail could not be loaded"
    >
      {(data) => (
        <ul className="grid gap-1 text-sm" aria-label="Calculation trail">
          {data.results.map((result) => (
            <li key={result.scope2Method ?? 'result'}>
              {result.scope2Method === null ? '' : `Scope 2 ${result.scope2Method}-based: `}
              {formatMass(result.co2eKg)} by {result.method.name} ({result.method.formula}) with{' '}
              {result.factor.name}, {result.factor.source} {result.factor.version}
            </li>
          ))}
        </ul>
      )}
    </QueryStates>
  );
}

/** The records behind a pivot cell, a page at a time, each with its trail and a link to it on its facility. */
export function DrillThroughPanel({ target, onClose }: { target: DrillTarget | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [openTrail, setOpenTrail] = useState<string | null>(null);
  const records = useQuery({
    ...cellRecordsQuery(
      {
        filters: target?.filters ?? {},
        keys: target?.keys ?? {},
        scope2Method: target?.scope2Method ?? 'location',
      },
      page,
    ),
    enabled: target !== null,
  });
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          setPage(1);
          setOpenTrail(null);
          onClose();
        }
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Records behind the cell</DialogTitle>
          <DialogDescription>{target?.label}</DialogDescription>
        </DialogHeader>
        <QueryStates
          query={records}
          loading={<LoadingSkeleton label="Loading the records" skeletons={['h-6 w-full', 'h-6 w-full']} />}
          errorTitle="The records could not be loaded"
          isEmpty={(data) => data.total === 0}
          empty={<p className="text-sm text-muted-foreground">No records are behind this cell.</p>}
        >
          {(data) => {
            const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
            return (
              <div className="grid gap-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm" aria-live="polite">
                    {data.total} records; page {data.page} of {pageCount}
                  </p>
                  {target ? (
                    <ExportMenu
                      what="the records behind the cell"
                      hrefOf={(format) =>
                        cellRecordsExportHref(
                          { filters: target.filters, keys: target.keys, scope2Method: target.scope2Method },
                          format,
                        )
                      }
                    />
                  ) : null}
                </div>
                <table className="w-full text-sm" aria-label="Records behind the cell">
                  <thead>
                    <tr className="text-left">
                      <th scope="col" className="px-2 py-1">
                        Facility
                      </th>
                      <th scope="col" className="px-2 py-1">
                        Activity
                      </th>
                      <th scope="col" className="px-2 py-1">
                        Period
                      </th>
                      <th scope="col" className="px-2 py-1 text-right">
                        Quantity
                      </th>
                      <th scope="col" className="px-2 py-1 text-right">
                        CO2e
                      </th>
                      <th scope="col" className="px-2 py-1">
                        Trail
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.records.map((record) => (
                      <Fragment key={record.id}>
                        <tr className="border-t">
                          <td className="px-2 py-1">
                            <Link
                              {...facilityLink(record.facilitySlug)}
                              search={{ record: record.id }}
                              className="text-primary underline-offset-4 hover:underline"
                            >
                              {record.facilityName}
                            </Link>
                          </td>
                          <td className="px-2 py-1">
                            {record.activityType}
                            {record.isEstimated ? ' (estimated)' : ''}
                          </td>
                          <td className="px-2 py-1">
                            {record.periodStart} – {record.periodEnd}
                          </td>
                          <td className="px-2 py-1 text-right">
                            {formatQuantity(record.quantity, record.unit)}
                          </td>
                          <td className="px-2 py-1 text-right">{formatMass(record.co2eKg)}</td>
                          <td className="px-2 py-1">
                            <Button
                              type="button"
                              variant="outline"
                              size="xs"
                              aria-expanded={openTrail === record.id}
                              aria-label={`Trail of ${record.activityType} ${record.periodStart} at ${record.facilityName}`}
                              onClick={() => setOpenTrail((open) => (open === record.id ? null : record.id))}
                            >
                              Trail
                            </Button>
                          </td>
                        </tr>
                        {openTrail === record.id && (
                          <tr>
                            <td colSpan={6} className="px-2 py-2">
                              <RecordTrail recordId={record.id} />
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    ))}
                  </tbody>
                </table>
                <div className="flex gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={page <= 1}
                    onClick={() => setPage(page - 1)}
                  >
                    Previous page
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={page >= pageCount}
                    onClick={() => setPage(page + 1)}
                  >
                    Next page
                  </Button>
                </div>
              </div>
            );
          }}
        </QueryStates>
      </DialogContent>
    </Dialog>
  );
}
