import type { GraphEdge, GraphNode, GraphResponse } from '@ecc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildLayoutInput,
  collapseNode,
  mergeNeighbourhood,
  neighbourInDirection,
  neighboursOf,
  viewOfResponse,
} from './graph-view-model.ts';

const node = (id: string): GraphNode => ({
  id,
  type: id.startsWith('summary:') ? 'summary' : (id.split(':')[0] as GraphNode['type']),
  label: id,
  data: {},
});
const edge = (source: string, type: GraphEdge['type'], target: string): GraphEdge => ({
  source,
  target,
  type,
});
const answer = (ids: string[], edges: GraphEdge[]): GraphResponse => ({
  nodes: ids.map(node),
  edges,
  truncated: false,
});

const FIRST = answer(
  ['realm:r', 'facility:a', 'facility:b'],
  [edge('facility:a', 'ROLLS_UP_TO', 'realm:r'), edge('facility:b', 'ROLLS_UP_TO', 'realm:r')],
);
const AROUND_A = answer(
  ['facility:a', 'activity-record:1', 'activity-record:2', 'realm:r'],
  [
    edge('activity-record:1', 'RECORDED_AT', 'facility:a'),
    edge('activity-record:2', 'RECORDED_AT', 'facility:a'),
    edge('facility:a', 'ROLLS_UP_TO', 'realm:r'),
  ],
);

describe('merging neighbourhoods', () => {
  it('adds what an expansion brings once and remembers who brought it', () => {
    const view = mergeNeighbourhood(viewOfResponse(FIRST), AROUND_A, 'facility:a');
    expect([...view.nodes.keys()].sort()).toEqual(
      ['activity-record:1', 'activity-record:2', 'facility:a', 'facility:b', 'realm:r'].sort(),
    );
    expect(view.edges.size).toBe(4);
    expect([...view.expanded]).toEqual(['facility:a']);
  });

  it('puts the members of a summary in its place', () => {
    const withSummary = answer(
      ['realm:r', 'summary:realm:r/facilities'],
      [edge('summary:realm:r/facilities', 'ROLLS_UP_TO', 'realm:r')],
    );
    const page = answer(
      ['realm:r', 'facility:a', 'summary:realm:r/facilities@1'],
      [
        edge('facility:a', 'ROLLS_UP_TO', 'realm:r'),
        edge('summary:realm:r/facilities@1', 'ROLLS_UP_TO', 'realm:r'),
      ],
    );
    const view = mergeNeighbourhood(
      viewOfResponse(withSummary),
      page,
      'realm:r',
      'summary:realm:r/facilities',
    );
    expect([...view.nodes.keys()].sort()).toEqual(['facility:a', 'realm:r', 'summary:realm:r/facilities@1']);
    expect(
      [...view.edges.values()].every((each) => view.nodes.has(each.source) && view.nodes.has(each.target)),
    ).toBe(true);
  });
});

describe('collapsing a node', () => {
  it('hides what only its expansion brought, and keeps what the first answer showed', () => {
    const expanded = mergeNeighbourhood(viewOfResponse(FIRST), AROUND_A, 'facility:a');
    const collapsed = collapseNode(expanded, 'facility:a');
    expect([...collapsed.nodes.keys()].sort()).toEqual(['facility:a', 'facility:b', 'realm:r']);
    expect(collapsed.edges.size).toBe(2);
    expect(collapsed.expanded.size).toBe(0);
  });

  it('hides in turn what the hidden nodes brought', () => {
    const aroundRecord = answer(
      ['activity-record:1', 'emission-factor:f'],
      [edge('activity-record:1', 'USES_FACTOR', 'emission-factor:f')],
    );
    const view = mergeNeighbourhood(
      mergeNeighbourhood(viewOfResponse(FIRST), AROUND_A, 'facility:a'),
      aroundRecord,
      'activity-record:1',
    );
    expect(view.nodes.has('emission-factor:f')).toBe(true);
    const collapsed = collapseNode(view, 'facility:a');
    expect(collapsed.nodes.has('emission-factor:f')).toBe(false);
    expect(collapsed.nodes.has('activity-record:1')).toBe(false);
  });

  it('keeps a node another expansion brought too', () => {
    const aroundB = answer(
      ['facility:b', 'activity-record:2'],
      [edge('activity-record:2', 'RECORDED_AT', 'facility:b')],
    );
    const view = mergeNeighbourhood(
      mergeNeighbourhood(viewOfResponse(FIRST), AROUND_A, 'facility:a'),
      aroundB,
      'facility:b',
    );
    const collapsed = collapseNode(view, 'facility:a');
    expect(collapsed.nodes.has('activity-record:2')).toBe(true);
    expect(collapsed.nodes.has('activity-record:1')).toBe(false);
  });

  it('undoes an expansion exactly, whatever was shown before', () => {
    const ids = fc.constantFrom(
      'facility:a',
      'facility:b',
      'activity-record:1',
      'activity-record:2',
      'realm:r',
    );
    fc.assert(
      fc.property(fc.uniqueArray(ids, { minLength: 1 }), fc.uniqueArray(ids), (firstIds, expansionIds) => {
        const owner = firstIds[0]!;
        const first = answer(firstIds, []);
        const expansion = answer(
          [owner, ...expansionIds.filter((id) => id !== owner)],
          expansionIds.filter((id) => id !== owner).map((id) => edge(id, 'RECORDED_AT', owner)),
        );
        const before = viewOfResponse(first);
        const after = collapseNode(mergeNeighbourhood(before, expansion, owner), owner);
        expect([...after.nodes.keys()].sort()).toEqual([...before.nodes.keys()].sort());
      }),
    );
  });
});

