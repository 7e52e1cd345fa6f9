import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  explainChange,
  isChangeOverExplained,
  unidentifiedChange,
  type RecordedReason,
} from './change-reasons.ts';

const reason = (
  name: RecordedReason['reason'],
  co2e: number,
  direction: RecordedReason['direction'],
): RecordedReason => ({ reason: name, co2e, direction, note: '' });

describe('change reasons (CDP C7.9a)', () => {
  it('leaves what the reasons do not explain as unidentified, with each share of the year before', () => {
    const rows = explainChange(100, 1000, [
      reason('acquisitions', 150, 'increase'),
      reason('emissions-reduction-activities', 80, 'decrease'),
    ]);
    expect(rows.map((row) => [row.reason, row.co2e, row.direction, row.percentOfPrevious])).toEqual([
      ['emissions-reduction-activities', 80, 'decrease', -8],
      ['acquisitions', 150, 'increase', 15],
      ['unidentified', 30, 'increase', 3],
    ]);
  });

  it('refuses reasons that explain more than the change in its direction, not reasons pulling both ways', () => {
    expect(isChangeOverExplained(100, [reason('acquisitions', 150, 'increase')])).toBe(true);
    expect(isChangeOverExplained(-100, [reason('divestment', 100.0005, 'decrease')])).toBe(false);
    expect(isChangeOverExplained(100, [reason('divestment', 50, 'decrease')])).toBe(false);
    expect(isChangeOverExplained(0, [reason('other', 5, 'increase')])).toBe(false);
  });

  it('adds up: the reasons and the unidentified remainder always sum to the change', () => {
    const reasonArbitrary = fc.record({
      reason: fc.constantFrom('divestment', 'acquisitions', 'mergers', 'other' as const),
      co2e: fc.double({ min: 0, max: 1e7, noNaN: true }),
      direction: fc.constantFrom('increase', 'decrease' as const),
      note: fc.constant(''),
    });
    fc.assert(
      fc.property(
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        fc.array(reasonArbitrary, { maxLength: 5 }),
        (change, reasons) => {
          const rows = explainChange(change, null, reasons);
          const total = rows.reduce(
            (sum, row) => sum + (row.direction === 'decrease' ? -row.co2e : row.co2e),
            0,
          );
          expect(total).toBeCloseTo(change, 3);
          expect(Math.abs(unidentifiedChange(change, reasons))).toBe(rows.at(-1)?.co2e);
        },
      ),
    );
  });
});
