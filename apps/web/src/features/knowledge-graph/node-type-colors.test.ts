import { GRAPH_NODE_TYPES } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { LEGEND_NODE_TYPES, nodeTypeColor, nodeTypeLabel } from './node-type-colors.ts';

describe('node type colours', () => {
  it('gives every node type and clusters a colour of their own and a label', () => {
    expect(LEGEND_NODE_TYPES).toEqual([...GRAPH_NODE_TYPES, 'summary']);
    const colors = LEGEND_NODE_TYPES.map(nodeTypeColor);
    expect(colors.every((color) => /^#[0-9a-f]{6}$/.test(color))).toBe(true);
    expect(new Set(colors).size).toBe(colors.length);
    expect(LEGEND_NODE_TYPES.map(nodeTypeLabel).every((label) => label.length > 0)).toBe(true);
  });

  it('paints the lineage neighbours in different colours', () => {
    expect(nodeTypeColor('activity-record')).not.toBe(nodeTypeColor('emission-result'));
    expect(nodeTypeColor('facility')).toBe('#38bdf8');
  });
});
