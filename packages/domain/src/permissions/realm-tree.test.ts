import { describe, expect, it } from 'vitest';
import { realmTreeFromRealms, realmsBelow } from './realm-tree.ts';

describe('realmsBelow', () => {
  const tree = { acm: null, demo: 'acm', demo2: 'demo', sub: 'demo', deep: 'sub', other: 'acm', lone: null };

  it('lists every realm below the key, sorted, without the key itself', () => {
    expect(realmsBelow(tree, 'demo')).toEqual(['deep', 'demo2', 'sub']);
    expect(realmsBelow(tree, 'acm')).toEqual(['deep', 'demo', 'demo2', 'other', 'sub']);
    expect(realmsBelow(tree, 'deep')).toEqual([]);
    expect(realmsBelow(tree, 'unknown')).toEqual([]);
  });

  it('terminates on a malformed tree with a cycle', () => {
    expect(realmsBelow({ alpha: 'beta', beta: 'alpha', gamma: 'beta' }, 'alpha')).toEqual(['beta', 'gamma']);
  });

  it('treats realm keys that name Object.prototype members as ordinary keys', () => {
    const withPrototypeNames = realmTreeFromRealms([
      { key: 'toString', parentKey: null },
      { key: 'valueOf', parentKey: 'toString' },
    ]);
    expect(realmsBelow(withPrototypeNames, 'toString')).toEqual(['valueOf']);
    expect(realmsBelow(withPrototypeNames, 'hasOwnP')).toEqual([]);
  });
});

describe('realmTreeFromRealms', () => {
  it('maps each realm key to its parent key', () => {
    expect(
      realmTreeFromRealms([
        { key: 'acm', parentKey: null },
        { key: 'demo', parentKey: 'acm' },
      ]),
    ).toEqual({ acm: null, demo: 'acm' });
  });
});
