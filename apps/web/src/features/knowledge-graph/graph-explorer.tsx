import {
  GRAPH_PATH_DEFAULT_DEPTH,
  GRAPH_SUMMARY_TYPE,
  graphSummaryDataSchema,
  type GraphNode,
  type GraphNodeType,
  type GraphPathResponse,
  type GraphResponse,
} from '@ecc/contracts';
import { Button } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { LoadError } from '#components/load-error.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { GraphCanvas } from './graph-canvas.tsx';
import { layOutGraph, type GraphLayout } from './graph-layout.ts';
import { NODE_TYPE_COLOURS, NODE_TYPE_NAMES, edgeTypeName, nodeTypeName } from './graph-node-appearance.ts';
import {
  INITIAL_ORIGIN,
  buildLayoutInput,
  collapseNode,
  edgeKeyOf,
  mergeNeighbourhood,
  viewOfResponse,
  type GraphView,
} from './graph-view-model.ts';
import {
  applyViewportCommand,
  fitTransform,
  viewportCommandOf,
  type CanvasTransform,
  type ViewportCommand,
} from './graph-viewport.ts';
import { graphPathQueryOptions, graphQueryOptions } from './knowledge-graph-api.ts';
import { NodeDetailsPanel } from './node-details-panel.tsx';

export interface GraphExplorerProps {
  response: GraphResponse;
  /** The perspective's types, sent with each expansion so it walks the same types. */
  types: readonly GraphNodeType[] | undefined;
  /** Makes a node the focus (the URL's `focus`). */
  onRefocus: (nodeId: string) => void;
  /** The page's controls above the drawing (search, perspective, depth). */
  toolbar?: ReactNode;
}

/** The slug of the facility a node belongs to, read from the facilities in view next to it. */
function facilitySlugOf(view: GraphView, node: GraphNode): string | undefined {
  const slugOfFacility = (id: string) => {
    const slug = view.nodes.get(id)?.data['slug'];
    return typeof slug === 'string' ? slug : undefined;
  };
  if (node.type === 'facility') return slugOfFacility(node.id);
  const facilityId = node.data['facilityId'];
  if (typeof facilityId === 'string') return slugOfFacility(`facility:${facilityId}`);
  const recordId = node.data['activityRecordId'];
  const record = typeof recordId === 'string' ? view.nodes.get(`activity-record:${recordId}`) : undefined;
  const recordFacilityId = record?.data['facilityId'];
  return typeof recordFacilityId === 'string' ? slugOfFacility(`facility:${recordFacilityId}`) : undefined;
}

/**
 * The interactive graph: the first answer, plus what expansions brought, laid out by elkjs; the side panel of
 * the node chosen; zoom and pan; a legend and a table of what is shown for screen readers.
 */
