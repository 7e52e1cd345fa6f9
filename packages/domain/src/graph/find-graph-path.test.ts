import type { GraphEdgeType, GraphNodeType } from '@ecc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GraphGroupReader, GraphNodeRecord } from './assemble-graph.ts';
import { findGraphPath } from './find-graph-path.ts';

/*
 * The path search over an in-memory lineage graph (records at facilities, using factors of sources), against a
 * plain breadth-first search of the same edges taken both ways.
 */

interface MemoryEdge {
  source: GraphNodeRecord;
  target: GraphNodeRecord;
  type: GraphEdgeType;
}

const keyOf = (node: GraphNodeRecord) => `${node.type}:${node.id}`;
const node = (type: GraphNodeType, id: string): GraphNodeRecord => ({ type, id, label: id, data: {} });

/** Answers as the repository does: each owner's members of one relation, the edge read the relation's way. */
function readerOf(edges: readonly MemoryEdge[]): Pick<GraphGroupReader, 'readMembers'> {
  return {
    readMembers: async (owners, relation) => {
      const byOwner = new Map<string, GraphNodeRecord[]>();
      for (const owner of owners) {
        const members = edges.flatMap((edge) => {
          if (edge.type !== relation.edgeType) return [];
          const [ownerEnd, memberEnd] =
            relation.direction === 'out' ? [edge.source, edge.target] : [edge.target, edge.source];
          return keyOf(ownerEnd) === keyOf(owner) && memberEnd.type === relation.memberType
            ? [memberEnd]
            : [];
        });
        if (members.length > 0) byOwner.set(owner.id, members);
      }
      return byOwner;
    },
  };
}

function shortestLength(edges: readonly MemoryEdge[], from: string, to: string): number | undefined {
  const distance = new Map([[from, 0]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (current === to) return distance.get(current);
    for (const edge of edges) {
      const ends = [keyOf(edge.source), keyOf(edge.target)];
      if (!ends.includes(current)) continue;
      const other = ends[0] === current ? ends[1]! : ends[0]!;
      if (!distance.has(other)) {
        distance.set(other, distance.get(current)! + 1);
        queue.push(other);
      }
    }
  }
  return undefined;
}

const facilities = [node('facility', 'f0'), node('facility', 'f1'), node('facility', 'f2')];
const records = Array.from({ length: 6 }, (_, index) => node('activity-record', `r${index}`));
const factors = [node('emission-factor', 'e0'), node('emission-factor', 'e1'), node('emission-factor', 'e2')];
const sources = [node('factor-source', 's0'), node('factor-source', 's1')];
const everyNode = [...facilities, ...records, ...factors, ...sources];

const lineageGraphs = fc
  .record({
    recordedAt: fc.array(fc.option(fc.constantFrom(...facilities), { nil: undefined }), {
      minLength: 6,
      maxLength: 6,
    }),
    usesFactor: fc.array(fc.option(fc.constantFrom(...factors), { nil: undefined }), {
      minLength: 6,
      maxLength: 6,
    }),
    fromSource: fc.array(fc.option(fc.constantFrom(...sources), { nil: undefined }), {
      minLength: 3,
      maxLength: 3,
    }),
  })
  .map(({ recordedAt, usesFactor, fromSource }): MemoryEdge[] => [
    ...records.flatMap((record, index) => [
      ...(recordedAt[index]
        ? [{ source: record, target: recordedAt[index], type: 'RECORDED_AT' as const }]
        : []),
      ...(usesFactor[index]
        ? [{ source: record, target: usesFactor[index], type: 'USES_FACTOR' as const }]
        : []),
    ]),
    ...factors.flatMap((factor, index) =>
      fromSource[index] ? [{ source: factor, target: fromSource[index], type: 'FROM_SOURCE' as const }] : [],
    ),
  ]);

describe('the shortest path between two nodes', () => {
  it('is as short as a plain breadth-first search finds, and a chain of the graph’s edges', async () => {
    await fc.assert(
      fc.asyncProperty(
        lineageGraphs,
        fc.constantFrom(...everyNode),
        fc.constantFrom(...everyNode),
        fc.integer({ min: 1, max: 8 }),
        async (edges, from, to, maxDepth) => {
          const path = await findGraphPath({ from, to, maxDepth, maxVisited: 1_000 }, readerOf(edges));
          const expected = shortestLength(edges, keyOf(from), keyOf(to));
          const isReachable = expected !== undefined && expected <= maxDepth;
          expect(path.found).toBe(isReachable);
          expect(path.isExhaustive).toBe(true);
          if (!isReachable) return;
          expect(path.edges).toHaveLength(expected);
          expect(path.nodes[0]?.id).toBe(keyOf(from));
          expect(path.nodes.at(-1)?.id).toBe(keyOf(to));
          path.edges.forEach((edge, index) => {
            const known = edges.some(
              (each) =>
                keyOf(each.source) === edge.source &&
                keyOf(each.target) === edge.target &&
                each.type === edge.type,
            );
            expect(known).toBe(true);
            expect([edge.source, edge.target].sort()).toEqual(
              [path.nodes[index]!.id, path.nodes[index + 1]!.id].sort(),
            );
          });
        },
      ),
    );
  });

  it('gives up, saying so, when it visits more nodes than its bound', async () => {
    const edges: MemoryEdge[] = records.map((record) => ({
      source: record,
      target: facilities[0]!,
      type: 'RECORDED_AT',
    }));
    const path = await findGraphPath(
      { from: facilities[0]!, to: sources[0]!, maxDepth: 8, maxVisited: 3 },
      readerOf(edges),
    );
    expect(path).toEqual({ found: false, nodes: [], edges: [], isExhaustive: false });
  });
});
