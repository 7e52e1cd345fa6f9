import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { massAxis } from './mass-axis.ts';

describe('massAxis', () => {
  it('puts ticks on round tonnes that cover the largest value', () => {
    const axis = massAxis([1_234_000, 8_765_000, 0]);
    expect(axis.unit).toBe('t');
    expect(axis.min).toBe(0);
    expect(axis.max).toBe(10_000);
    expect(axis.ticks).toEqual([0, 2000, 4000, 6000, 8000, 10_000]);
    expect(axis.interval).toBe(2000);
  });

  it('counts in kilograms when every value is below a tonne', () => {
    const axis = massAxis([120, 870]);
    expect(axis.unit).toBe('kg');
    expect(axis.max).toBe(1000);
  });

  it('shows a scale from 0 to 1 when there is nothing to draw', () => {
    expect(massAxis([])).toMatchObject({ min: 0, max: 1 });
    expect(massAxis([0, 0])).toMatchObject({ min: 0, max: 1 });
  });

  it('always covers every value, starts at or below 0, and steps evenly', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.double({ min: -1e10, max: 1e10, noNaN: true }).filter((kg) => kg === 0 || Math.abs(kg) >= 1e-6),
          { minLength: 1, maxLength: 40 },
        ),
        (values) => {
          const axis = massAxis(values);
          const inUnit = values.map((kg) => (axis.unit === 't' ? kg / 1000 : kg));
          expect(axis.min).toBeLessThanOrEqual(Math.min(0, ...inUnit));
          expect(axis.max).toBeGreaterThanOrEqual(Math.max(...inUnit));
          expect(axis.ticks[0]).toBe(axis.min);
          expect(axis.ticks.at(-1)).toBe(axis.max);
          for (let index = 1; index < axis.ticks.length; index += 1) {
            const step = (axis.ticks[index] ?? 0) - (axis.ticks[index - 1] ?? 0);
            expect(step).toBeCloseTo(axis.interval, 6);
          }
        },
      ),
    );
  });
});
