import { describe, expect, it } from 'vitest';
import { formulaDiffCounts, formulaDiffRows } from './calculation-version-diff.ts';

describe('the diff between two versions’ formulas', () => {
  it('numbers each line in its own version: removed in the older, added in the newer', () => {
    const rows = formulaDiffRows('set :rate = 0.2\n:distance * :rate', 'set :rate = 0.25\n:distance * :rate');
    expect(rows).toEqual([
      { kind: 'removed', oldLine: 1, newLine: undefined, text: 'set :rate = 0.2' },
      { kind: 'added', oldLine: undefined, newLine: 1, text: 'set :rate = 0.25' },
      { kind: 'same', oldLine: 2, newLine: 2, text: ':distance * :rate' },
    ]);
    expect(formulaDiffCounts(rows)).toEqual({ added: 1, removed: 1 });
  });

  it('sees a line added after the last one as one added line, whatever the final newline', () => {
    const rows = formulaDiffRows('set :a = 1\n:a', 'set :a = 1\n:a\n');
    expect(rows.every((row) => row.kind === 'same')).toBe(true);
    const added = formulaDiffRows('// note\n:a', '// note\n:a\n:a * 2');
    expect(added.map((row) => row.kind)).toEqual(['same', 'same', 'added']);
    expect(added.at(-1)).toEqual({ kind: 'added', oldLine: undefined, newLine: 3, text: ':a * 2' });
  });

  it('shows a first version as all added, and keeps empty lines', () => {
    const rows = formulaDiffRows('', 'set :a = 1\n\n:a');
    expect(rows.map((row) => [row.kind, row.newLine, row.text])).toEqual([
      ['added', 1, 'set :a = 1'],
      ['added', 2, ''],
      ['added', 3, ':a'],
    ]);
  });
});
