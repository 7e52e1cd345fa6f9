import { graphNodeIdOf, type GraphEdge, type GraphNode, type GraphPathResponse } from '@ecc/contracts';
import { graphEdgeOf, type GraphGroupReader, type GraphNodeRecord } from './assemble-graph.ts';
import { relationsOf } from './graph-relations.ts';

export interface GraphPathInput {
  from: GraphNodeRecord;
  to: GraphNodeRecord;
  /** The most edges the path may have. */
  maxDepth: number;
  /** The most nodes both searches may visit together; past it the answer is `isExhaustive: false`. */
  maxVisited: number;
}

interface Reached {
  record: GraphNodeRecord;
  depth: number;
  /** The node it was reached from, and the edge between them; undefined at the search's start. */
  via: { nodeId: string; edge: GraphEdge } | undefined;
}

interface SearchSide {
  reached: Map<string, Reached>;
  frontier: GraphNodeRecord[];
  depth: number;
}

function nodeIdOf(record: GraphNodeRecord): string {
  return graphNodeIdOf(record.type, record.id);
}

function toNode(record: GraphNodeRecord): GraphNode {
  return { id: nodeIdOf(record), type: record.type, label: record.label, data: record.data };
}

function sideFrom(start: GraphNodeRecord): SearchSide {
  return {
    reached: new Map([[nodeIdOf(start), { record: start, depth: 0, via: undefined }]]),
    frontier: [start],
    depth: 0,
  };
}

/** The chain of nodes and edges from the side's start to `nodeId`, start first. */
function chainTo(side: SearchSide, nodeId: string): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  let current = side.reached.get(nodeId);
  while (current) {
    nodes.unshift(toNode(current.record));
    if (!current.via) break;
    edges.unshift(current.via.edge);
    current = side.reached.get(current.via.nodeId);
  }
  return { nodes, edges };
}

/**
 * A shortest path between two nodes, searched breadth first from both ends at once (the smaller frontier
 * grows a level at a time, a level costing one read per relation of its node types, as `assembleGraph`'s walk).
 * Edges are walked either way: the path is a chain of relations, each edge keeping its own direction.
 */
export async function findGraphPath(
  input: GraphPathInput,
  reader: Pick<GraphGroupReader, 'readMembers'>,
): Promise<GraphPathResponse> {
  const fromId = nodeIdOf(input.from);
  const toId = nodeIdOf(input.to);
  if (fromId === toId) return { found: true, nodes: [toNode(input.from)], edges: [], isExhaustive: true };
  const forward = sideFrom(input.from);
  const backward = sideFrom(input.to);
  const visitedCount = () => forward.reached.size + backward.reached.size;

  while (forward.depth + backward.depth < input.maxDepth) {
    if (forward.frontier.length === 0 || backward.frontier.length === 0) break;
    const isForward = forward.frontier.length <= backward.frontier.length;
    const side = isForward ? forward : backward;
    const other = isForward ? backward : forward;
    const next: GraphNodeRecord[] = [];
    let meeting: { nodeId: string; length: number } | undefined;
    for (const ownerType of new Set(side.frontier.map((owner) => owner.type))) {
      const owners = side.frontier.filter((owner) => owner.type === ownerType);
      for (const relation of relationsOf(ownerType)) {
        const membersByOwner = await reader.readMembers(owners, relation, {
          limit: input.maxVisited,
          offset: 0,
        });
        for (const owner of owners) {
          const ownerId = nodeIdOf(owner);
          for (const member of membersByOwner.get(owner.id) ?? []) {
            const memberId = nodeIdOf(member);
            if (side.reached.has(memberId)) continue;
            side.reached.set(memberId, {
              record: member,
              depth: side.depth + 1,
              via: { nodeId: ownerId, edge: graphEdgeOf(relation, ownerId, memberId) },
            });
            next.push(member);
            const met = other.reached.get(memberId);
            const length = met ? side.depth + 1 + met.depth : Infinity;
            if (met && (meeting === undefined || length < meeting.length))
              meeting = { nodeId: memberId, length };
          }
        }
        if (visitedCount() > input.maxVisited && meeting === undefined) {
          return { found: false, nodes: [], edges: [], isExhaustive: false };
        }
      }
    }
    side.frontier = next;
    side.depth += 1;
    if (meeting && meeting.length <= input.maxDepth) {
      const head = chainTo(forward, meeting.nodeId);
      const tail = chainTo(backward, meeting.nodeId);
      return {
        found: true,
        nodes: [...head.nodes, ...tail.nodes.reverse().slice(1)],
        edges: [...head.edges, ...tail.edges.reverse()],
        isExhaustive: true,
      };
    }
  }
  return { found: false, nodes: [], edges: [], isExhaustive: true };
}
