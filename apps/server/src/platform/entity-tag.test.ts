import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entityTagOf, isNotModified } from './entity-tag.ts';

const withIfNoneMatch = (value?: string) => ({
  headers: value === undefined ? {} : { 'if-none-match': value },
});

describe('entity tags', () => {
  it('gives equal bodies equal tags and different bodies different ones', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (left, right) => {
        expect(entityTagOf(left) === entityTagOf(right)).toBe(left === right);
      }),
    );
  });

  it('is a quoted strong tag', () => {
    expect(entityTagOf('{"realm":{}}')).toMatch(/^"[\w-]+"$/);
  });

  it('finds the tag in a list, weak or strong, and answers * for any', () => {
    const tag = entityTagOf('body');
    expect(isNotModified(withIfNoneMatch(tag), tag)).toBe(true);
    expect(isNotModified(withIfNoneMatch(`"other", W/${tag}`), tag)).toBe(true);
    expect(isNotModified(withIfNoneMatch('*'), tag)).toBe(true);
  });

  it('does not match without the header or with other tags only', () => {
    const tag = entityTagOf('body');
    expect(isNotModified(withIfNoneMatch(), tag)).toBe(false);
    expect(isNotModified(withIfNoneMatch(entityTagOf('other body')), tag)).toBe(false);
    expect(isNotModified(withIfNoneMatch(''), tag)).toBe(false);
  });
});
