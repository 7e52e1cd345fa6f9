import {
  GRAPH_SUMMARY_TYPE,
  graphSummaryDataSchema,
  type GraphEdge,
  type GraphNode,
  type GraphResponse,
  type GraphSummaryData,
} from '@ecc/contracts';

/** The nodes and edges on screen: the overview's answer with the clusters the user opened replaced. */
export interface GraphView {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** A summary node of the API ("193 activity records"), drawn as one collapsed cluster until it is opened. */
export function isClusterNode(node: GraphNode): boolean {
  return node.type === GRAPH_SUMMARY_TYPE;
}

/** What a cluster stands for and how to ask for its members; undefined for a node that is not a cluster. */
export function clusterDataOf(node: GraphNode): GraphSummaryData | undefined {
  if (!isClusterNode(node)) return undefined;
  const parsed = graphSummaryDataSchema.safeParse(node.data);
  return parsed.success ? parsed.data : undefined;
}

function edgeKeyOf(edge: GraphEdge): string {
  return `${edge.source}|${edge.type}|${edge.target}`;
}

/**
 * Replaces a cluster by its members: the cluster and its edges leave, the members (and, for a large group, the
 * summary of the rest the API adds) join with their edges. A member already on screen, reached another way,
 * stays one node; an edge is kept once. Edges whose ends are not both on screen are dropped, so the view never
 * draws an edge to nowhere.
 */
export function expandCluster(view: GraphView, clusterId: string, members: GraphResponse): GraphView {
  const nodes = new Map(view.nodes.filter((node) => node.id !== clusterId).map((node) => [node.id, node]));
  for (const node of members.nodes) if (!nodes.has(node.id)) nodes.set(node.id, node);
  const edges = new Map<string, GraphEdge>();
  for (const edge of [...view.edges, ...members.edges]) {
    if (edge.source === clusterId || edge.target === clusterId) continue;
    if (!nodes.has(edge.source) || !nodes.has(edge.target)) continue;
    edges.set(edgeKeyOf(edge), edge);
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}

export interface GraphCounts {
  nodes: number;
  edges: number;
  clusters: number;
}

export function countGraph(view: GraphView): GraphCounts {
  return {
    nodes: view.nodes.length,
    edges: view.edges.length,
    clusters: view.nodes.filter(isClusterNode).length,
  };
}

/** The overview holds nothing of the realm's own when no node but the realm and its GWP set is in it. */
export function isEmptyRealmGraph(view: GraphView): boolean {
  return view.nodes.every((node) => node.type === 'realm' || node.type === 'gwp-set');
}

const BELONGS_TO_A_FACILITY = new Set<GraphNode['type']>(['equipment', 'activity-record', 'emission-result']);

function slugOfFacility(node: GraphNode | undefined): string | undefined {
  return node?.type === 'facility' && typeof node.data['slug'] === 'string' ? node.data['slug'] : undefined;
}

/**
 * The slug of the facility a node belongs to, read from the edges on screen: an equipment's or record's own
 * facility, or a result's through its record. The side panel's links to the facility view and trail need it.
 */
export function facilitySlugOf(view: GraphView, nodeId: string): string | undefined {
  const nodesById = new Map(view.nodes.map((node) => [node.id, node]));
  const neighboursOf = (id: string) =>
    view.edges
      .filter((edge) => edge.source === id || edge.target === id)
      .map((edge) => nodesById.get(edge.source === id ? edge.target : edge.source))
      .filter((node): node is GraphNode => node !== undefined);
  const node = nodesById.get(nodeId);
  if (!node || !BELONGS_TO_A_FACILITY.has(node.type)) return slugOfFacility(node);
  const neighbours = neighboursOf(nodeId);
  const direct = neighbours.map(slugOfFacility).find((slug) => slug !== undefined);
  if (direct !== undefined) return direct;
  return neighbours
    .filter((node) => node.type === 'activity-record')
    .flatMap((record) => neighboursOf(record.id).map(slugOfFacility))
    .find((slug) => slug !== undefined);
}
