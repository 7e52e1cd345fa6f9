import { inTreeOrder, type TreeNode } from './business-unit-tree.ts';

/*
 * Business units are a tree (decision 024): a parent's figures are its own facilities' and all its descendants'
 * (issue 11). The roll-up adds each unit's own amounts into every unit above it, so the top-level units together
 * hold every amount exactly once.
 */

/** Amounts by name (scope totals, measures): added key by key. */
export type RollUpAmounts = Readonly<Record<string, number>>;

export interface RollUpUnit extends TreeNode {
  readonly name: string;
}

/** A unit's own figures: the facilities directly in it and what they emitted. */
export interface UnitOwnAmounts {
  readonly facilityCount: number;
  readonly amounts: RollUpAmounts;
}

export interface RolledUpUnit<Amounts extends RollUpAmounts> {
  readonly businessUnitId: string;
  readonly parentId: string | null;
  readonly name: string;
  /** 0 at the top of the tree. */
  readonly depth: number;
  /** Facilities in the unit and all units below it. */
  readonly facilityCount: number;
  /** The unit's own facilities' amounts plus every descendant's. */
  readonly amounts: Amounts;
  /** The unit's own facilities' amounts alone (zeros when it has none). */
  readonly ownAmounts: Amounts;
}

function added<Amounts extends RollUpAmounts>(left: Amounts, right: RollUpAmounts): Amounts {
  const sum: Record<string, number> = { ...left };
  for (const [key, value] of Object.entries(right)) sum[key] = (sum[key] ?? 0) + value;
  return sum as Amounts;
}

/**
 * The units in tree order (parents before children, siblings by `compare` of their rolled-up rows), each with its
 * subtree's amounts. Units whose subtree holds no facility are left out; a unit whose parent is unknown is placed
 * at the top. `zero` gives the amounts of a unit with no facility of its own.
 */
export function rollUpBusinessUnits<Amounts extends RollUpAmounts>(
  units: readonly RollUpUnit[],
  own: ReadonlyMap<string, UnitOwnAmounts & { readonly amounts: Amounts }>,
  zero: () => Amounts,
  compare: (left: RolledUpUnit<Amounts>, right: RolledUpUnit<Amounts>) => number,
): RolledUpUnit<Amounts>[] {
  const known = new Set(units.map((unit) => unit.id));
  const parentOf = new Map(
    units.map((unit) => [unit.id, unit.parentId !== null && known.has(unit.parentId) ? unit.parentId : null]),
  );
  const totals = new Map<string, { facilityCount: number; amounts: Amounts }>();
  for (const unit of units) totals.set(unit.id, { facilityCount: 0, amounts: zero() });
  for (const [unitId, figures] of own) {
    if (!known.has(unitId)) continue;
    // Walk up to the top; a cycle (which the server never stores) ends the walk at the first repeat.
    const seen = new Set<string>();
    for (let current: string | null = unitId; current !== null && !seen.has(current);) {
      seen.add(current);
      const total = totals.get(current)!;
      total.facilityCount += figures.facilityCount;
      total.amounts = added(total.amounts, figures.amounts);
      current = parentOf.get(current) ?? null;
    }
  }
  const rows = new Map<string, RolledUpUnit<Amounts>>();
  for (const unit of units) {
    const total = totals.get(unit.id)!;
    if (total.facilityCount === 0) continue;
    rows.set(unit.id, {
      businessUnitId: unit.id,
      parentId: parentOf.get(unit.id) ?? null,
      name: unit.name,
      depth: 0,
      facilityCount: total.facilityCount,
      amounts: total.amounts,
      ownAmounts: own.get(unit.id)?.amounts ?? zero(),
    });
  }
  const present = [...rows.values()].map((row) => ({ ...row, id: row.businessUnitId }));
  return inTreeOrder(present, compare).map(({ unit, depth }) => ({ ...rows.get(unit.id)!, depth }));
}
