import { describe, expect, it } from 'vitest';
import { isKnownPagePath, ROUTES } from './routes.ts';

describe('isKnownPagePath', () => {
  it('knows every route of the table without parameters, with or without a trailing slash', () => {
    for (const route of ROUTES.filter((each) => !each.path.includes('$'))) {
      expect(isKnownPagePath(route.path), route.path).toBe(true);
      expect(isKnownPagePath(`${route.path}/`), route.path).toBe(true);
    }
  });

  it('knows aliases and matches literal segments in any case, as the router does', () => {
    expect(isKnownPagePath('/pathwayoptimizer')).toBe(true);
    expect(isKnownPagePath('/calc-editor/filetree')).toBe(true);
  });

  it('takes optional and required parameters when they are valid', () => {
    expect(isKnownPagePath('/facility/next')).toBe(true);
    expect(isKnownPagePath('/facility/next/north-plant-2')).toBe(true);
    const id = '3f1c8b0e-2d4a-4c7e-9b1f-0a2b3c4d5e6f';
    expect(isKnownPagePath(`/equipment-manager/boiler/${id}/view`)).toBe(true);
    expect(isKnownPagePath(`/equipment-manager/site/${id}/boiler/new`)).toBe(true);
  });

  it.each([
    '/no/such/page',
    '/facility/next/Not_A_Slug',
    '/facility/next/a/b',
    '/equipment-manager/boiler/not-a-uuid/view',
    '/about/more',
    '/%E0%A4%A',
  ])('does not know %s', (path) => {
    expect(isKnownPagePath(path)).toBe(false);
  });
});
