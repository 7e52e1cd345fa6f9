import { GRAPH_NODE_TYPES, type GraphNodeType } from '@ecc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { perspectiveTypes, perspectiveValue } from './graph-perspectives.ts';

describe('perspectives in the URL', () => {
  it('names a perspective by its key and reads it back', () => {
    expect(perspectiveValue(['realm', 'facility', 'business-unit', 'equipment'])).toBe('organisation');
    expect(perspectiveTypes('organisation')).toEqual(['realm', 'business-unit', 'facility', 'equipment']);
    expect(perspectiveValue(undefined)).toBeUndefined();
    expect(perspectiveValue([...GRAPH_NODE_TYPES])).toBeUndefined();
  });

  it('reads back any set of types it writes', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...GRAPH_NODE_TYPES), { minLength: 1 }), (types) => {
        const value = perspectiveValue(types);
        const read = perspectiveTypes(value);
        if (types.length === GRAPH_NODE_TYPES.length) expect(read).toBeUndefined();
        else expect([...(read ?? [])].sort()).toEqual([...types].sort() as GraphNodeType[]);
      }),
    );
  });

  it('drops unknown type names', () => {
    expect(perspectiveTypes('facility,planet')).toEqual(['facility']);
    expect(perspectiveTypes('planet')).toBeUndefined();
  });
});
