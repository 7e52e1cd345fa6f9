import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rollUpBusinessUnits, type RollUpUnit } from './business-unit-roll-up.ts';

/** A random forest: unit i's parent is one of the units before it, or none. */
const forests = fc.integer({ min: 1, max: 25 }).chain((size) =>
  fc
    .array(fc.option(fc.nat(), { nil: null }), { minLength: size, maxLength: size })
    .map((parents): RollUpUnit[] =>
      parents.map((parent, index) => ({
        id: `u${index}`,
        parentId: parent === null || index === 0 ? null : `u${parent % index}`,
        name: `Unit ${index}`,
      })),
    ),
);

/** Each unit's own figures: some units have facilities, some none. */
const ownFigures = (units: readonly RollUpUnit[]) =>
  fc
    .array(
      fc.option(fc.record({ count: fc.integer({ min: 1, max: 5 }), co2e: fc.integer({ min: 0, max: 1e9 }) })),
      {
        minLength: units.length,
        maxLength: units.length,
      },
    )
    .map(
      (figures) =>
        new Map(
          units.flatMap((unit, index) => {
            const own = figures[index];
            return own === null || own === undefined
              ? []
              : [[unit.id, { facilityCount: own.count, amounts: { co2e: own.co2e } }] as const];
          }),
        ),
    );

const byCo2e = (left: { amounts: { co2e: number } }, right: { amounts: { co2e: number } }) =>
  right.amounts.co2e - left.amounts.co2e;

describe('business unit roll-up', () => {
  it('adds up: the top-level units hold every amount once, and a parent is its own plus its children', () => {
    fc.assert(
      fc.property(
        forests.chain((units) => fc.tuple(fc.constant(units), ownFigures(units))),
        ([units, own]) => {
          const rows = rollUpBusinessUnits(units, own, () => ({ co2e: 0 }), byCo2e);
          const realmTotal = [...own.values()].reduce((sum, figures) => sum + figures.amounts.co2e, 0);
          const realmFacilities = [...own.values()].reduce((sum, figures) => sum + figures.facilityCount, 0);
          const roots = rows.filter((row) => row.depth === 0);
          expect(roots.reduce((sum, row) => sum + row.amounts.co2e, 0)).toBe(realmTotal);
          expect(roots.reduce((sum, row) => sum + row.facilityCount, 0)).toBe(realmFacilities);
          for (const row of rows) {
            const children = rows.filter((child) => child.parentId === row.businessUnitId);
            const childSum = children.reduce((sum, child) => sum + child.amounts.co2e, 0);
            expect(row.amounts.co2e).toBe(row.ownAmounts.co2e + childSum);
            for (const child of children) expect(child.depth).toBe(row.depth + 1);
          }
          // Tree order: every row's parent comes before it; units with no facility below them are left out.
          const seen = new Set<string>();
          for (const row of rows) {
            if (row.parentId !== null) expect(seen.has(row.parentId)).toBe(true);
            expect(row.facilityCount).toBeGreaterThan(0);
            seen.add(row.businessUnitId);
          }
        },
      ),
    );
  });

  it('places a unit whose parent is unknown at the top', () => {
    const rows = rollUpBusinessUnits(
      [{ id: 'orphan', parentId: 'gone', name: 'Orphan' }],
      new Map([['orphan', { facilityCount: 1, amounts: { co2e: 5 } }]]),
      () => ({ co2e: 0 }),
      byCo2e,
    );
    expect(rows).toEqual([
      {
        businessUnitId: 'orphan',
        parentId: null,
        name: 'Orphan',
        depth: 0,
        facilityCount: 1,
        amounts: { co2e: 5 },
        ownAmounts: { co2e: 5 },
      },
    ]);
  });
});
