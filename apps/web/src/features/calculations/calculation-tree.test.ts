import type { CalculationFolder, CalculationSummary } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildCalculationTree,
  folderPaths,
  missingScopeFolders,
  SCOPE_CATEGORY_FOLDERS,
  visibleTreeItems,
  type TreeNode,
} from './calculation-tree.ts';

const folder = (
  id: string,
  name: string,
  parentId: string | null = null,
  inheritedFrom: string | null = null,
) => ({ id, name, parentId, inheritedFrom }) satisfies CalculationFolder;

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

/** The tree as indented names, folders ending in "/". */
function outline(nodes: readonly TreeNode[], depth = 0): string[] {
  return nodes.flatMap((node) =>
    node.kind === 'folder'
      ? [`${'  '.repeat(depth)}${node.folder.name}/`, ...outline(node.children, depth + 1)]
      : [`${'  '.repeat(depth)}${node.calculation.name}`],
  );
}

describe('the calculation tree', () => {
  it('puts subfolders before calculations, sorted as numbers read, and loose calculations at the top', () => {
    const tree = buildCalculationTree(
      [
        folder('s3', 'Scope 3'),
        folder('c10', 'Category 10: Processing of sold products', 's3'),
        folder('c2', 'Category 2: Capital goods', 's3'),
        folder('s1', 'Scope 1'),
      ],
      [
        calculation('a', 'spend', 'c2'),
        calculation('b', 'boiler', 's1'),
        calculation('c', 'loose', null),
        calculation('d', 'apex', 's3'),
      ],
    );
    expect(outline(tree)).toEqual([
      'Scope 1/',
      '  boiler',
      'Scope 3/',
      '  Category 2: Capital goods/',
      '    spend',
      '  Category 10: Processing of sold products/',
      '  apex',
      'loose',
    ]);
  });

  it('keeps a folder whose parent is gone, or that sits in a loop, at the top rather than losing it', () => {
    const tree = buildCalculationTree(
      [folder('x', 'Orphan', 'gone'), folder('p', 'Ping', 'q'), folder('q', 'Pong', 'p')],
      [calculation('a', 'in-gone-folder', 'nowhere')],
    );
    expect(outline(tree)).toEqual(['Orphan/', 'Ping/', 'Pong/', 'in-gone-folder']);
  });

  it('lists the visible rows with level, parent and place among siblings for the tree markup', () => {
    const tree = buildCalculationTree(
      [folder('s1', 'Scope 1'), folder('st', 'Stationary', 's1')],
      [calculation('a', 'boiler', 'st'), calculation('b', 'top', null)],
    );
    const closed = visibleTreeItems(tree, new Set());
    expect(closed.map((item) => [item.node.id, item.level, item.positionInSet, item.setSize])).toEqual([
      ['s1', 1, 1, 2],
      ['b', 1, 2, 2],
    ]);
    const open = visibleTreeItems(tree, new Set(['s1', 'st']));
    expect(open.map((item) => [item.node.id, item.level, item.parentId])).toEqual([
      ['s1', 1, null],
      ['st', 2, 's1'],
      ['a', 3, 'st'],
      ['b', 1, null],
    ]);
  });

  it('names each folder by its path', () => {
    const paths = folderPaths([folder('s1', 'Scope 1'), folder('st', 'Stationary', 's1')]);
    expect(paths.get('st')).toBe('Scope 1 / Stationary');
  });

  it('arranges by scope and category, asking only for the folders the realm lacks, scopes first', () => {
    const all = SCOPE_CATEGORY_FOLDERS.reduce((count, scope) => count + 1 + scope.categories.length, 0);
    expect(missingScopeFolders([])).toHaveLength(all);
    const missing = missingScopeFolders([
      folder('s1', 'Scope 1'),
      folder('st', 'Stationary combustion', 's1'),
      // An inherited "Scope 2" is the parent's: the realm still needs its own to put calculations in.
      folder('p2', 'Scope 2', null, 'parent'),
    ]);
    expect(missing).not.toContainEqual({ name: 'Scope 1', parentName: null });
    expect(missing).not.toContainEqual({ name: 'Stationary combustion', parentName: 'Scope 1' });
    expect(missing).toContainEqual({ name: 'Mobile combustion', parentName: 'Scope 1' });
    expect(missing).toContainEqual({ name: 'Scope 2', parentName: null });
    expect(missing.findIndex((each) => each.name === 'Scope 3')).toBeLessThan(
      missing.findIndex((each) => each.parentName === 'Scope 3'),
    );
    expect(missing).toHaveLength(all - 2);
  });
});
