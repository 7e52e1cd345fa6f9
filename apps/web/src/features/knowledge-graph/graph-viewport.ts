import type { Point } from './graph-view-model.ts';

/** The drawing's own coordinate box; the SVG scales it to the width it is given. */
export const CANVAS_WIDTH = 1000;
export const CANVAS_HEIGHT = 620;

/** How far the view may zoom out (a realm of hundreds of nodes fits) and in (a node's text is large). */
export const MIN_SCALE = 0.05;
export const MAX_SCALE = 4;

/** One press of a zoom button or key; one press of Shift+arrow, in canvas units. */
export const ZOOM_STEP = 1.25;
export const PAN_STEP = 60;

/** Where the layout is drawn: scaled by `scale`, then moved by `x`, `y` (canvas units). */
export interface CanvasTransform {
  scale: number;
  x: number;
  y: number;
}

/** A box in layout coordinates, such as a node's. */
export interface LayoutBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/** The transform that shows the whole layout, centred, never enlarged past 1.5×. */
export function fitTransform(layout: { width: number; height: number }): CanvasTransform {
  const margin = 20;
  const scale = clampScale(
    Math.min(
      1.5,
      (CANVAS_WIDTH - 2 * margin) / Math.max(layout.width, 1),
      (CANVAS_HEIGHT - 2 * margin) / Math.max(layout.height, 1),
    ),
  );
  return {
    scale,
    x: (CANVAS_WIDTH - layout.width * scale) / 2,
    y: (CANVAS_HEIGHT - layout.height * scale) / 2,
  };
}

/**
 * Zooms by `factor` keeping the canvas point `centre` still (the pointer for the wheel, the canvas's middle
 * for buttons and keys); the scale stays within its bounds.
 */
export function zoomedTransform(
  transform: CanvasTransform,
  factor: number,
  centre: Point = { x: CANVAS_WIDTH / 2, y: CANVAS_HEIGHT / 2 },
): CanvasTransform {
  const scale = clampScale(transform.scale * factor);
  const ratio = scale / transform.scale;
  return {
    scale,
    x: centre.x - (centre.x - transform.x) * ratio,
    y: centre.y - (centre.y - transform.y) * ratio,
  };
}

export function pannedTransform(transform: CanvasTransform, dx: number, dy: number): CanvasTransform {
  return { ...transform, x: transform.x + dx, y: transform.y + dy };
}

/**
 * The smallest move that brings `box` (layout coordinates) inside the canvas with a margin, the scale kept; the
 * same transform when it is already inside. A box larger than the canvas is aligned on its top-left corner.
 */
export function transformShowing(transform: CanvasTransform, box: LayoutBox): CanvasTransform {
  const margin = 16;
  const shift = (start: number, size: number, extent: number) => {
    const end = start + size;
    if (start < margin) return margin - start;
    if (end > extent - margin) return Math.max(extent - margin - end, margin - start);
    return 0;
  };
  const dx = shift(transform.x + box.x * transform.scale, box.width * transform.scale, CANVAS_WIDTH);
  const dy = shift(transform.y + box.y * transform.scale, box.height * transform.scale, CANVAS_HEIGHT);
  return dx === 0 && dy === 0 ? transform : pannedTransform(transform, dx, dy);
}

export function isSameTransform(left: CanvasTransform, right: CanvasTransform): boolean {
  const isClose = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  return isClose(left.scale, right.scale) && isClose(left.x, right.x) && isClose(left.y, right.y);
}

export type ViewportCommand =
  { kind: 'zoom-in' } | { kind: 'zoom-out' } | { kind: 'fit' } | { kind: 'pan'; dx: number; dy: number };

/** The parts of a key press that choose a viewport command. */
export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * The viewport command of a key on the canvas: Ctrl (or ⌘) with = or + zooms in and with - zooms out (as the
 * browser's own zoom keys, which a node's + and - do not clash with), ] and [ too, 0 fits, Shift+arrows pan
 * (the view looks the way the arrow points). Undefined for any other key.
 */
export function viewportCommandOf(press: KeyPress): ViewportCommand | undefined {
  const isCommand = press.ctrlKey || press.metaKey;
  if (press.altKey) return undefined;
  if ((isCommand && (press.key === '=' || press.key === '+')) || (!isCommand && press.key === ']')) {
    return { kind: 'zoom-in' };
  }
  if ((isCommand && press.key === '-') || (!isCommand && press.key === '[')) return { kind: 'zoom-out' };
  if (isCommand) return undefined;
  if (press.key === '0' && !press.shiftKey) return { kind: 'fit' };
  if (!press.shiftKey) return undefined;
  if (press.key === 'ArrowLeft') return { kind: 'pan', dx: PAN_STEP, dy: 0 };
  if (press.key === 'ArrowRight') return { kind: 'pan', dx: -PAN_STEP, dy: 0 };
  if (press.key === 'ArrowUp') return { kind: 'pan', dx: 0, dy: PAN_STEP };
  if (press.key === 'ArrowDown') return { kind: 'pan', dx: 0, dy: -PAN_STEP };
  return undefined;
}

/** The transform after a command; `fit` needs the layout's size. */
export function applyViewportCommand(
  transform: CanvasTransform,
  command: ViewportCommand,
  layout: { width: number; height: number },
): CanvasTransform {
  switch (command.kind) {
    case 'zoom-in':
      return zoomedTransform(transform, ZOOM_STEP);
    case 'zoom-out':
      return zoomedTransform(transform, 1 / ZOOM_STEP);
    case 'fit':
      return fitTransform(layout);
    case 'pan':
      return pannedTransform(transform, command.dx, command.dy);
  }
}
