import type { GraphNode, GraphResponse } from '@ecc/contracts';
import { Alert, AlertDescription, AlertTitle, Button, EmptyState, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { NetworkIcon } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { formatNumber } from '#lib/format/format-number.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import { canDrawWebGl } from './can-draw-web-gl.ts';
import {
  clusterDataOf,
  countGraph,
  expandCluster,
  facilitySlugOf,
  isClusterNode,
  isEmptyRealmGraph,
  type GraphView,
} from './graph-clusters.ts';
import { graphQueryOptions } from './knowledge-graph-api.ts';
import { NodeDetailsPanel } from './node-details-panel.tsx';
import { LEGEND_NODE_TYPES, nodeTypeColor, nodeTypeLabel } from './node-type-colors.ts';

const loadForceGraphView = () => import('./force-graph-view.tsx');
const ForceGraphView = lazy(() =>
  loadForceGraphView().then((module) => ({ default: module.ForceGraphView })),
);

/**
 * The whole realm at depth 4 from the realm node: business units, facilities, equipment and their types, and the
 * records of each piece of equipment; larger groups (a facility's records, the results of the GWP set) come as
 * the API's summary nodes, drawn as clusters.
 */
const OVERVIEW_DEPTH = 4;
const CANVAS_HEIGHT = 560;

function countLabel(count: number, singular: string, plural: string): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

function TwoDimensionalLink({ focus, children }: { focus?: string; children: string }) {
  return (
    <Link
      to="/knowledgegraph"
      search={focus === undefined ? {} : { focus }}
      className="font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
    </Link>
  );
}

/**
 * Issue 14 item 3: the realm's whole knowledge graph as a 3D force layout. Clusters (the API's summary nodes)
 * stay collapsed until clicked; a click asks for the cluster's members and puts them in its place. The canvas is
 * not readable by a screen reader, so the counts, the legend and a list of every cluster and node (opening the
 * same side panel) stand beside it; without WebGL the page says so and offers the 2D view.
 */
export function KnowledgeGraph3dPage({ route }: PageProps) {
  const overviewQuery = useQuery(graphQueryOptions({ depth: OVERVIEW_DEPTH }));
  // The 3D chunk (three.js) downloads and compiles while the graph loads, not after it arrives.
  useEffect(() => {
    // A failed download shows where the view itself asks for the chunk.
    loadForceGraphView().catch(() => undefined);
  }, []);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader
          title={route.title}
          description="The whole realm at a glance: the organisation, its facilities and equipment, and their records, factors and results. Click a grey cluster to open it."
        />
        <TwoDimensionalLink>Open the 2D lineage view</TwoDimensionalLink>
      </div>
      <QueryStates
        query={overviewQuery}
        loading={
          <LoadingSkeleton
            label="Loading the realm's graph (step 1 of 2)"
            skeletons={['h-6 w-64', `h-[560px] w-full`]}
          />
        }
        errorTitle="The realm's graph could not be loaded"
        isEmpty={isEmptyRealmGraph}
        empty={
          <EmptyState
            icon={<NetworkIcon />}
            title="Nothing to draw yet"
            description="The realm has no business units, facilities, reports or targets yet. Add a facility or import records, and the graph shows them."
          />
        }
      >
        {(overview) => <Overview3d overview={overview} />}
      </QueryStates>
    </div>
  );
}

