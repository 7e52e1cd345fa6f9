import {
  GRAPH_SUMMARY_TYPE,
  graphNodeIdOf,
  type GraphEdge,
  type GraphNode,
  type GraphNodeType,
  type GraphResponse,
  type GraphSummaryData,
} from '@ecc/contracts';
import { relationKeyOf, relationsOf, type GraphRelation } from './graph-relations.ts';

/** A node as the database reads it: its own id (without the type), a label and its facts. */
export interface GraphNodeRecord {
  type: GraphNodeType;
  id: string;
  label: string;
  data: Record<string, unknown>;
}

/**
 * Reads the graph for the walk, one relation for many owners of one type at once, so a level costs a query or
 * two per relation rather than per node.
 */
export interface GraphGroupReader {
  /** How many members `relation` has next to each owner (owners without any may be left out). */
  countMembers(owners: readonly GraphNodeRecord[], relation: GraphRelation): Promise<Map<string, number>>;
  /** Members `offset` to `offset + limit` of `relation` next to each owner, in a stable order. */
  readMembers(
    owners: readonly GraphNodeRecord[],
    relation: GraphRelation,
    page: { limit: number; offset: number },
  ): Promise<Map<string, GraphNodeRecord[]>>;
}

export interface GraphAssemblyInput {
  focus: GraphNodeRecord;
  depth: number;
  /** The types shown and walked through; every type when undefined. */
  types: readonly GraphNodeType[] | undefined;
  limit: number;
  /** When set, the focus's groups are paged from here instead of summarised whole. */
  offset: number | undefined;
  /** The most nodes of the answer; a group that would pass it is summarised. */
  maxNodes: number;
}

const PLURAL_NAMES: Record<GraphNodeType, string> = {
  realm: 'realms',
  'business-unit': 'business units',
  facility: 'facilities',
  equipment: 'pieces of equipment',
  'equipment-type': 'equipment types',
  'activity-record': 'activity records',
  'emission-factor': 'emission factors',
  'factor-source': 'factor sources',
  'gwp-set': 'GWP sets',
  'emission-result': 'emission results',
  report: 'reports',
  target: 'targets',
};

/** "1,284 activity records", or "1,234 more activity records" for the rest of a paged group. */
export function summaryLabelOf(memberType: GraphNodeType, count: number, isRest: boolean): string {
  return `${count.toLocaleString('en-US')} ${isRest ? 'more ' : ''}${PLURAL_NAMES[memberType]}`;
}

function nodeIdOf(record: GraphNodeRecord): string {
  return graphNodeIdOf(record.type, record.id);
}

/** The edge a relation draws between an owner and one of its members, pointing its own way. */
export function graphEdgeOf(relation: GraphRelation, ownerId: string, memberId: string): GraphEdge {
  return relation.direction === 'out'
    ? { source: ownerId, target: memberId, type: relation.edgeType }
    : { source: memberId, target: ownerId, type: relation.edgeType };
}

/**
 * The neighbourhood of the focus up to `depth` edges away, walked breadth first through the types asked for.
 * A relation with more members than the limit (or than the node budget leaves) becomes one summary node that
 * says how many there are and how to ask for them; the focus's groups are paged instead when `offset` is set.
 * Nothing is left out without a summary saying so, and every edge names nodes of the answer.
 */
export async function assembleGraph(
  input: GraphAssemblyInput,
  reader: GraphGroupReader,
): Promise<GraphResponse> {
  const isShown = (type: GraphNodeType) => input.types === undefined || input.types.includes(type);
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  let isTruncated = false;
  const addEdge = (edge: GraphEdge) => edges.set(`${edge.source}|${edge.type}|${edge.target}`, edge);
  const focusId = nodeIdOf(input.focus);
  nodes.set(focusId, {
    id: focusId,
    type: input.focus.type,
    label: input.focus.label,
    data: input.focus.data,
  });

  const addSummary = (owner: GraphNodeRecord, relation: GraphRelation, count: number, offset: number) => {
    const ownerId = nodeIdOf(owner);
    const isRest = offset > 0;
    const summaryId = graphNodeIdOf(
      GRAPH_SUMMARY_TYPE,
      `${ownerId}/${relationKeyOf(relation)}${isRest ? `@${offset}` : ''}`,
    );
    const data: GraphSummaryData = {
      memberType: relation.memberType,
      count,
      ownerId,
      expand: { focus: ownerId, types: [relation.memberType], depth: 1, limit: input.limit, offset },
    };
    nodes.set(summaryId, {
      id: summaryId,
      type: GRAPH_SUMMARY_TYPE,
      label: summaryLabelOf(relation.memberType, count, isRest),
      data,
    });
    addEdge(graphEdgeOf(relation, ownerId, summaryId));
    isTruncated = true;
  };

  let frontier: GraphNodeRecord[] = [input.focus];
  for (let level = 1; level <= input.depth && frontier.length > 0; level += 1) {
    const next: GraphNodeRecord[] = [];
    // Only the focus is paged, and it is the whole first level.
    const isPaged = level === 1 && input.offset !== undefined;
    const offset = isPaged ? (input.offset ?? 0) : 0;
    for (const ownerType of new Set(frontier.map((owner) => owner.type))) {
      const owners = frontier.filter((owner) => owner.type === ownerType);
      for (const relation of relationsOf(ownerType).filter((each) => isShown(each.memberType))) {
        const totals = await reader.countMembers(owners, relation);
        const totalOf = (owner: GraphNodeRecord) => totals.get(owner.id) ?? 0;
        const shownOwners = owners.filter(
          (owner) => totalOf(owner) > offset && (isPaged || totalOf(owner) <= input.limit),
        );
        const membersByOwner =
          shownOwners.length === 0
            ? new Map<string, GraphNodeRecord[]>()
            : await reader.readMembers(shownOwners, relation, { limit: input.limit, offset });
        for (const owner of owners) {
          const total = totalOf(owner);
          if (total <= offset) continue;
          const members = membersByOwner.get(owner.id) ?? [];
          const newMembers = members.filter((member) => !nodes.has(nodeIdOf(member)));
          const isOverBudget = nodes.size + newMembers.length > input.maxNodes;
          if (!shownOwners.includes(owner) || isOverBudget) {
            addSummary(owner, relation, total - offset, offset);
            continue;
          }
          const ownerId = nodeIdOf(owner);
          for (const member of members) {
            const memberId = nodeIdOf(member);
            if (!nodes.has(memberId)) {
              nodes.set(memberId, {
                id: memberId,
                type: member.type,
                label: member.label,
                data: member.data,
              });
              next.push(member);
            }
            addEdge(graphEdgeOf(relation, ownerId, memberId));
          }
          const shownUpTo = offset + members.length;
          if (isPaged && total > shownUpTo) addSummary(owner, relation, total - shownUpTo, shownUpTo);
        }
      }
    }
    frontier = next;
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()], truncated: isTruncated };
}
