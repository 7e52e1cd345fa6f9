import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  MAX_SCALE,
  MIN_SCALE,
  PAN_STEP,
  ZOOM_STEP,
  applyViewportCommand,
  fitTransform,
  transformShowing,
  viewportCommandOf,
  zoomedTransform,
  type CanvasTransform,
  type KeyPress,
} from './graph-viewport.ts';

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

/** Where a layout point lands on the canvas under a transform. */
const onCanvas = (transform: CanvasTransform, point: { x: number; y: number }) => ({
  x: transform.x + point.x * transform.scale,
  y: transform.y + point.y * transform.scale,
});

const transforms = fc.record({
  scale: fc.double({ min: MIN_SCALE, max: MAX_SCALE, noNaN: true }),
  x: fc.double({ min: -5_000, max: 5_000, noNaN: true }),
  y: fc.double({ min: -5_000, max: 5_000, noNaN: true }),
});

describe('fitTransform', () => {
  it('centres a small layout without enlarging it past 1.5×', () => {
    expect(fitTransform({ width: 200, height: 100 })).toEqual({
      scale: 1.5,
      x: (CANVAS_WIDTH - 300) / 2,
      y: (CANVAS_HEIGHT - 150) / 2,
    });
  });

  it('shrinks a wide layout to the canvas width less its margins', () => {
    const transform = fitTransform({ width: 4_800, height: 300 });
    expect(transform.scale).toBeCloseTo((CANVAS_WIDTH - 40) / 4_800);
    expect(onCanvas(transform, { x: 0, y: 0 }).x).toBeCloseTo(20);
    expect(onCanvas(transform, { x: 4_800, y: 0 }).x).toBeCloseTo(CANVAS_WIDTH - 20);
  });
});

describe('zoomedTransform', () => {
  it('keeps the point under the pointer still', () => {
    fc.assert(
      fc.property(
        transforms,
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        fc.record({
          x: fc.double({ min: 0, max: CANVAS_WIDTH, noNaN: true }),
          y: fc.double({ min: 0, max: CANVAS_HEIGHT, noNaN: true }),
        }),
        (transform, factor, centre) => {
          const layoutPoint = {
            x: (centre.x - transform.x) / transform.scale,
            y: (centre.y - transform.y) / transform.scale,
          };
          const zoomed = zoomedTransform(transform, factor, centre);
          const after = onCanvas(zoomed, layoutPoint);
          expect(after.x).toBeCloseTo(centre.x, 6);
          expect(after.y).toBeCloseTo(centre.y, 6);
          expect(zoomed.scale).toBeGreaterThanOrEqual(MIN_SCALE);
          expect(zoomed.scale).toBeLessThanOrEqual(MAX_SCALE);
        },
      ),
    );
  });

  it('stops at the largest and smallest scale', () => {
    expect(zoomedTransform({ scale: 3.9, x: 0, y: 0 }, 2).scale).toBe(MAX_SCALE);
    expect(zoomedTransform({ scale: 0.06, x: 0, y: 0 }, 0.5).scale).toBe(MIN_SCALE);
  });
});

describe('transformShowing', () => {
  const node = { x: 0, y: 0, width: 180, height: 44 };

  it('leaves the view alone when the node is inside it', () => {
    const transform = { scale: 1, x: 100, y: 100 };
    expect(transformShowing(transform, node)).toBe(transform);
  });

  it('moves the view just enough to bring a node in from any side, the scale kept', () => {
    fc.assert(
      fc.property(
        transforms,
        fc.record({
          x: fc.double({ min: -3_000, max: 3_000, noNaN: true }),
          y: fc.double({ min: -3_000, max: 3_000, noNaN: true }),
        }),
        (transform, corner) => {
          const box = { ...node, ...corner };
          const shown = transformShowing(transform, box);
          expect(shown.scale).toBe(transform.scale);
          const start = onCanvas(shown, box);
          const end = onCanvas(shown, { x: box.x + box.width, y: box.y + box.height });
          expect(start.x).toBeGreaterThanOrEqual(16 - 1e-6);
          expect(start.y).toBeGreaterThanOrEqual(16 - 1e-6);
          // A node drawn larger than the canvas shows its top-left corner; otherwise all of it.
          if (box.width * transform.scale <= CANVAS_WIDTH - 32)
            expect(end.x).toBeLessThanOrEqual(CANVAS_WIDTH - 16 + 1e-6);
          if (box.height * transform.scale <= CANVAS_HEIGHT - 32)
            expect(end.y).toBeLessThanOrEqual(CANVAS_HEIGHT - 16 + 1e-6);
        },
      ),
    );
  });

  it('moves a node off the right edge back by its overflow only', () => {
    const shown = transformShowing({ scale: 1, x: 0, y: 100 }, { ...node, x: 900 });
    expect(shown).toEqual({ scale: 1, x: CANVAS_WIDTH - 16 - 1_080, y: 100 });
  });
});

