import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageViewOf } from './page-properties.ts';

describe('pageViewOf', () => {
  it('names the page by the last segment and categorises it by the first when there are two or more', () => {
    expect(
      pageViewOf({
        pathname: '/facility/next/plant-1',
        searchString: '?year=2024',
        hash: 'totals',
        href: 'http://localhost/facility/next/plant-1?year=2024#totals',
        params: { slug: 'plant-1' },
      }),
    ).toEqual({
      category: 'facility',
      name: 'plant-1',
      properties: {
        params: { slug: 'plant-1' },
        fullPath: '/facility/next/plant-1?year=2024#totals',
        hash: '#totals',
        href: 'http://localhost/facility/next/plant-1?year=2024#totals',
        name: 'plant-1',
        path: '/facility/next/plant-1',
      },
    });
  });

  it('has no category for one segment or the root', () => {
    const base = { searchString: '', hash: '', href: 'http://localhost/', params: {} };
    expect(pageViewOf({ ...base, pathname: '/about' })).toMatchObject({ category: undefined, name: 'about' });
    expect(pageViewOf({ ...base, pathname: '/' })).toMatchObject({ category: undefined, name: '/' });
  });

  it('for any path: category is the first segment exactly when there are two or more, name the last', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.boolean(), (segments, trailing) => {
        const pathname = `/${segments.join('/')}${trailing ? '/' : ''}`;
        const view = pageViewOf({ pathname, searchString: '', hash: '', href: pathname, params: {} });
        expect(view.name).toBe(segments.at(-1));
        expect(view.properties.name).toBe(view.name);
        expect(view.category).toBe(segments.length >= 2 ? segments[0] : undefined);
        expect(view.properties.path).toBe(pathname);
        expect(view.properties.fullPath).toBe(pathname);
      }),
    );
  });
});
