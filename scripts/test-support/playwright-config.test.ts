import { describe, expect, it } from 'vitest';
import config from '../../playwright.config.ts';

describe('the end-to-end configuration', () => {
  it('never retries a test, in CI or locally, so a pass on a second try cannot hide a defect', () => {
    expect(config.retries).toBe(0);
    expect(config.projects ?? []).toEqual([]);
  });
});
