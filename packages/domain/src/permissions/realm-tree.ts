/** Every known realm's key mapped to its parent's key (null for a top-level realm). */
export type RealmTree = Readonly<Record<string, string | null>>;

/** The tree of realms as stored (`Realm.parentKey`). */
export function realmTreeFromRealms(realms: readonly { key: string; parentKey: string | null }[]): RealmTree {
  return Object.fromEntries(realms.map((realm) => [realm.key, realm.parentKey]));
}

/**
 * Every realm below `key` (children, their children, …), sorted, without `key` itself. A malformed tree with a
 * cycle still terminates: each realm is visited once.
 */
export function realmsBelow(realmTree: RealmTree, key: string): string[] {
  const children = new Map<string, string[]>();
  for (const [child, parent] of Object.entries(realmTree)) {
    if (parent === null) continue;
    const siblings = children.get(parent);
    if (siblings) siblings.push(child);
    else children.set(parent, [child]);
  }
  const seen = new Set([key]);
  const pending = [key];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    for (const child of children.get(current) ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      pending.push(child);
    }
  }
  seen.delete(key);
  return [...seen].sort();
}
