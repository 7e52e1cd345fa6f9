import { defineEndpoint } from './endpoint.ts';
import { z } from './zod.ts';

/*
 * The knowledge graph (issue 14, item 1; decision 036): nodes and edges read from the realm's own tables at
 * request time, never a second copy. A node's id is `<type>:<id>`, the id being the row's own (a uuid, a GWP
 * set's id, or for an emission result `<activity record id>/<scope 2 method>`).
 */

/**
 * The node types.
 * - `realm`: the user's realm, the root of the organisation.
 * - `business-unit`: a node of the organisation tree (decision 024).
 * - `facility`, `equipment`, `equipment-type`: the sites, their equipment and its type.
 * - `activity-record`: what was consumed or done in a period (Scope 3 lines included).
 * - `emission-factor`: one factor of one edition (`data.version`) of its source; the shipped library's or the
 *   realm's own.
 * - `factor-source`: the publisher of factors (EPA, DEFRA, a supplier).
 * - `gwp-set`: the IPCC GWP-100 set results are weighted by.
 * - `emission-result`: the engine's answer for one record (and, for Scope 2, one method) on the realm's set.
 * - `report`, `target`: the realm's reports and pathway targets.
 * Calculations (with versions) join as their own type when they exist as records.
 */
export const GRAPH_NODE_TYPES = [
  'realm',
  'business-unit',
  'facility',
  'equipment',
  'equipment-type',
  'activity-record',
  'emission-factor',
  'factor-source',
  'gwp-set',
  'emission-result',
  'report',
  'target',
] as const;
export type GraphNodeType = (typeof GRAPH_NODE_TYPES)[number];

/** A node that stands for many members of one type next to one node (`data` says which and how to page them). */
export const GRAPH_SUMMARY_TYPE = 'summary';

/**
 * The edge types; an edge reads "source TYPE target".
 * - `HAS_EQUIPMENT`: facility → equipment at it.
 * - `RECORDED_AT`: activity record → the facility, and the equipment when it names one.
 * - `USES_FACTOR`: activity record → the emission factor its key names.
 * - `FROM_SOURCE`: emission factor → its factor source.
 * - `WEIGHTED_BY`: emission result → the GWP set it is weighted by; realm → the set it reports on.
 * - `PRODUCED`: activity record → its emission results.
 * - `ROLLS_UP_TO`: facility → its business unit (else the realm); business unit → the unit above (else the realm).
 * - `OF_TYPE`: equipment → its equipment type.
 * - `CITED_IN`: what a report includes → the report, where its newest version's sections say so (KPI tiles cite
 *   the realm's totals of a year: realm → report).
 * - `COVERS`: target → the realm whose emissions (of `data.scopes`) it covers.
 */
export const GRAPH_EDGE_TYPES = [
  'HAS_EQUIPMENT',
  'RECORDED_AT',
  'USES_FACTOR',
  'FROM_SOURCE',
  'WEIGHTED_BY',
  'PRODUCED',
  'ROLLS_UP_TO',
  'OF_TYPE',
  'CITED_IN',
  'COVERS',
] as const;
export type GraphEdgeType = (typeof GRAPH_EDGE_TYPES)[number];

export const GRAPH_MIN_DEPTH = 1;
export const GRAPH_MAX_DEPTH = 4;
export const GRAPH_DEFAULT_DEPTH = 2;
/** The most members of one type next to one node shown one by one; more become a summary node. */
export const GRAPH_DEFAULT_LIMIT = 50;
export const GRAPH_MAX_LIMIT = 500;
/** The most nodes in one answer; groups that would pass it become summary nodes. */
export const GRAPH_MAX_NODES = 2_000;
export const GRAPH_SEARCH_DEFAULT_LIMIT = 20;
export const GRAPH_SEARCH_MAX_LIMIT = 100;

const NODE_ID_PATTERN = /^([a-z-]+):(.+)$/;

export interface GraphNodeRef {
  type: GraphNodeType;
  id: string;
}

/** `facility:1f0…` → `{type: 'facility', id: '1f0…'}`; undefined when the type is unknown or the id empty. */
export function parseGraphNodeId(nodeId: string): GraphNodeRef | undefined {
  const match = NODE_ID_PATTERN.exec(nodeId);
  if (!match) return undefined;
  const type = match[1] as GraphNodeType;
  return GRAPH_NODE_TYPES.includes(type) ? { type, id: match[2]! } : undefined;
}

export function graphNodeIdOf(type: GraphNodeType | typeof GRAPH_SUMMARY_TYPE, id: string): string {
  return `${type}:${id}`;
}

const graphNodeIdSchema = z
  .string()
  .max(200)
  .refine((value) => parseGraphNodeId(value) !== undefined, {
    message: `Name a node as <type>:<id>, the type one of ${GRAPH_NODE_TYPES.join(', ')}`,
  });

/** `types=facility,equipment` or `types=facility&types=equipment`, each a known node type. */
const graphNodeTypesSchema = z.union([z.string(), z.array(z.string())]).transform((value, context) => {
  const names = (Array.isArray(value) ? value : [value])
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const unknown = names.filter((name) => !GRAPH_NODE_TYPES.includes(name as GraphNodeType));
  if (unknown.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `Unknown node type ${unknown.join(', ')}; the types are ${GRAPH_NODE_TYPES.join(', ')}`,
    });
    return z.NEVER;
  }
  return [...new Set(names)] as GraphNodeType[];
});

