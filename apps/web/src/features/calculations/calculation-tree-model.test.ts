import type { CalculationFolder, CalculationSummary } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { calculationTree, foldersAbove, visibleTreeRows } from './calculation-tree-model.ts';

const folder = (id: string, name: string, parentId: string | null = null): CalculationFolder => ({
  id,
  name,
  parentId,
  inheritedFrom: null,
});

const calculation = (id: string, name: string, folderId: string | null): CalculationSummary => ({
  id,
  name,
  folderId,
  description: '',
  latestVersion: 1,
  state: 'draft',
  publishedVersion: null,
  testStatus: 'no-tests',
  inheritedFrom: null,
  modifiedOn: '2026-01-01T00:00:00.000Z',
});

const folders = [folder('s3', 'Scope 3'), folder('s1', 'Scope 1'), folder('st', 'Stationary', 's1')];
const calculations = [
  calculation('ng', 'natural-gas', 'st'),
  calculation('fl', 'fleet', 's1'),
  calculation('top', 'loose', null),
  calculation('lost', 'orphan', 'not-visible'),
];

describe('the calculations tree', () => {
  it('puts folders before calculations, each by name, and keeps calculations of unknown folders at the top', () => {
    const rows = visibleTreeRows(calculationTree(folders, calculations), new Set(['s1', 'st', 's3']));
    expect(rows.map((row) => [row.node.id, row.level, row.parentId])).toEqual([
      ['s1', 1, undefined],
      ['st', 2, 's1'],
      ['ng', 3, 'st'],
      ['fl', 2, 's1'],
      ['s3', 1, undefined],
      ['top', 1, undefined],
      ['lost', 1, undefined],
    ]);
    expect(rows[0]).toMatchObject({ positionInSet: 1, setSize: 4 });
  });

  it('hides what a closed folder holds', () => {
    const rows = visibleTreeRows(calculationTree(folders, calculations), new Set(['s1']));
    expect(rows.map((row) => row.node.id)).toEqual(['s1', 'st', 'fl', 's3', 'top', 'lost']);
  });

  it('lists the folders above a calculation, and stops on a loop of parents', () => {
    expect(foldersAbove(folders, 'st')).toEqual(['st', 's1']);
    expect(foldersAbove(folders, null)).toEqual([]);
    expect(foldersAbove([folder('a', 'A', 'b'), folder('b', 'B', 'a')], 'a')).toEqual(['a', 'b']);
  });
});
