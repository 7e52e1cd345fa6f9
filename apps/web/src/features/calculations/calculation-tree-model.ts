import type { CalculationFolder, CalculationSummary } from '@ecc/contracts';

/*
 * The realm's calculations as a tree (folders, then calculations, each level by name), and the rows a
 * keyboard-navigable tree shows for a set of expanded folders. Shared by the IDE (/calc-editor) and the file tree
 * page (/calc-editor/FileTree).
 */

export interface CalculationFolderNode {
  readonly kind: 'folder';
  readonly id: string;
  readonly folder: CalculationFolder;
  readonly children: readonly CalculationTreeNode[];
}

export interface CalculationLeafNode {
  readonly kind: 'calculation';
  readonly id: string;
  readonly calculation: CalculationSummary;
}

export type CalculationTreeNode = CalculationFolderNode | CalculationLeafNode;

/** A row of the tree as shown: its node, depth (from 1, as `aria-level`) and parent folder. */
export interface CalculationTreeRow {
  readonly node: CalculationTreeNode;
  readonly level: number;
  readonly parentId: string | undefined;
  readonly positionInSet: number;
  readonly setSize: number;
}

const byName = (left: { name: string }, right: { name: string }) =>
  left.name.localeCompare(right.name, 'en', { sensitivity: 'base' });

/**
 * Folders hold their subfolders then their calculations; a calculation or folder whose parent is not in the
 * list (an inherited folder the realm cannot see) sits at the top rather than being lost.
 */
export function calculationTree(
  folders: readonly CalculationFolder[],
  calculations: readonly CalculationSummary[],
): readonly CalculationTreeNode[] {
  const folderIds = new Set(folders.map((folder) => folder.id));
  const parentOf = (id: string | null) => (id !== null && folderIds.has(id) ? id : null);
  const nodesUnder = (parentId: string | null, seen: ReadonlySet<string>): CalculationTreeNode[] => [
    ...folders
      .filter((folder) => parentOf(folder.parentId) === parentId && !seen.has(folder.id))
      .sort(byName)
      .map((folder): CalculationFolderNode => ({
        kind: 'folder',
        id: folder.id,
        folder,
        // `seen` stops a cycle of parents, which the server refuses but a tree must never loop on.
        children: nodesUnder(folder.id, new Set([...seen, folder.id])),
      })),
    ...calculations
      .filter((calculation) => parentOf(calculation.folderId) === parentId)
      .sort(byName)
      .map((calculation): CalculationLeafNode => ({ kind: 'calculation', id: calculation.id, calculation })),
  ];
  return nodesUnder(null, new Set());
}

/** The rows shown when the folders in `expanded` are open, in reading order. */
export function visibleTreeRows(
  nodes: readonly CalculationTreeNode[],
  expanded: ReadonlySet<string>,
): readonly CalculationTreeRow[] {
  const rows: CalculationTreeRow[] = [];
  const walk = (level: readonly CalculationTreeNode[], depth: number, parentId: string | undefined) => {
    level.forEach((node, index) => {
      rows.push({ node, level: depth, parentId, positionInSet: index + 1, setSize: level.length });
      if (node.kind === 'folder' && expanded.has(node.id)) walk(node.children, depth + 1, node.id);
    });
  };
  walk(nodes, 1, undefined);
  return rows;
}

/** The folders above a calculation, so opening it by link shows it in the tree. */
export function foldersAbove(
  folders: readonly CalculationFolder[],
  folderId: string | null,
): readonly string[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const above: string[] = [];
  let current = folderId === null ? undefined : byId.get(folderId);
  while (current !== undefined && !above.includes(current.id)) {
    above.push(current.id);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return above;
}
