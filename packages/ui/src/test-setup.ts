import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Tests run without vitest globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// jsdom has no layout, hence no ResizeObserver; Radix's positioning (tooltips) needs one to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
