import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inTreeOrder, wouldCreateCycle, type TreeNode } from './business-unit-tree.ts';

/** A random forest: unit i's parent is one of the units before it, or none. */
const forests = fc.integer({ min: 1, max: 30 }).chain((size) =>
  fc
    .array(fc.option(fc.nat(), { nil: null }), { minLength: size, maxLength: size })
    .map((parents): TreeNode[] =>
      parents.map((parent, index) => ({
        id: `u${index}`,
        parentId: parent === null || index === 0 ? null : `u${parent % index}`,
      })),
    ),
);

function ancestorsOf(units: readonly TreeNode[], id: string): string[] {
  const parentOf = new Map(units.map((unit) => [unit.id, unit.parentId]));
  const ancestors: string[] = [];
  let current = parentOf.get(id) ?? null;
  while (current !== null) {
    ancestors.push(current);
    current = parentOf.get(current) ?? null;
  }
  return ancestors;
}

describe('business unit tree', () => {
  it('refuses exactly the moves below the unit itself or its descendants', () => {
    fc.assert(
      fc.property(forests, fc.nat(), fc.nat(), (units, unitIndex, parentIndex) => {
        const unit = units[unitIndex % units.length]!;
        const newParent = units[parentIndex % units.length]!;
        const isBelowOrSelf = newParent.id === unit.id || ancestorsOf(units, newParent.id).includes(unit.id);
        expect(wouldCreateCycle(units, unit.id, newParent.id)).toBe(isBelowOrSelf);
        expect(wouldCreateCycle(units, unit.id, null)).toBe(false);
      }),
    );
  });

  it('lists every unit once, each parent before its children, at its depth', () => {
    fc.assert(
      fc.property(forests, (units) => {
        const ordered = inTreeOrder(units, (left, right) => left.id.localeCompare(right.id));
        expect(ordered.map(({ unit }) => unit.id).sort()).toEqual(units.map((unit) => unit.id).sort());
        const position = new Map(ordered.map(({ unit }, index) => [unit.id, index]));
        for (const { unit, depth } of ordered) {
          expect(depth).toBe(ancestorsOf(units, unit.id).length);
          if (unit.parentId !== null)
            expect(position.get(unit.parentId)!).toBeLessThan(position.get(unit.id)!);
        }
      }),
    );
  });
});
