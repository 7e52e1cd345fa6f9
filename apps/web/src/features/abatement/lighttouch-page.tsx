import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { realmCurrencyQueryOptions } from '#lib/organisation/realm-currency-query.ts';
import { useCan } from '#lib/permissions/use-ability.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import { measuresQueryOptions } from './abatement-api.ts';
import { MaccPanel } from './macc-panel.tsx';
import { MeasuresPanel } from './measures-panel.tsx';
import { OptimizerPanel } from './optimizer-panel.tsx';

const TABS = [
  { key: 'optimizer', label: 'Optimizer' },
  { key: 'macc', label: 'MACC' },
  { key: 'measures', label: 'Measures library' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/**
 * `/lighttouch` (alias `/pathwayoptimizer`; issue 12, items 3 and 4): the realm's abatement measures, their
 * marginal abatement cost curve, and the optimizer that picks which to start in which year.
 */
export function LighttouchPage({ route }: PageProps) {
  const measures = useQuery(measuresQueryOptions);
  const currency = useQuery(realmCurrencyQueryOptions);
  const canWrite = useCan('update', 'Realm');
  const [tab, setTab] = useState<TabKey>('optimizer');
  return (
    <div className="grid gap-6">
      <PageHeader
        title={route.title}
        description="Abatement measures, their cost per tonne, and the least-cost plan that keeps emissions on the trajectory."
      />
      <div role="tablist" aria-label="Optimizer views" className="flex gap-1 border-b">
        {TABS.map((each) => (
          <button
            key={each.key}
            type="button"
            role="tab"
            id={`lighttouch-tab-${each.key}`}
            aria-selected={tab === each.key}
            aria-controls={`lighttouch-panel-${each.key}`}
            tabIndex={tab === each.key ? 0 : -1}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium aria-selected:border-primary aria-selected:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            onClick={() => setTab(each.key)}
            onKeyDown={(event) => {
              const index = TABS.findIndex((candidate) => candidate.key === tab);
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (step === 0) return;
              event.preventDefault();
              const next = TABS[(index + step + TABS.length) % TABS.length]!;
              setTab(next.key);
              document.getElementById(`lighttouch-tab-${next.key}`)?.focus();
            }}
          >
            {each.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`lighttouch-panel-${tab}`} aria-labelledby={`lighttouch-tab-${tab}`}>
        <QueryStates
          query={currency}
          loading={<LoadingSkeleton label="Loading the realm's currency" skeletons={['h-10']} />}
          errorTitle="The realm's currency could not be loaded"
        >
          {({ currency: code }) => (
            <QueryStates
              query={measures}
              loading={<LoadingSkeleton label="Loading the measures" skeletons={['h-10', 'h-64']} />}
              errorTitle="The measures could not be loaded"
            >
              {(data) =>
                tab === 'optimizer' ? (
                  <OptimizerPanel measures={data.results} currency={code} />
                ) : tab === 'macc' ? (
                  <MaccPanel measures={data.results} currency={code} />
                ) : (
                  <MeasuresPanel measures={data.results} canWrite={canWrite} currency={code} />
                )
              }
            </QueryStates>
          )}
        </QueryStates>
      </div>
    </div>
  );
}
