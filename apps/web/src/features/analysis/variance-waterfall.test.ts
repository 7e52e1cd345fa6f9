import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { varianceWaterfall } from './variance-waterfall.ts';

describe('varianceWaterfall', () => {
  it('walks from the earlier total to the later one, each change floating where the last ended', () => {
    const steps = varianceWaterfall(
      { label: '2023', value: 100 },
      [
        { label: 'North', current: 70, previous: 50 },
        { label: 'South', current: 20, previous: 50 },
        { label: 'East', current: 5, previous: 5 },
      ],
      { label: '2024', value: 90 },
    );
    expect(steps).toEqual([
      { label: '2023', base: 0, size: 100, kind: 'total' },
      { label: 'North', base: 100, size: 20, kind: 'increase' },
      { label: 'South', base: 90, size: 30, kind: 'decrease' },
      { label: '2024', base: 0, size: 90, kind: 'total' },
    ]);
  });

  it('ends where the changes lead whatever they are', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            current: fc.integer({ min: 0, max: 1000 }),
            previous: fc.integer({ min: 0, max: 1000 }),
          }),
        ),
        (lines) => {
          const previous = lines.reduce((sum, line) => sum + line.previous, 0);
          const current = lines.reduce((sum, line) => sum + line.current, 0);
          const steps = varianceWaterfall(
            { label: 'from', value: previous },
            lines.map((line, index) => ({ label: String(index), ...line })),
            { label: 'to', value: current },
          );
          let running = previous;
          for (const step of steps.slice(1, -1)) running += step.kind === 'increase' ? step.size : -step.size;
          expect(running).toBe(current);
        },
      ),
    );
  });
});