export const graphQuerySchema = z.object({
  /** The node the neighbourhood is drawn around; the user's realm when absent. */
  focus: graphNodeIdSchema.optional(),
  depth: z.coerce
    .number()
    .int()
    .min(GRAPH_MIN_DEPTH, `The depth is ${GRAPH_MIN_DEPTH} to ${GRAPH_MAX_DEPTH}`)
    .max(GRAPH_MAX_DEPTH, `The depth is ${GRAPH_MIN_DEPTH} to ${GRAPH_MAX_DEPTH}`)
    .default(GRAPH_DEFAULT_DEPTH),
  /** The node types shown and walked through (a perspective); every type when absent. The focus always shows. */
  types: graphNodeTypesSchema.optional(),
  limit: z.coerce.number().int().min(1).max(GRAPH_MAX_LIMIT).default(GRAPH_DEFAULT_LIMIT),
  /**
   * Pages the focus's own groups: members `offset` to `offset + limit` of each type shown one by one, the rest
   * as a summary node whose `expand` asks for the next page. Without it a group above the limit is one summary.
   */
  offset: z.coerce.number().int().min(0).optional(),
});
export type GraphQuery = z.infer<typeof graphQuerySchema>;

/** How to ask for the members a summary node stands for: `GET /api/graph` with these parameters. */
export const graphExpandSchema = z.object({
  focus: z.string(),
  types: z.array(z.enum(GRAPH_NODE_TYPES)),
  depth: z.literal(1),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type GraphExpand = z.infer<typeof graphExpandSchema>;

export const graphSummaryDataSchema = z.object({
  memberType: z.enum(GRAPH_NODE_TYPES),
  /** How many members the node stands for. */
  count: z.number().int(),
  /** The node the members are next to. */
  ownerId: z.string(),
  expand: graphExpandSchema,
});
export type GraphSummaryData = z.infer<typeof graphSummaryDataSchema>;

export const graphNodeSchema = z.object({
  id: z.string(),
  type: z.union([z.enum(GRAPH_NODE_TYPES), z.literal(GRAPH_SUMMARY_TYPE)]),
  label: z.string(),
  /** The row's facts a side panel shows (slug, period, co2eKg…); a summary's `GraphSummaryData`. */
  data: z.record(z.string(), z.unknown()),
});
export type GraphNode = z.infer<typeof graphNodeSchema>;

export const graphEdgeSchema = z.object({
  source: z.string(),
  target: z.string(),
  type: z.enum(GRAPH_EDGE_TYPES),
});
export type GraphEdge = z.infer<typeof graphEdgeSchema>;

export const graphResponseSchema = z.object({
  /** The focus first. */
  nodes: z.array(graphNodeSchema),
  /** Every edge names two nodes of `nodes`. */
  edges: z.array(graphEdgeSchema),
  /** True when something is summarised rather than shown one by one (the summary nodes say what). */
  truncated: z.boolean(),
});
export type GraphResponse = z.infer<typeof graphResponseSchema>;

export const graphSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(200),
  limit: z.coerce.number().int().min(1).max(GRAPH_SEARCH_MAX_LIMIT).default(GRAPH_SEARCH_DEFAULT_LIMIT),
});
export type GraphSearchQuery = z.infer<typeof graphSearchQuerySchema>;

export const graphSearchResponseSchema = z.object({
  /** Best first: a name equal to the text, then starting with it, then containing it; then by name. */
  results: z.array(graphNodeSchema),
});
export type GraphSearchResponse = z.infer<typeof graphSearchResponseSchema>;

export const GRAPH_PATH_MAX_DEPTH = 8;
export const GRAPH_PATH_DEFAULT_DEPTH = 6;
/** The most nodes a path search visits (both ends together) before it gives up. */
export const GRAPH_PATH_MAX_VISITED = 20_000;

export const graphPathQuerySchema = z.object({
  from: graphNodeIdSchema,
  to: graphNodeIdSchema,
  /** The most edges the path may have; the search stops there and answers `found: false`. */
  maxDepth: z.coerce
    .number()
    .int()
    .min(1, `The most edges a path may have is 1 to ${GRAPH_PATH_MAX_DEPTH}`)
    .max(GRAPH_PATH_MAX_DEPTH, `The most edges a path may have is 1 to ${GRAPH_PATH_MAX_DEPTH}`)
    .default(GRAPH_PATH_DEFAULT_DEPTH),
});
export type GraphPathQuery = z.infer<typeof graphPathQuerySchema>;

export const graphPathResponseSchema = z.object({
  /** False when no path of at most `maxDepth` edges joins the two nodes; `nodes` and `edges` are empty then. */
  found: z.boolean(),
  /** The path's nodes in order, `from` first and `to` last. */
  nodes: z.array(graphNodeSchema),
  /** The edges between consecutive nodes, each in its own direction (`source TYPE target`). */
  edges: z.array(graphEdgeSchema),
  /**
   * False when the search stopped at its bound of visited nodes before `maxDepth` (a path may then exist
   * further on); true when every path up to `maxDepth` edges was looked at.
   */
  isExhaustive: z.boolean(),
});
export type GraphPathResponse = z.infer<typeof graphPathResponseSchema>;

export const graphEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/graph',
    query: graphQuerySchema,
    responses: { 200: graphResponseSchema },
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/graph/search',
    query: graphSearchQuerySchema,
    responses: { 200: graphSearchResponseSchema },
  }),
  /** A shortest path between two of the realm's nodes; 404 when either is not the realm's. */
  path: defineEndpoint({
    method: 'GET',
    path: '/api/graph/path',
    query: graphPathQuerySchema,
    responses: { 200: graphPathResponseSchema },
  }),
};