function Overview3d({ overview }: { overview: GraphResponse }) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<GraphView>(() => ({ nodes: overview.nodes, edges: overview.edges }));
  const [selected, setSelected] = useState<GraphNode>();
  const [openingId, setOpeningId] = useState<string>();
  const [hasWebGl] = useState(canDrawWebGl);
  const counts = countGraph(view);

  const openCluster = useCallback(
    async (cluster: GraphNode) => {
      const data = clusterDataOf(cluster);
      if (!data) return;
      setOpeningId(cluster.id);
      try {
        const members = await queryClient.fetchQuery(graphQueryOptions(data.expand));
        setView((current) => expandCluster(current, cluster.id, members));
        setSelected(members.nodes.find((node) => node.id === data.ownerId));
      } catch (error) {
        toast({
          variant: 'destructive',
          title: `${cluster.label} could not be opened`,
          description: (error as Error).message,
        });
      } finally {
        setOpeningId(undefined);
      }
    },
    [queryClient],
  );

  const chooseNode = useCallback(
    (node: GraphNode) => {
      if (isClusterNode(node)) void openCluster(node);
      else setSelected(node);
    },
    [openCluster],
  );

  const typeCounts = useMemo(() => {
    const byType = new Map<GraphNode['type'], number>();
    for (const node of view.nodes) byType.set(node.type, (byType.get(node.type) ?? 0) + 1);
    return byType;
  }, [view.nodes]);

  const summary = `${countLabel(counts.nodes, 'node', 'nodes')}, ${countLabel(counts.edges, 'edge', 'edges')}, ${countLabel(counts.clusters, 'cluster', 'clusters')}`;

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid min-w-0 gap-3">
        <p className="text-sm" aria-live="polite" data-testid="graph-summary">
          {summary}
          {openingId === undefined ? '' : ' — opening a cluster…'}
        </p>
        {hasWebGl ? (
          <div
            role="img"
            className="min-w-0 overflow-hidden"
            aria-label={`3D force layout of the realm's knowledge graph: ${summary}. The lists beside it reach every node and cluster.`}
          >
            <Suspense
              fallback={
                <LoadingSkeleton label="Loading the 3D view (step 2 of 2)" skeletons={[`h-[560px] w-full`]} />
              }
            >
              <ForceGraphView view={view} height={CANVAS_HEIGHT} onNodeClick={chooseNode} />
            </Suspense>
          </div>
        ) : (
          <Alert kind="warning">
            <AlertTitle>This browser cannot draw the 3D view</AlertTitle>
            <AlertDescription>
              WebGL is turned off or not supported here. The lists below reach every node, and the{' '}
              <TwoDimensionalLink>2D lineage view</TwoDimensionalLink> draws the same graph without WebGL.
            </AlertDescription>
          </Alert>
        )}
        <Legend typeCounts={typeCounts} />
      </div>
      <aside className="grid content-start gap-4" aria-label="Graph details">
        {selected === undefined ? (
          <p className="text-sm text-muted-foreground">
            Choose a node in the view or the lists to see its details.
          </p>
        ) : (
          <NodeDetailsPanel
            node={selected}
            facilitySlug={facilitySlugOf(view, selected.id)}
            onClose={() => setSelected(undefined)}
          >
            <TwoDimensionalLink focus={selected.id}>Open in 2D</TwoDimensionalLink>
          </NodeDetailsPanel>
        )}
        <NodeLists view={view} openingId={openingId} onChoose={chooseNode} />
      </aside>
    </div>
  );
}

function Legend({ typeCounts }: { typeCounts: ReadonlyMap<GraphNode['type'], number> }) {
  return (
    <ul aria-label="Legend: node colours by type" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {LEGEND_NODE_TYPES.filter((type) => typeCounts.has(type)).map((type) => (
        <li key={type} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block size-3 rounded-full border"
            style={{ background: nodeTypeColor(type) }}
          />
          {nodeTypeLabel(type)} ({formatNumber(typeCounts.get(type) ?? 0)})
        </li>
      ))}
    </ul>
  );
}

function NodeLists({
  view,
  openingId,
  onChoose,
}: {
  view: GraphView;
  openingId: string | undefined;
  onChoose: (node: GraphNode) => void;
}) {
  const clusters = view.nodes.filter(isClusterNode);
  const ownerLabels = new Map(view.nodes.map((node) => [node.id, node.label]));
  const byType = LEGEND_NODE_TYPES.filter((type) => type !== 'summary')
    .map((type) => ({ type, nodes: view.nodes.filter((node) => node.type === type) }))
    .filter((group) => group.nodes.length > 0);
  return (
    <nav aria-label="Clusters and nodes" className="grid gap-3 text-sm">
      {clusters.length > 0 ? (
        <section aria-labelledby="graph-3d-clusters" className="grid gap-1">
          <h2 id="graph-3d-clusters" className="font-semibold">
            Clusters
          </h2>
          <ul className="grid max-h-64 gap-1 overflow-y-auto">
            {clusters.map((cluster) => {
              const owner = ownerLabels.get(String(cluster.data.ownerId));
              const name = owner === undefined ? cluster.label : `${cluster.label} of ${owner}`;
              return (
                <li key={cluster.id}>
                  <Button
                    type="button"
                    variant="outline"
                    size="xs"
                    className="h-auto w-full justify-start whitespace-normal text-left"
                    disabled={openingId !== undefined}
                    aria-label={`Open ${name}`}
                    onClick={() => onChoose(cluster)}
                  >
                    {name}
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {byType.map((group) => (
        <NodeTypeList key={group.type} type={group.type} nodes={group.nodes} onChoose={onChoose} />
      ))}
    </nav>
  );
}

/** One type's nodes behind a disclosure; the buttons are built only once it is open (a realm has thousands). */
function NodeTypeList({
  type,
  nodes,
  onChoose,
}: {
  type: GraphNode['type'];
  nodes: GraphNode[];
  onChoose: (node: GraphNode) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <details onToggle={(event) => setIsOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer">
        {nodeTypeLabel(type)} ({formatNumber(nodes.length)})
      </summary>
      {isOpen ? (
        <ul className="grid max-h-64 gap-1 overflow-y-auto py-1">
          {nodes.map((node) => (
            <li key={node.id}>
              <Button
                type="button"
                variant="ghost"
                size="xs"
                className="h-auto w-full justify-start whitespace-normal text-left"
                onClick={() => onChoose(node)}
              >
                {node.label}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