export function GraphExplorer({ response, types, onRefocus, toolbar }: GraphExplorerProps) {
  const queryClient = useQueryClient();
  const keysHelpId = useId();
  const [view, setView] = useState(() => viewOfResponse(response));
  const [layout, setLayout] = useState<GraphLayout>();
  const [layoutError, setLayoutError] = useState<Error>();
  const [transform, setTransform] = useState<CanvasTransform>();
  const [focusedId, setFocusedId] = useState<string | undefined>(response.nodes[0]?.id);
  const [selectedId, setSelectedId] = useState<string>();
  const [pendingId, setPendingId] = useState<string>();
  const [message, setMessage] = useState('');
  const [pathEnds, setPathEnds] = useState<{ from?: GraphNode; to?: GraphNode }>({});
  const pathQuery = useQuery(graphPathQueryOptions({ from: pathEnds.from?.id, to: pathEnds.to?.id }));
  const path = pathQuery.data;

  // The path's nodes join what is drawn (they may lie outside what was loaded) while the path is chosen.
  const shown = useMemo(
    () =>
      path?.found
        ? mergeNeighbourhood(view, { nodes: path.nodes, edges: path.edges, truncated: false }, INITIAL_ORIGIN)
        : view,
    [view, path],
  );
  const pathNodeIds = useMemo(() => new Set(path?.found ? path.nodes.map((node) => node.id) : []), [path]);
  const pathEdgeKeys = useMemo(() => new Set(path?.found ? path.edges.map(edgeKeyOf) : []), [path]);

  const layoutInput = useMemo(() => buildLayoutInput(shown), [shown]);
  useEffect(() => {
    let isCurrent = true;
    layOutGraph(layoutInput).then(
      (next) => {
        if (!isCurrent) return;
        setLayout(next);
        setLayoutError(undefined);
        // The drawing changes shape with each expansion: fit it again so nothing is left outside the frame.
        setTransform(fitTransform(next));
      },
      (error: unknown) => {
        if (isCurrent) setLayoutError(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [layoutInput]);

  const expand = async (nodeId: string) => {
    const node = shown.nodes.get(nodeId);
    if (!node || pendingId !== undefined) return;
    setPendingId(nodeId);
    try {
      if (node.type === GRAPH_SUMMARY_TYPE) {
        const summary = graphSummaryDataSchema.parse(node.data);
        const page = await queryClient.fetchQuery(graphQueryOptions(summary.expand));
        // The page's focus is the summary's owner, already shown; its members take the summary's place.
        setView((current) => mergeNeighbourhood(current, page, summary.ownerId, nodeId));
        setFocusedId(summary.ownerId);
        setMessage(`Showed ${page.nodes.length - 1} of ${node.label}`);
      } else {
        const answer = await queryClient.fetchQuery(
          graphQueryOptions({ focus: nodeId, depth: 1, ...(types ? { types: [...types] } : {}) }),
        );
        setView((current) => mergeNeighbourhood(current, answer, nodeId));
        setMessage(`Expanded ${node.label}`);
      }
    } catch (error) {
      setMessage(`Could not expand ${node.label}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setPendingId(undefined);
    }
  };

  const collapse = (nodeId: string) => {
    const node = view.nodes.get(nodeId);
    if (!node || !view.expanded.has(nodeId)) return;
    setView((current) => collapseNode(current, nodeId));
    setMessage(`Collapsed ${node.label}`);
  };

  const runViewportCommand = (command: ViewportCommand) => {
    if (transform && layout) setTransform(applyViewportCommand(transform, command, layout));
  };

  const onCanvasKey = (event: KeyboardEvent<SVGSVGElement>) => {
    const command = viewportCommandOf(event);
    if (command) runViewportCommand(command);
    else if (event.key === 'Escape' && selectedId !== undefined) setSelectedId(undefined);
    else return;
    event.preventDefault();
  };

  const selected = selectedId === undefined ? undefined : shown.nodes.get(selectedId);
  const focusNode = response.nodes[0];
  const shownTypes = [...new Set([...shown.nodes.values()].map((node) => node.type))];
  const title = `Knowledge graph around ${focusNode ? nodeTypeName(focusNode) + ' ' + focusNode.label : 'the realm'}: ${shown.nodes.size} nodes, ${shown.edges.size} edges`;

  return (
    <div className="grid gap-4">
      {toolbar}
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Zoom and pan">
        <Button variant="outline" size="sm" onClick={() => runViewportCommand({ kind: 'zoom-in' })}>
          Zoom in
        </Button>
        <Button variant="outline" size="sm" onClick={() => runViewportCommand({ kind: 'zoom-out' })}>
          Zoom out
        </Button>
        <Button variant="outline" size="sm" onClick={() => runViewportCommand({ kind: 'fit' })}>
          Fit
        </Button>
        <p className="text-muted-foreground text-xs" id={keysHelpId}>
          Mouse: the wheel zooms around the pointer, dragging moves the view (two fingers pinch and move on a
          touch screen). Keys on the graph: arrows move between neighbours, Enter opens the details, +
          expands, − collapses, Ctrl+= and Ctrl+− (or ] and [) zoom, Shift+arrows move the view, 0 fits.
        </p>
      </div>
      <p role="status" className="min-h-5 text-sm" aria-live="polite">
        {pendingId !== undefined
          ? `Loading the neighbours of ${shown.nodes.get(pendingId)?.label ?? 'the node'}…`
          : message}
      </p>
      <PathStatus
        from={pathEnds.from}
        to={pathEnds.to}
        isLoading={pathQuery.isFetching}
        error={pathQuery.error}
        path={path}
        onClear={() => setPathEnds({})}
      />
      <div className={selected ? 'grid gap-4 lg:grid-cols-[1fr_20rem]' : 'grid gap-4'}>
        <div className="min-w-0">
          {layoutError ? (
            <LoadError
              title="The graph could not be laid out"
              error={layoutError}
              onRetry={() => setView((current) => ({ ...current }))}
            />
          ) : layout && transform ? (
            <GraphCanvas
              view={shown}
              layout={layout}
              title={title}
              transform={transform}
              focusedId={focusedId}
              selectedId={selectedId}
              pathNodeIds={pathNodeIds}
              pathEdgeKeys={pathEdgeKeys}
              onFocusNode={setFocusedId}
              onOpen={setSelectedId}
              onExpand={(nodeId) => void expand(nodeId)}
              onCollapse={collapse}
              onCanvasKey={onCanvasKey}
              onTransform={setTransform}
              describedBy={keysHelpId}
            />
          ) : (
            <LoadingSkeleton label="Laying out the graph" skeletons={['h-[36rem]']} />
          )}
          <ul aria-label="Legend" className="mt-2 flex flex-wrap gap-3 text-xs">
            {shownTypes.map((type) => (
              <li key={type} className="flex items-center gap-1">
                <span
                  aria-hidden="true"
                  className="inline-block size-3 rounded-sm"
                  style={{ backgroundColor: NODE_TYPE_COLOURS[type] }}
                />
                {NODE_TYPE_NAMES[type].one}
              </li>
            ))}
          </ul>
        </div>
        {selected && (
          <NodeDetailsPanel
            node={selected}
            onClose={() => setSelectedId(undefined)}
            facilitySlug={facilitySlugOf(shown, selected)}
          >
            <div className="flex flex-wrap gap-2">
              {selected.type === GRAPH_SUMMARY_TYPE ? (
                <Button size="sm" onClick={() => void expand(selected.id)} disabled={pendingId !== undefined}>
                  Show these
                </Button>
              ) : (
                <>
                  <Button
                    size="sm"
                    onClick={() => void expand(selected.id)}
                    disabled={pendingId !== undefined}
                  >
                    Expand
                  </Button>
                  {view.expanded.has(selected.id) && (
                    <Button size="sm" variant="outline" onClick={() => collapse(selected.id)}>
                      Collapse
                    </Button>
                  )}
                  <Button size="sm" variant="outline" onClick={() => onRefocus(selected.id)}>
                    Focus here
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setPathEnds((ends) => ({ ...ends, from: selected }))}
                  >
                    Path from here
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setPathEnds((ends) => ({ ...ends, to: selected }))}
                  >
                    Path to here
                  </Button>
                </>
              )}
            </div>
          </NodeDetailsPanel>
        )}
      </div>
      <GraphTable view={shown} />
    </div>
  );
}

interface PathStatusProps {
  from: GraphNode | undefined;
  to: GraphNode | undefined;
  isLoading: boolean;
  error: Error | null;
  path: GraphPathResponse | undefined;
  onClear: () => void;
}

/** The path's ends as chosen so far, then the path found (highlighted in the drawing) or why there is none. */
function PathStatus({ from, to, isLoading, error, path, onClear }: PathStatusProps) {
  if (!from && !to) return null;
  let text: string;
  if (!from || !to) text = `Path from ${from?.label ?? '…'} to ${to?.label ?? '…'}: choose the other end`;
  else if (isLoading) text = `Looking for a path from ${from.label} to ${to.label}…`;
  else if (error) text = `The path could not be found: ${error.message}`;
  else if (path?.found) {
    text = `Path of ${path.edges.length} ${path.edges.length === 1 ? 'step' : 'steps'}: ${path.nodes
      .map((node) => node.label)
      .join(' → ')}`;
  } else if (path && !path.isExhaustive) {
    text = `No path from ${from.label} to ${to.label} found before the search reached its bound`;
  } else text = `No path of at most ${GRAPH_PATH_DEFAULT_DEPTH} steps joins ${from.label} and ${to.label}`;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm" data-testid="graph-path">
      <p role="status">{text}</p>
      <Button size="xs" variant="ghost" onClick={onClear}>
        Clear the path
      </Button>
    </div>
  );
}

/** What the drawing shows, as tables for screen readers. */
function GraphTable({ view }: { view: GraphView }) {
  return (
    <div className="sr-only">
      <table>
        <caption>Nodes shown</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Name</th>
          </tr>
        </thead>
        <tbody>
          {[...view.nodes.values()].map((node) => (
            <tr key={node.id}>
              <td>{nodeTypeName(node)}</td>
              <td>{node.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>Edges shown</caption>
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">Relation</th>
            <th scope="col">To</th>
          </tr>
        </thead>
        <tbody>
          {[...view.edges].map(([key, edge]) => (
            <tr key={key}>
              <td>{view.nodes.get(edge.source)?.label}</td>
              <td>{edgeTypeName(edge.type)}</td>
              <td>{view.nodes.get(edge.target)?.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
