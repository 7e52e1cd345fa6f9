import {
  GRAPH_SUMMARY_TYPE,
  graphSummaryDataSchema,
  type GraphNodeType,
  type GraphResponse,
} from '@ecc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assembleGraph,
  summaryLabelOf,
  type GraphGroupReader,
  type GraphNodeRecord,
} from './assemble-graph.ts';
import { GRAPH_RELATIONS, relationKeyOf, type GraphRelation } from './graph-relations.ts';

/*
 * The walk over an in-memory graph: a facility with records, each record with a factor; the factors shared.
 * The reader answers as the repository does: counts per owner, members in a stable order, paged.
 */

interface MemoryGraph {
  nodes: Map<string, GraphNodeRecord>;
  /** Members by owner node id and relation key. */
  members: Map<string, GraphNodeRecord[]>;
}

const keyOf = (node: GraphNodeRecord) => `${node.type}:${node.id}`;

function node(type: GraphNodeType, id: string): GraphNodeRecord {
  return { type, id, label: `${type} ${id}`, data: {} };
}

function link(graph: MemoryGraph, owner: GraphNodeRecord, relation: GraphRelation, member: GraphNodeRecord) {
  const key = `${keyOf(owner)}|${relationKeyOf(relation)}`;
  graph.members.set(key, [...(graph.members.get(key) ?? []), member]);
}

/** A facility with `recordCount` records, each using one of `factorCount` factors. */
function facilityGraph(
  recordCount: number,
  factorCount: number,
): { graph: MemoryGraph; facility: GraphNodeRecord } {
  const graph: MemoryGraph = { nodes: new Map(), members: new Map() };
  const facility = node('facility', 'f1');
  const factors = Array.from({ length: factorCount }, (_, index) => node('emission-factor', `e${index}`));
  for (let index = 0; index < recordCount; index += 1) {
    const record = node('activity-record', `r${String(index).padStart(5, '0')}`);
    const factor = factors[index % factorCount]!;
    const recordedAt = {
      ownerType: 'facility',
      memberType: 'activity-record',
      edgeType: 'RECORDED_AT',
      direction: 'in',
    } as const;
    link(graph, facility, recordedAt, record);
    link(
      graph,
      record,
      { ...recordedAt, ownerType: 'activity-record', memberType: 'facility', direction: 'out' },
      facility,
    );
    const usesFactor = {
      ownerType: 'activity-record',
      memberType: 'emission-factor',
      edgeType: 'USES_FACTOR',
      direction: 'out',
    } as const;
    link(graph, record, usesFactor, factor);
    link(
      graph,
      factor,
      { ...usesFactor, ownerType: 'emission-factor', memberType: 'activity-record', direction: 'in' },
      record,
    );
  }
  return { graph, facility };
}

function readerOf(graph: MemoryGraph): GraphGroupReader & { calls: number } {
  const reader = {
    calls: 0,
    async countMembers(owners: readonly GraphNodeRecord[], relation: GraphRelation) {
      reader.calls += 1;
      return new Map(
        owners.map((owner) => [
          owner.id,
          graph.members.get(`${keyOf(owner)}|${relationKeyOf(relation)}`)?.length ?? 0,
        ]),
      );
    },
    async readMembers(
      owners: readonly GraphNodeRecord[],
      relation: GraphRelation,
      page: { limit: number; offset: number },
    ) {
      reader.calls += 1;
      return new Map(
        owners.map((owner) => [
          owner.id,
          (graph.members.get(`${keyOf(owner)}|${relationKeyOf(relation)}`) ?? []).slice(
            page.offset,
            page.offset + page.limit,
          ),
        ]),
      );
    },
  };
  return reader;
}

function expectWellFormed(answer: GraphResponse): void {
  const ids = new Set(answer.nodes.map((each) => each.id));
  expect(ids.size).toBe(answer.nodes.length);
  for (const edge of answer.edges) {
    expect(ids.has(edge.source)).toBe(true);
    expect(ids.has(edge.target)).toBe(true);
  }
}

const input = (focus: GraphNodeRecord, overrides: Partial<Parameters<typeof assembleGraph>[0]> = {}) => ({
  focus,
  depth: 2,
  types: undefined,
  limit: 10,
  offset: undefined,
  maxNodes: 2_000,
  ...overrides,
});

