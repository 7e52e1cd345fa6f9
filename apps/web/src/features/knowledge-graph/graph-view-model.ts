import type { GraphEdge, GraphEdgeType, GraphNode, GraphResponse } from '@ecc/contracts';

/** Who brought a node into view: the first answer (the focus's neighbourhood) or the expansion of a node. */
export const INITIAL_ORIGIN = '';

/**
 * What the page shows: the nodes and edges merged from every answer, and for each node which expansions
 * brought it, so collapsing a node hides exactly what only it brought.
 */
export interface GraphView {
  nodes: ReadonlyMap<string, GraphNode>;
  edges: ReadonlyMap<string, GraphEdge>;
  /** Node id → the ids of the nodes whose expansion brought it (`INITIAL_ORIGIN` for the first answer). */
  origins: ReadonlyMap<string, ReadonlySet<string>>;
  /** The nodes expanded so far, in order. */
  expanded: ReadonlySet<string>;
}

export const EMPTY_GRAPH_VIEW: GraphView = {
  nodes: new Map(),
  edges: new Map(),
  origins: new Map(),
  expanded: new Set(),
};

export function edgeKeyOf(edge: GraphEdge): string {
  return `${edge.source}|${edge.type}|${edge.target}`;
}

/** The view of one answer alone, every node brought by the first load. */
export function viewOfResponse(response: GraphResponse): GraphView {
  return mergeNeighbourhood(EMPTY_GRAPH_VIEW, response, INITIAL_ORIGIN);
}

/**
 * Adds an answer's nodes and edges to the view, noting that `originId` brought them; nodes already shown keep
 * their origins too. Expanding a summary (`replacedId`) takes the summary out: its members stand in its place.
 */
export function mergeNeighbourhood(
  view: GraphView,
  response: GraphResponse,
  originId: string,
  replacedId?: string,
): GraphView {
  const nodes = new Map(view.nodes);
  const edges = new Map(view.edges);
  const origins = new Map(view.origins);
  for (const node of response.nodes) {
    if (node.id === replacedId) continue;
    if (!nodes.has(node.id)) nodes.set(node.id, node);
    // The expanded node is in its own answer; it did not bring itself.
    const added = node.id === originId ? [] : [originId];
    origins.set(node.id, new Set([...(origins.get(node.id) ?? []), ...added]));
  }
  for (const edge of response.edges) {
    if (edge.source === replacedId || edge.target === replacedId) continue;
    edges.set(edgeKeyOf(edge), edge);
  }
  const merged: GraphView = {
    nodes,
    edges,
    origins,
    expanded: originId === INITIAL_ORIGIN ? view.expanded : new Set([...view.expanded, originId]),
  };
  return replacedId === undefined ? merged : withoutNodes(merged, new Set([replacedId]));
}

function withoutNodes(view: GraphView, removed: ReadonlySet<string>): GraphView {
  const nodes = new Map([...view.nodes].filter(([id]) => !removed.has(id)));
  const edges = new Map(
    [...view.edges].filter(([, edge]) => !removed.has(edge.source) && !removed.has(edge.target)),
  );
  const origins = new Map([...view.origins].filter(([id]) => !removed.has(id)));
  const expanded = new Set([...view.expanded].filter((id) => !removed.has(id)));
  return { nodes, edges, origins, expanded };
}

/**
 * Hides what only `nodeId`'s expansion brought, and in turn what only those nodes' expansions brought; a node
 * also brought by the first answer or by another expansion stays. The node itself stays.
 */
export function collapseNode(view: GraphView, nodeId: string): GraphView {
  const origins = new Map(view.origins);
  const removed = new Set<string>();
  const pending = [nodeId];
  while (pending.length > 0) {
    const originId = pending.pop()!;
    for (const [id, nodeOrigins] of origins) {
      if (!nodeOrigins.has(originId) || id === nodeId) continue;
      const remaining = new Set([...nodeOrigins].filter((origin) => origin !== originId));
      origins.set(id, remaining);
      if (remaining.size === 0 && !removed.has(id)) {
        removed.add(id);
        pending.push(id);
      }
    }
  }
  const expanded = new Set([...view.expanded].filter((id) => id !== nodeId));
  return withoutNodes({ ...view, origins, expanded }, removed);
}

/**
 * Edge types drawn against their direction in the layout, so that the layers read left → right from sources
 * (factor sources, GWP sets, factors, equipment types) to records, results, facilities, the realm and its reports.
 * The arrow still points the edge's own way.
 */
const UPSTREAM_TARGET_EDGES: ReadonlySet<GraphEdgeType> = new Set<GraphEdgeType>([
  'USES_FACTOR',
  'FROM_SOURCE',
  'WEIGHTED_BY',
  'HAS_EQUIPMENT',
  'OF_TYPE',
  'COVERS',
]);

export function isDrawnReversed(type: GraphEdgeType): boolean {
  return UPSTREAM_TARGET_EDGES.has(type);
}

export const NODE_WIDTH = 180;
export const NODE_HEIGHT = 44;

/** The input elkjs lays out: one box per node, one edge per edge, in lineage order (see `isDrawnReversed`). */
export interface LayoutInput {
  id: string;
  layoutOptions: Record<string, string>;
  children: { id: string; width: number; height: number }[];
  edges: { id: string; sources: string[]; targets: string[] }[];
}

export function buildLayoutInput(view: GraphView): LayoutInput {
  return {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '60',
      'elk.spacing.nodeNode': '16',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    },
    children: [...view.nodes.keys()].map((id) => ({ id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    edges: [...view.edges].map(([key, edge]) => {
      const isReversed = isDrawnReversed(edge.type);
      return {
        id: key,
        sources: [isReversed ? edge.target : edge.source],
        targets: [isReversed ? edge.source : edge.target],
      };
    }),
  };
}

export interface Point {
  x: number;
  y: number;
}

export type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

const DIRECTIONS: Record<ArrowKey, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** The nodes joined to `nodeId` by an edge of the view, each once. */
export function neighboursOf(view: GraphView, nodeId: string): string[] {
  const neighbours = new Set<string>();
  for (const edge of view.edges.values()) {
    if (edge.source === nodeId) neighbours.add(edge.target);
    if (edge.target === nodeId) neighbours.add(edge.source);
  }
  neighbours.delete(nodeId);
  return [...neighbours];
}

/**
 * The neighbour an arrow key moves to: of the neighbours within 45° of the key's direction (else of those on its
 * side), the nearest, a sideways offset counting double. Undefined when none lies that way.
 */
export function neighbourInDirection(
  current: Point,
  neighbours: readonly { id: string; position: Point }[],
  key: ArrowKey,
): string | undefined {
  const direction = DIRECTIONS[key];
  let best: { id: string; isInCone: boolean; cost: number } | undefined;
  for (const neighbour of neighbours) {
    const dx = neighbour.position.x - current.x;
    const dy = neighbour.position.y - current.y;
    const along = dx * direction.x + dy * direction.y;
    if (along <= 0) continue;
    const across = Math.abs(dx * direction.y - dy * direction.x);
    const candidate = { id: neighbour.id, isInCone: across <= along, cost: along + 2 * across };
    const isBetter =
      best === undefined ||
      (candidate.isInCone && !best.isInCone) ||
      (candidate.isInCone === best.isInCone &&
        (candidate.cost < best.cost || (candidate.cost === best.cost && candidate.id < best.id)));
    if (isBetter) best = candidate;
  }
  return best?.id;
}
