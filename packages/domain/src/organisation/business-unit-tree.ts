/** A business unit as the tree rules need it: its id and the id of the unit above (null at the top). */
export interface TreeNode {
  readonly id: string;
  readonly parentId: string | null;
}

/**
 * Whether giving `unitId` the parent `newParentId` would make a cycle: the new parent is the unit itself or one
 * of the units below it. Units already in a cycle (which the server never stores) end the walk too.
 */
export function wouldCreateCycle(
  units: readonly TreeNode[],
  unitId: string,
  newParentId: string | null,
): boolean {
  const parentOf = new Map(units.map((unit) => [unit.id, unit.parentId]));
  const seen = new Set<string>();
  let current = newParentId;
  while (current !== null && !seen.has(current)) {
    if (current === unitId) return true;
    seen.add(current);
    current = parentOf.get(current) ?? null;
  }
  return false;
}

/**
 * The units in tree order: each parent before its children, siblings in the order `compare` gives (depth-first),
 * with each unit's depth (0 at the top). Units whose parent is missing are placed at the top.
 */
export function inTreeOrder<T extends TreeNode>(
  units: readonly T[],
  compare: (left: T, right: T) => number,
): { unit: T; depth: number }[] {
  const ids = new Set(units.map((unit) => unit.id));
  const childrenOf = new Map<string | null, T[]>();
  for (const unit of units) {
    const parent = unit.parentId !== null && ids.has(unit.parentId) ? unit.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), unit]);
  }
  const ordered: { unit: T; depth: number }[] = [];
  const visited = new Set<string>();
  const visit = (parent: string | null, depth: number) => {
    for (const unit of [...(childrenOf.get(parent) ?? [])].sort(compare)) {
      if (visited.has(unit.id)) continue;
      visited.add(unit.id);
      ordered.push({ unit, depth });
      visit(unit.id, depth + 1);
    }
  };
  visit(null, 0);
  return ordered;
}