describe('assembleGraph', () => {
  it('labels a summary with its count as a person reads it', () => {
    expect(summaryLabelOf('activity-record', 1284, false)).toBe('1,284 activity records');
    expect(summaryLabelOf('equipment', 3, true)).toBe('3 more pieces of equipment');
  });

  it('shows a group within the limit one by one, with edges pointing the relation’s way', async () => {
    const { graph, facility } = facilityGraph(3, 2);
    const answer = await assembleGraph(input(facility, { depth: 2 }), readerOf(graph));
    expect(answer.truncated).toBe(false);
    expect(answer.nodes.map((each) => each.id)).toEqual([
      'facility:f1',
      'activity-record:r00000',
      'activity-record:r00001',
      'activity-record:r00002',
      'emission-factor:e0',
      'emission-factor:e1',
    ]);
    expect(answer.edges).toContainEqual({
      source: 'activity-record:r00001',
      target: 'facility:f1',
      type: 'RECORDED_AT',
    });
    expect(answer.edges).toContainEqual({
      source: 'activity-record:r00001',
      target: 'emission-factor:e1',
      type: 'USES_FACTOR',
    });
    // The record → facility edge seen from both ends is one edge.
    expect(answer.edges.filter((edge) => edge.type === 'RECORDED_AT')).toHaveLength(3);
  });

  it('keeps to the types asked for, the focus always shown', async () => {
    const { graph, facility } = facilityGraph(3, 2);
    const answer = await assembleGraph(input(facility, { types: ['emission-factor'] }), readerOf(graph));
    expect(answer.nodes.map((each) => each.id)).toEqual(['facility:f1']);
  });

  it('summarises any group above the limit and pages the focus’s groups to every member (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 3 }),
        async (recordCount, factorCount, limit, depth) => {
          const { graph, facility } = facilityGraph(recordCount, factorCount);
          const reader = readerOf(graph);
          const answer = await assembleGraph(input(facility, { limit, depth }), reader);
          expectWellFormed(answer);
          // Queries grow with the levels and relations, never with the number of nodes.
          expect(reader.calls).toBeLessThanOrEqual(depth * 2 * GRAPH_RELATIONS.length);
          const summaries = answer.nodes.filter((each) => each.type === GRAPH_SUMMARY_TYPE);
          expect(answer.truncated).toBe(summaries.length > 0);
          const records = answer.nodes.filter((each) => each.type === 'activity-record');
          if (recordCount > limit) {
            expect(records).toHaveLength(0);
            const data = graphSummaryDataSchema.parse(summaries[0]?.data);
            expect(data).toMatchObject({
              memberType: 'activity-record',
              count: recordCount,
              ownerId: 'facility:f1',
            });
            // Paging from the summary's expand reaches each record once.
            const reached: string[] = [];
            let expand: typeof data.expand | undefined = data.expand;
            while (expand) {
              const page = await assembleGraph(
                input(facility, {
                  depth: 1,
                  types: expand.types,
                  limit: expand.limit,
                  offset: expand.offset,
                }),
                reader,
              );
              expectWellFormed(page);
              reached.push(
                ...page.nodes.filter((each) => each.type === 'activity-record').map((each) => each.id),
              );
              const rest = page.nodes.find((each) => each.type === GRAPH_SUMMARY_TYPE);
              expand = rest ? graphSummaryDataSchema.parse(rest.data).expand : undefined;
            }
            expect(new Set(reached).size).toBe(recordCount);
            expect(reached).toHaveLength(recordCount);
          } else {
            expect(records).toHaveLength(recordCount);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('summarises what would pass the node budget rather than leaving it out', async () => {
    const { graph, facility } = facilityGraph(40, 40);
    const answer = await assembleGraph(input(facility, { limit: 50, maxNodes: 45 }), readerOf(graph));
    expectWellFormed(answer);
    expect(answer.nodes.length).toBeLessThanOrEqual(45 + 40);
    expect(answer.truncated).toBe(true);
    const factorSummaries = answer.nodes.filter(
      (each) =>
        each.type === GRAPH_SUMMARY_TYPE &&
        graphSummaryDataSchema.parse(each.data).memberType === 'emission-factor',
    );
    const factors = answer.nodes.filter((each) => each.type === 'emission-factor');
    // Every record's factor is shown or summarised.
    expect(factors.length + factorSummaries.length).toBeGreaterThanOrEqual(40);
  });
});