describe('the layout input', () => {
  it('lays factors and sources before the records that use them, and keeps every node', () => {
    const view = viewOfResponse(
      answer(
        ['activity-record:1', 'emission-factor:f', 'factor-source:s', 'emission-result:1'],
        [
          edge('activity-record:1', 'USES_FACTOR', 'emission-factor:f'),
          edge('emission-factor:f', 'FROM_SOURCE', 'factor-source:s'),
          edge('activity-record:1', 'PRODUCED', 'emission-result:1'),
        ],
      ),
    );
    const input = buildLayoutInput(view);
    expect(input.children.map((child) => child.id).sort()).toEqual([...view.nodes.keys()].sort());
    expect(input.edges.map((each) => `${each.sources[0]}→${each.targets[0]}`)).toEqual([
      'emission-factor:f→activity-record:1',
      'factor-source:s→emission-factor:f',
      'activity-record:1→emission-result:1',
    ]);
    expect(input.layoutOptions['elk.direction']).toBe('RIGHT');
  });
});

describe('arrow keys', () => {
  const neighbours = [
    { id: 'right-far', position: { x: 300, y: 0 } },
    { id: 'right-near-offset', position: { x: 100, y: 120 } },
    { id: 'left', position: { x: -100, y: 0 } },
    { id: 'below', position: { x: 10, y: 80 } },
  ];

  it('moves to the nearest neighbour that way, preferring one straight ahead', () => {
    expect(neighbourInDirection({ x: 0, y: 0 }, neighbours, 'ArrowRight')).toBe('right-far');
    expect(neighbourInDirection({ x: 0, y: 0 }, neighbours, 'ArrowLeft')).toBe('left');
    expect(neighbourInDirection({ x: 0, y: 0 }, neighbours, 'ArrowDown')).toBe('below');
    expect(neighbourInDirection({ x: 0, y: 0 }, neighbours, 'ArrowUp')).toBeUndefined();
  });

  it('always lands on a neighbour on the side of the key', () => {
    const point = fc.record({
      x: fc.integer({ min: -500, max: 500 }),
      y: fc.integer({ min: -500, max: 500 }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.uuid(), position: point })),
        fc.constantFrom('ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown' as const),
        (candidates, key) => {
          const chosen = neighbourInDirection({ x: 0, y: 0 }, candidates, key);
          if (chosen === undefined) return;
          const position = candidates.find((each) => each.id === chosen)!.position;
          if (key === 'ArrowRight') expect(position.x).toBeGreaterThan(0);
          if (key === 'ArrowLeft') expect(position.x).toBeLessThan(0);
          if (key === 'ArrowDown') expect(position.y).toBeGreaterThan(0);
          if (key === 'ArrowUp') expect(position.y).toBeLessThan(0);
        },
      ),
    );
  });

  it('finds the neighbours of a node through edges either way', () => {
    const view = mergeNeighbourhood(viewOfResponse(FIRST), AROUND_A, 'facility:a');
    expect(neighboursOf(view, 'facility:a').sort()).toEqual([
      'activity-record:1',
      'activity-record:2',
      'realm:r',
    ]);
  });
});
