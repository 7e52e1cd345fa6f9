import {
  GRAPH_DEFAULT_DEPTH,
  GRAPH_MAX_DEPTH,
  GRAPH_MIN_DEPTH,
  GRAPH_NODE_TYPES,
  GRAPH_SUMMARY_TYPE,
  type GraphNodeType,
  type GraphResponse,
} from '@ecc/contracts';
import { Button, EmptyState } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { Building2Icon, SearchXIcon } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { isApiResponseError } from '#lib/api/api-response-error.ts';
import { FACILITY_LIST_PATH } from '#lib/facility-links/facility-link.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import { GraphExplorer } from './graph-explorer.tsx';
import { NODE_TYPE_NAMES } from './graph-node-appearance.ts';
import { GRAPH_PERSPECTIVES, perspectiveTypes, perspectiveValue } from './graph-perspectives.ts';
import { GraphSearchBox } from './graph-search-box.tsx';
import { graphQueryOptions } from './knowledge-graph-api.ts';

const PAGE_PATH = '/knowledgegraph';

/** What the URL keeps: the focus node, the depth and the perspective, so a link can open the same view. */
export interface KnowledgeGraphSearch {
  focus?: string | undefined;
  depth?: number | undefined;
  perspective?: string | undefined;
}

export function knowledgeGraphSearchOf(search: Readonly<Record<string, unknown>>): KnowledgeGraphSearch {
  const depth = Number(search['depth']);
  return {
    focus: typeof search['focus'] === 'string' && search['focus'] !== '' ? search['focus'] : undefined,
    depth:
      Number.isInteger(depth) && depth >= GRAPH_MIN_DEPTH && depth <= GRAPH_MAX_DEPTH ? depth : undefined,
    perspective: typeof search['perspective'] === 'string' ? search['perspective'] : undefined,
  };
}

/** A realm focus that shows no facility, nor a summary of them: the realm has none yet. */
function isRealmWithoutFacilities(response: GraphResponse): boolean {
  const focus = response.nodes[0];
  if (focus?.type !== 'realm') return false;
  return !response.nodes.some(
    (node) =>
      node.type === 'facility' ||
      node.type === 'business-unit' ||
      (node.type === GRAPH_SUMMARY_TYPE && node.data['memberType'] === 'facility'),
  );
}

/**
 * `/knowledgegraph`: the realm's lineage in 2D around one node (the realm unless the URL names a focus), laid out
 * left → right from factor sources and factors to records, results, facilities and reports.
 */
export function KnowledgeGraphPage({ route }: PageProps) {
  const navigate = useNavigate();
  const search = knowledgeGraphSearchOf(
    useLocation({ select: (location) => location.search as Record<string, unknown> }),
  );
  const types = perspectiveTypes(search.perspective);
  const depth = search.depth ?? GRAPH_DEFAULT_DEPTH;
  const request = {
    ...(search.focus ? { focus: search.focus } : {}),
    depth,
    ...(types ? { types: [...types] } : {}),
  };
  const query = useQuery(graphQueryOptions(request));

  const setSearch = (next: KnowledgeGraphSearch) =>
    void navigate({
      to: PAGE_PATH,
      search: Object.fromEntries(
        Object.entries({ ...search, ...next }).filter(([, value]) => value !== undefined),
      ),
    });
  const setTypes = (next: readonly GraphNodeType[] | undefined) =>
    setSearch({ perspective: perspectiveValue(next) });

  const toolbar = (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-4">
        <GraphSearchBox onChoose={(node) => setSearch({ focus: node.id })} />
        <div className="grid gap-1">
          <label htmlFor="graph-depth" className="font-medium text-sm">
            Depth
          </label>
          <select
            id="graph-depth"
            className="h-9 rounded-md border bg-background px-2 text-sm"
            value={depth}
            onChange={(event) => setSearch({ depth: Number(event.target.value) })}
          >
            {Array.from(
              { length: GRAPH_MAX_DEPTH - GRAPH_MIN_DEPTH + 1 },
              (_, index) => GRAPH_MIN_DEPTH + index,
            ).map((value) => (
              <option key={value} value={value}>
                {value} {value === 1 ? 'step' : 'steps'}
              </option>
            ))}
          </select>
        </div>
        {search.focus && (
          <Button variant="outline" size="sm" onClick={() => setSearch({ focus: undefined })}>
            Back to the realm
          </Button>
        )}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-sm">Perspective</legend>
        <div className="flex flex-wrap gap-2">
          {GRAPH_PERSPECTIVES.map((perspective) => {
            const isActive = perspectiveValue(perspective.types) === perspectiveValue(types);
            return (
              <Button
                key={perspective.key}
                size="xs"
                variant={isActive ? 'default' : 'outline'}
                aria-pressed={isActive}
                onClick={() => setTypes(perspective.types)}
              >
                {perspective.label}
              </Button>
            );
          })}
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {GRAPH_NODE_TYPES.map((type) => {
            const isChecked = types === undefined || types.includes(type);
            return (
              <label key={type} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={isChecked}
                  onChange={() => {
                    const current = types ?? GRAPH_NODE_TYPES;
                    setTypes(isChecked ? current.filter((each) => each !== type) : [...current, type]);
                  }}
                />
                {NODE_TYPE_NAMES[type].one}
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );

  const isFocusMissing = isApiResponseError(query.error, 404);
  return (
    <>
      <PageHeader title={route.title} description={route.description} />
      {isFocusMissing ? (
        <div className="grid gap-4">
          {toolbar}
          <EmptyState
            icon={<SearchXIcon />}
            title="That node is not in this realm"
            description="The link names a node this realm does not have, or that was removed."
            action={
              <Button variant="outline" onClick={() => setSearch({ focus: undefined })}>
                Show the realm
              </Button>
            }
          />
        </div>
      ) : (
        <QueryStates
          query={query}
          loading={<LoadingSkeleton label="Loading the knowledge graph" skeletons={['h-24', 'h-[36rem]']} />}
          errorTitle="The knowledge graph could not be loaded"
          isEmpty={isRealmWithoutFacilities}
          empty={
            <EmptyState
              icon={<Building2Icon />}
              title="This realm has no facilities yet"
              description="The graph starts from the realm's facilities: create one, then record its activity."
              action={
                <Link to={FACILITY_LIST_PATH} className="text-primary underline-offset-4 hover:underline">
                  Create a facility
                </Link>
              }
            />
          }
        >
          {(data) => (
            <GraphExplorer
              key={JSON.stringify(request)}
              response={data}
              types={types}
              onRefocus={(nodeId) => setSearch({ focus: nodeId })}
              toolbar={toolbar}
            />
          )}
        </QueryStates>
      )}
    </>
  );
}
