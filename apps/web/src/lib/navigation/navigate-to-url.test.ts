import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { hasScriptProtocol, navigateToUrl, type PageLocation } from './navigate-to-url.ts';

function fakeLocation() {
  return {
    href: 'https://app.example.com/reports?year=2024',
    origin: 'https://app.example.com',
    assign: vi.fn<(url: string) => void>(),
    replace: vi.fn<(url: string) => void>(),
  } satisfies PageLocation;
}

/** A scheme spelled in mixed case, with characters browsers ignore sprinkled in front and inside. */
const obfuscatedScriptUrl = fc
  .tuple(
    fc.constantFrom('javascript', 'data', 'vbscript'),
    fc.infiniteStream(fc.boolean()),
    fc.array(
      fc.constantFrom(' ', '\t', '\n', '\r', '\u0000', '\u0001', '\u001f', '\u007f', '\u00a0', '\ufeff'),
      {
        maxLength: 4,
      },
    ),
    fc.array(fc.nat(), { maxLength: 4 }),
    fc.constantFrom('', ' ', '\t', '\u0000'),
    fc.string(),
  )
  .map(([scheme, casing, noise, positions, beforeColon, payload]) => {
    const letters = [...scheme].map((letter) => (casing.next().value ? letter.toUpperCase() : letter));
    noise.forEach((character, index) => {
      letters.splice((positions[index] ?? 0) % (letters.length + 1), 0, character);
    });
    return `${letters.join('')}${beforeColon}:${payload}`;
  });

describe('navigateToUrl', () => {
  it('sends paths of this app through the router', () => {
    const navigateInternal = vi.fn();
    const location = fakeLocation();
    navigateToUrl('/profile?tab=licences#top', { navigateInternal, location });
    expect(navigateInternal).toHaveBeenCalledWith('/profile?tab=licences#top', { replace: false });
    navigateToUrl('https://app.example.com/launcher', { navigateInternal, location, replace: true });
    expect(navigateInternal).toHaveBeenLastCalledWith('/launcher', { replace: true });
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('loads a path of this app as a full page when no router is given', () => {
    const location = fakeLocation();
    navigateToUrl('/login', { location });
    expect(location.assign).toHaveBeenCalledWith('/login');
    navigateToUrl('/login', { location, replace: true });
    expect(location.replace).toHaveBeenCalledWith('/login');
  });

  it('refuses another site unless explicitly allowed, naming the URL', () => {
    const location = fakeLocation();
    const navigateInternal = vi.fn();
    for (const url of ['https://evil.example.net/', '//evil.example.net/path', 'http://app.example.com/']) {
      expect(() => navigateToUrl(url, { navigateInternal, location })).toThrow(url);
    }
    expect(navigateInternal).not.toHaveBeenCalled();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('goes to another site as a full page navigation when allowed', () => {
    const location = fakeLocation();
    navigateToUrl('https://id.example.org/logout', { isExternalAllowed: true, location });
    expect(location.assign).toHaveBeenCalledWith('https://id.example.org/logout');
    navigateToUrl('mailto:support@example.com', { isExternalAllowed: true, location, replace: true });
    expect(location.replace).toHaveBeenCalledWith('mailto:support@example.com');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'VBScript:msgbox(1)',
  ])('never follows %j, even when external navigation is allowed', (url) => {
    const location = fakeLocation();
    const navigateInternal = vi.fn();
    expect(() => navigateToUrl(url, { isExternalAllowed: true, navigateInternal, location })).toThrow(
      'javascript:, data: and vbscript: URLs are never followed',
    );
    expect(navigateInternal).not.toHaveBeenCalled();
    expect(location.assign).not.toHaveBeenCalled();
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('never follows a script-like URL however it is disguised', () => {
    fc.assert(
      fc.property(obfuscatedScriptUrl, fc.boolean(), (url, isExternalAllowed) => {
        const location = fakeLocation();
        const navigateInternal = vi.fn();
        expect(hasScriptProtocol(url)).toBe(true);
        expect(() => navigateToUrl(url, { isExternalAllowed, navigateInternal, location })).toThrow(Error);
        expect(navigateInternal).not.toHaveBeenCalled();
        expect(location.assign).not.toHaveBeenCalled();
        expect(location.replace).not.toHaveBeenCalled();
      }),
      { numRuns: 2000 },
    );
  });

  it('takes ordinary web URLs for what they are', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        expect(hasScriptProtocol(url)).toBe(false);
        const location = fakeLocation();
        const navigateInternal = vi.fn();
        const isInternal = new URL(url).origin === location.origin;
        if (isInternal) {
          navigateToUrl(url, { navigateInternal, location });
          expect(navigateInternal).toHaveBeenCalledOnce();
        } else {
          expect(() => navigateToUrl(url, { navigateInternal, location })).toThrow(url);
          navigateToUrl(url, { isExternalAllowed: true, navigateInternal, location });
          expect(location.assign).toHaveBeenCalledWith(new URL(url).href);
        }
      }),
    );
  });

  it('routes every path of this app internally', () => {
    fc.assert(
      fc.property(fc.webPath(), (rawPath) => {
        const path = `/${rawPath.replace(/^\/+/, '')}`;
        const location = fakeLocation();
        const navigateInternal = vi.fn();
        navigateToUrl(path, { navigateInternal, location });
        const expected = new URL(path, location.href);
        expect(navigateInternal).toHaveBeenCalledWith(
          `${expected.pathname}${expected.search}${expected.hash}`,
          {
            replace: false,
          },
        );
      }),
    );
  });
});
