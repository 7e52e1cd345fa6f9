import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRAPH_NODE_TYPES, graphNodeIdOf, graphQuerySchema, parseGraphNodeId } from './graph.ts';

describe('graph node ids and the graph query', () => {
  it('reads back every id it writes, the own id kept whole whatever it holds (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GRAPH_NODE_TYPES), fc.string({ minLength: 1 }), (type, id) => {
        expect(parseGraphNodeId(graphNodeIdOf(type, id))).toEqual({ type, id });
      }),
    );
  });

  it('knows no other type and no empty id', () => {
    for (const nodeId of ['planet:1', 'facility:', 'facility', ':1', 'summary:facility:1']) {
      expect(parseGraphNodeId(nodeId), nodeId).toBeUndefined();
    }
  });

  it('takes types as a list or repeated, and names the unknown ones', () => {
    expect(graphQuerySchema.parse({ types: 'facility, equipment' }).types).toEqual(['facility', 'equipment']);
    expect(graphQuerySchema.parse({ types: ['facility', 'equipment,facility'] }).types).toEqual([
      'facility',
      'equipment',
    ]);
    const refused = graphQuerySchema.safeParse({ types: 'facility,planet' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['types']);
    expect(refused.error?.issues[0]?.message).toContain('planet');
  });

  it('walks 2 levels with 50 members a group unless told, and only 1 to 4 levels', () => {
    expect(graphQuerySchema.parse({})).toMatchObject({ depth: 2, limit: 50 });
    for (const depth of ['0', '5', '9', '1.5'])
      expect(graphQuerySchema.safeParse({ depth }).success, depth).toBe(false);
  });
});
