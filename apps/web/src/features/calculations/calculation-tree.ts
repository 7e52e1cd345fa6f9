import {
  SCOPE3_CATEGORIES,
  SCOPE3_CATEGORY_NAMES,
  type CalculationFolder,
  type CalculationSummary,
} from '@ecc/contracts';

/*
 * The realm's calculations as a tree (issue 13 item 7): folders hold subfolders, then calculations, each sorted by
 * name as a person reads numbers ("Category 2" before "Category 10"). Inherited folders and calculations keep
 * their place; a folder the realm cannot see any more (or a loop) leaves its content at the top.
 */

export interface FolderNode {
  readonly kind: 'folder';
  readonly id: string;
  readonly folder: CalculationFolder;
  readonly children: readonly TreeNode[];
}

export interface CalculationNode {
  readonly kind: 'calculation';
  readonly id: string;
  readonly calculation: CalculationSummary;
}

export type TreeNode = FolderNode | CalculationNode;

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function buildCalculationTree(
  folders: readonly CalculationFolder[],
  calculations: readonly CalculationSummary[],
): TreeNode[] {
  const folderIds = new Set(folders.map((folder) => folder.id));
  const parentOf = new Map(folders.map((folder) => [folder.id, folder.parentId]));
  // A parent chain that comes back to itself cannot be drawn as a tree: its folders go to the top.
  const isInLoop = (id: string) => {
    const seen = new Set<string>();
    for (let at: string | null | undefined = id; at != null; at = parentOf.get(at)) {
      if (seen.has(at)) return true;
      seen.add(at);
    }
    return false;
  };
  const placeOf = (parentId: string | null) =>
    parentId !== null && folderIds.has(parentId) ? parentId : null;
  const folderPlace = (folder: CalculationFolder) => (isInLoop(folder.id) ? null : placeOf(folder.parentId));

  const build = (parentId: string | null): TreeNode[] => {
    const subfolders = folders
      .filter((folder) => folderPlace(folder) === parentId)
      .sort((left, right) => byName.compare(left.name, right.name))
      .map((folder): FolderNode => ({ kind: 'folder', id: folder.id, folder, children: build(folder.id) }));
    const leaves = calculations
      .filter((calculation) => placeOf(calculation.folderId) === parentId)
      .sort((left, right) => byName.compare(left.name, right.name))
      .map((calculation): CalculationNode => ({ kind: 'calculation', id: calculation.id, calculation }));
    return [...subfolders, ...leaves];
  };
  return build(null);
}

/** A row of the tree as drawn: its node, level (1 at the top), parent and place among its siblings. */
export interface VisibleTreeItem {
  readonly node: TreeNode;
  readonly level: number;
  readonly parentId: string | null;
  readonly positionInSet: number;
  readonly setSize: number;
}

/** The rows a reader sees with these folders open, top to bottom: what the arrow keys move through. */
export function visibleTreeItems(
  tree: readonly TreeNode[],
  expanded: ReadonlySet<string>,
): VisibleTreeItem[] {
  const items: VisibleTreeItem[] = [];
  const walk = (nodes: readonly TreeNode[], level: number, parentId: string | null) => {
    nodes.forEach((node, index) => {
      items.push({ node, level, parentId, positionInSet: index + 1, setSize: nodes.length });
      if (node.kind === 'folder' && expanded.has(node.id)) walk(node.children, level + 1, node.id);
    });
  };
  walk(tree, 1, null);
  return items;
}

/** A folder path for a dialog's list: "Scope 1 / Stationary combustion". */
export function folderPaths(folders: readonly CalculationFolder[]): Map<string, string> {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const paths = new Map<string, string>();
  for (const folder of folders) {
    const names: string[] = [];
    const seen = new Set<string>();
    for (
      let at: CalculationFolder | undefined = folder;
      at && !seen.has(at.id);
      at = byId.get(at.parentId ?? '')
    ) {
      seen.add(at.id);
      names.unshift(at.name);
    }
    paths.set(folder.id, names.join(' / '));
  }
  return paths;
}

/** The folders "arrange by scope and category" makes: the three scopes and the categories of each. */
export const SCOPE_CATEGORY_FOLDERS: readonly {
  readonly name: string;
  readonly categories: readonly string[];
}[] = [
  {
    name: 'Scope 1',
    categories: ['Stationary combustion', 'Mobile combustion', 'Fugitive emissions', 'Process emissions'],
  },
  { name: 'Scope 2', categories: ['Purchased electricity', 'Purchased heat, steam and cooling'] },
  {
    name: 'Scope 3',
    categories: SCOPE3_CATEGORIES.map(
      (category) => `Category ${category}: ${SCOPE3_CATEGORY_NAMES[category]}`,
    ),
  },
];

export interface MissingFolder {
  readonly name: string;
  /** The scope folder it goes in, by name; null for a scope folder. */
  readonly parentName: string | null;
}

/** The scope and category folders the realm's own folders lack, scopes before their categories. */
export function missingScopeFolders(folders: readonly CalculationFolder[]): MissingFolder[] {
  const own = folders.filter((folder) => folder.inheritedFrom === null);
  const missing: MissingFolder[] = [];
  for (const scope of SCOPE_CATEGORY_FOLDERS) {
    const scopeFolder = own.find((folder) => folder.parentId === null && folder.name === scope.name);
    if (!scopeFolder) missing.push({ name: scope.name, parentName: null });
    for (const category of scope.categories) {
      const isPresent =
        scopeFolder !== undefined &&
        own.some((folder) => folder.parentId === scopeFolder.id && folder.name === category);
      if (!isPresent) missing.push({ name: category, parentName: scope.name });
    }
  }
  return missing;
}
