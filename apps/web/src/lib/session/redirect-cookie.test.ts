import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postLoginTarget } from './post-login-target.ts';
import { createRedirectCookie, isSameOriginPath } from './redirect-cookie.ts';

function memoryJar() {
  let stored = '';
  return {
    get cookie() {
      return stored;
    },
    set cookie(assignment: string) {
      const pair = assignment.split(';')[0] ?? '';
      stored = assignment.includes('Max-Age=0') ? '' : pair;
    },
  };
}

describe('the redirect cookie', () => {
  it('round-trips any path of this site, whatever characters it holds', () => {
    fc.assert(
      fc.property(fc.string(), (rest) => {
        const path = `/${rest.replace(/^[/\\]+/, '')}`;
        const cookie = createRedirectCookie(memoryJar());
        cookie.save(path);
        expect(cookie.read()).toBe(path);
      }),
    );
  });

  it('never hands back an address off this site, whatever the cookie holds', () => {
    fc.assert(
      fc.property(fc.string(), (planted) => {
        const jar = memoryJar();
        jar.cookie = `redirect=${encodeURIComponent(planted)}; path=/`;
        const target = postLoginTarget(createRedirectCookie(jar), undefined);
        expect(isSameOriginPath(target)).toBe(true);
        expect(target.split(/[?#]/)[0]).not.toBe('/login');
      }),
    );
  });

  it('reads undefined when nothing was saved, and after clearing', () => {
    const cookie = createRedirectCookie(memoryJar());
    expect(cookie.read()).toBeUndefined();
    cookie.save('/benchmarks');
    cookie.clear();
    expect(cookie.read()).toBeUndefined();
  });
});
