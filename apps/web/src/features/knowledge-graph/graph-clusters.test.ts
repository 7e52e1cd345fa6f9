import type { GraphEdge, GraphNode, GraphResponse } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import {
  clusterDataOf,
  countGraph,
  expandCluster,
  facilitySlugOf,
  isClusterNode,
  isEmptyRealmGraph,
} from './graph-clusters.ts';

const realm: GraphNode = { id: 'realm:r1', type: 'realm', label: 'Acme', data: {} };
const facility: GraphNode = {
  id: 'facility:f1',
  type: 'facility',
  label: 'Bayou Plant',
  data: { slug: 'bayou' },
};
const equipment: GraphNode = { id: 'equipment:e1', type: 'equipment', label: 'Boiler 1', data: {} };
const cluster: GraphNode = {
  id: 'summary:facility:f1/facility/RECORDED_AT/in/activity-record',
  type: 'summary',
  label: '3 activity records',
  data: {
    memberType: 'activity-record',
    count: 3,
    ownerId: 'facility:f1',
    expand: { focus: 'facility:f1', types: ['activity-record'], depth: 1, limit: 50, offset: 0 },
  },
};
const recordAt = (id: string): GraphNode => ({
  id: `activity-record:${id}`,
  type: 'activity-record',
  label: id,
  data: {},
});
const recordedAt = (id: string, target: string): GraphEdge => ({
  source: `activity-record:${id}`,
  target,
  type: 'RECORDED_AT',
});

const overview = {
  nodes: [realm, facility, equipment, recordAt('a'), cluster],
  edges: [
    { source: 'facility:f1', target: 'realm:r1', type: 'ROLLS_UP_TO' },
    { source: 'facility:f1', target: 'equipment:e1', type: 'HAS_EQUIPMENT' },
    recordedAt('a', 'equipment:e1'),
    // The API draws a summary's edge as its members' would be: record → facility.
    { source: cluster.id, target: 'facility:f1', type: 'RECORDED_AT' },
  ],
} satisfies { nodes: GraphNode[]; edges: GraphEdge[] };

const members: GraphResponse = {
  nodes: [facility, recordAt('a'), recordAt('b'), recordAt('c')],
  edges: [recordedAt('a', 'facility:f1'), recordedAt('b', 'facility:f1'), recordedAt('c', 'facility:f1')],
  truncated: false,
};

describe('expandCluster', () => {
  it('replaces the cluster by its members and their edges', () => {
    const view = expandCluster(overview, cluster.id, members);
    expect(view.nodes.map((node) => node.id)).toEqual([
      'realm:r1',
      'facility:f1',
      'equipment:e1',
      'activity-record:a',
      'activity-record:b',
      'activity-record:c',
    ]);
    expect(
      view.edges.filter((edge) => edge.target === 'facility:f1' && edge.type === 'RECORDED_AT'),
    ).toHaveLength(3);
    expect(view.edges.some((edge) => edge.source === cluster.id || edge.target === cluster.id)).toBe(false);
  });

  it('keeps a member already on screen as one node with its edges, each edge once', () => {
    const view = expandCluster(overview, cluster.id, members);
    expect(view.nodes.filter((node) => node.id === 'activity-record:a')).toHaveLength(1);
    expect(view.edges).toContainEqual(recordedAt('a', 'equipment:e1'));
    const keys = view.edges.map((edge) => `${edge.source}|${edge.type}|${edge.target}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps the summary of the rest of a large group, itself a cluster', () => {
    const rest: GraphNode = { ...cluster, id: `${cluster.id}/rest`, label: '1 more activity record' };
    const view = expandCluster(overview, cluster.id, {
      nodes: [facility, recordAt('b'), rest],
      edges: [
        recordedAt('b', 'facility:f1'),
        { source: rest.id, target: 'facility:f1', type: 'RECORDED_AT' },
      ],
      truncated: true,
    });
    expect(countGraph(view)).toEqual({ nodes: 6, edges: 5, clusters: 1 });
  });

  it('never keeps an edge to a node that is not on screen', () => {
    const view = expandCluster(overview, cluster.id, {
      nodes: [recordAt('b')],
      edges: [{ source: 'activity-record:b', target: 'emission-factor:x', type: 'USES_FACTOR' }],
      truncated: false,
    });
    const ids = new Set(view.nodes.map((node) => node.id));
    expect(view.edges.every((edge) => ids.has(edge.source) && ids.has(edge.target))).toBe(true);
  });
});

describe('clusters', () => {
  it('reads a summary node as a cluster with its expand query', () => {
    expect(isClusterNode(cluster)).toBe(true);
    expect(clusterDataOf(cluster)?.expand).toEqual(cluster.data.expand);
    expect(isClusterNode(facility)).toBe(false);
    expect(clusterDataOf(facility)).toBeUndefined();
  });

  it('counts nodes, edges and clusters', () => {
    expect(countGraph(overview)).toEqual({ nodes: 5, edges: 4, clusters: 1 });
  });

  it('calls a realm with only itself and its GWP set empty', () => {
    const gwpSet: GraphNode = { id: 'gwp-set:AR5', type: 'gwp-set', label: 'AR5', data: {} };
    expect(isEmptyRealmGraph({ nodes: [realm, gwpSet], edges: [] })).toBe(true);
    expect(isEmptyRealmGraph(overview)).toBe(false);
  });
});

describe('facilitySlugOf', () => {
  it('finds the facility of a facility, its equipment, its records and their results', () => {
    const result: GraphNode = { id: 'emission-result:a', type: 'emission-result', label: 'a', data: {} };
    const view = expandCluster(overview, cluster.id, members);
    const withResult = {
      nodes: [...view.nodes, result],
      edges: [...view.edges, { source: 'activity-record:b', target: result.id, type: 'PRODUCED' as const }],
    };
    expect(facilitySlugOf(withResult, 'facility:f1')).toBe('bayou');
    expect(facilitySlugOf(withResult, 'equipment:e1')).toBe('bayou');
    expect(facilitySlugOf(withResult, 'activity-record:b')).toBe('bayou');
    expect(facilitySlugOf(withResult, result.id)).toBe('bayou');
    expect(facilitySlugOf(withResult, 'realm:r1')).toBeUndefined();
  });
});
