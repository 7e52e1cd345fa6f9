import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no layout engine; the router's scroll restoration calls scrollTo on every navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// Nor a ResizeObserver, which the charts follow their box's size with: one that never reports is enough.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Nor a canvas: the charts' text measuring falls back to its own width table when there is no 2D context,
// which jsdom would otherwise report as "not implemented" on every chart.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

afterEach(() => {
  cleanup();
});