describe('viewportCommandOf', () => {
  it('zooms with Ctrl or ⌘ and = + -, and with ] [', () => {
    expect(viewportCommandOf(press('=', { ctrlKey: true }))).toEqual({ kind: 'zoom-in' });
    expect(viewportCommandOf(press('+', { ctrlKey: true, shiftKey: true }))).toEqual({ kind: 'zoom-in' });
    expect(viewportCommandOf(press('=', { metaKey: true }))).toEqual({ kind: 'zoom-in' });
    expect(viewportCommandOf(press('-', { ctrlKey: true }))).toEqual({ kind: 'zoom-out' });
    expect(viewportCommandOf(press(']'))).toEqual({ kind: 'zoom-in' });
    expect(viewportCommandOf(press('['))).toEqual({ kind: 'zoom-out' });
  });

  it('leaves + and - alone without Ctrl: they expand and collapse the focused node', () => {
    expect(viewportCommandOf(press('+', { shiftKey: true }))).toBeUndefined();
    expect(viewportCommandOf(press('-'))).toBeUndefined();
    expect(viewportCommandOf(press('='))).toBeUndefined();
  });

  it('fits with 0 and pans with Shift+arrows, looking the way the arrow points', () => {
    expect(viewportCommandOf(press('0'))).toEqual({ kind: 'fit' });
    expect(viewportCommandOf(press('0', { ctrlKey: true }))).toBeUndefined();
    expect(viewportCommandOf(press('ArrowLeft', { shiftKey: true }))).toEqual({
      kind: 'pan',
      dx: PAN_STEP,
      dy: 0,
    });
    expect(viewportCommandOf(press('ArrowDown', { shiftKey: true }))).toEqual({
      kind: 'pan',
      dx: 0,
      dy: -PAN_STEP,
    });
    // Plain arrows move between nodes.
    expect(viewportCommandOf(press('ArrowLeft'))).toBeUndefined();
    expect(viewportCommandOf(press('=', { ctrlKey: true, altKey: true }))).toBeUndefined();
  });
});

describe('applyViewportCommand', () => {
  const layout = { width: 400, height: 200 };
  const start = { scale: 1, x: 10, y: 20 };

  it('zooms around the canvas middle, fits the layout and pans', () => {
    const zoomedIn = applyViewportCommand(start, { kind: 'zoom-in' }, layout);
    expect(zoomedIn.scale).toBeCloseTo(ZOOM_STEP);
    const middle = { x: CANVAS_WIDTH / 2, y: CANVAS_HEIGHT / 2 };
    const layoutMiddle = { x: (middle.x - start.x) / start.scale, y: (middle.y - start.y) / start.scale };
    expect(onCanvas(zoomedIn, layoutMiddle).x).toBeCloseTo(middle.x);
    expect(applyViewportCommand(zoomedIn, { kind: 'zoom-out' }, layout).scale).toBeCloseTo(1);
    expect(applyViewportCommand(start, { kind: 'fit' }, layout)).toEqual(fitTransform(layout));
    expect(applyViewportCommand(start, { kind: 'pan', dx: 5, dy: -5 }, layout)).toEqual({
      scale: 1,
      x: 15,
      y: 15,
    });
  });
});
