import { describe, expect, it } from 'vitest';
import {
  cameraDistanceToFrame,
  forceLayoutBudget,
  graphRadius,
  spreadStartPosition,
} from './force-layout-budget.ts';

/** Alpha after the budget's ticks, starting from 1 as d3-force does: it has cooled when this is at most 0.001. */
const alphaAfterTicks = (budget: ReturnType<typeof forceLayoutBudget>) =>
  Math.pow(1 - budget.alphaDecay, budget.warmupTicks + budget.cooldownTicks);

describe('forceLayoutBudget', () => {
  it('lays a small realm out before its first frame, at d3-force’s own pace', () => {
    expect(forceLayoutBudget(0)).toMatchObject({ warmupTicks: 100, cooldownTicks: 300 });
    expect(forceLayoutBudget(857)).toMatchObject({ warmupTicks: 100, cooldownTicks: 300 });
    expect(forceLayoutBudget(857).alphaDecay).toBeCloseTo(0.0228, 4);
  });

  it('spends fewer ticks per node as the graph grows', () => {
    expect(forceLayoutBudget(2_000)).toMatchObject({ warmupTicks: 50, cooldownTicks: 300 });
    expect(forceLayoutBudget(5_000)).toMatchObject({ warmupTicks: 20, cooldownTicks: 300 });
  });

  it('draws a large graph before any tick and lets it settle on screen', () => {
    expect(forceLayoutBudget(10_000)).toMatchObject({ warmupTicks: 0, cooldownTicks: 150 });
    expect(forceLayoutBudget(1_000_000)).toMatchObject({ warmupTicks: 0, cooldownTicks: 60 });
  });

  it('cools the layout by the time its ticks are spent, whatever its size', () => {
    for (const nodes of [1, 857, 5_000, 10_000, 40_000, 1_000_000]) {
      expect(alphaAfterTicks(forceLayoutBudget(nodes))).toBeLessThanOrEqual(0.001 + 1e-9);
    }
  });
});

describe('spreadStartPosition', () => {
  it('fills a ball that grows as the cube root of the count, inside the camera’s view', () => {
    const count = 10_000;
    const positions = Array.from({ length: count }, (_, index) => spreadStartPosition(index));
    const distances = positions.map(({ x, y, z }) => Math.hypot(x, y, z));
    const radius = Math.max(...distances);
    expect(radius).toBeCloseTo(40 * Math.cbrt(count - 0.5), 6);
    // 3d-force-graph's camera stands 170 × ∛count away with a 40° field: the ball is well inside it.
    expect(radius).toBeLessThan(170 * Math.cbrt(count) * Math.tan((20 * Math.PI) / 180));
    // Even density: half the nodes lie within the radius of half the ball's volume.
    const halfVolumeRadius = radius / Math.cbrt(2);
    expect(distances.filter((distance) => distance <= halfVolumeRadius).length).toBeCloseTo(count / 2, -2);
    expect(new Set(positions.map(({ x, y, z }) => `${x},${y},${z}`)).size).toBe(count);
  });
});

describe('cameraDistanceToFrame', () => {
  it('stands far enough that the ball fits the narrower field', () => {
    // 90° vertical field, square: the ball touches the view's sides at r / sin 45°.
    expect(cameraDistanceToFrame(100, 90, 1)).toBeCloseTo(100 * Math.SQRT2);
    // A tall, narrow view is bounded by its width.
    expect(cameraDistanceToFrame(100, 90, 0.5)).toBeGreaterThan(cameraDistanceToFrame(100, 90, 1));
    // A wide view is bounded by its height, as a square one.
    expect(cameraDistanceToFrame(100, 90, 2)).toBeCloseTo(100 * Math.SQRT2);
  });

  it('frames the farthest node with a margin', () => {
    expect(graphRadius([{ x: 3, y: 4, z: 0 }, { x: 0, y: 0, z: -12 }, {}])).toBe(12 + 20);
    expect(graphRadius([])).toBe(20);
  });
});
