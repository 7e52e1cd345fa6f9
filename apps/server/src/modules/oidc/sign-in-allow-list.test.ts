import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowListRefusalOf, emailDomainOf, isEmailDomainAllowed } from './sign-in-allow-list.ts';

/** A local part without `@`, as fast-check's e-mail addresses have. */
const localPart = fc.emailAddress().map((email) => email.slice(0, email.lastIndexOf('@')));

/** Changes a letter's case somewhere in the text, at random. */
const anyCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((upper) =>
      [...text].map((letter, index) => (upper[index] ? letter.toUpperCase() : letter)).join(''),
    );

describe('isEmailDomainAllowed', () => {
  it('allows an address whose domain is an allowed one, in any case', () => {
    fc.assert(
      fc.property(
        localPart,
        fc.domain().chain((domain) => fc.tuple(fc.constant(domain), anyCase(domain))),
        fc.array(fc.domain()),
        (local, [domain, written], others) => {
          expect(isEmailDomainAllowed(`${local}@${written}`, [...others, domain])).toBe(true);
          expect(isEmailDomainAllowed(`${local}@${domain}`, [...others, written])).toBe(true);
        },
      ),
    );
  });

  it('refuses a domain that only begins or ends like an allowed one, or contains it', () => {
    const affix = fc.stringMatching(/^[a-z0-9][a-z0-9.-]{0,20}$/);
    fc.assert(
      fc.property(
        localPart,
        fc.domain(),
        affix,
        fc.constantFrom('', '.', '-'),
        (local, allowed, extra, separator) => {
          expect(isEmailDomainAllowed(`${local}@${extra}${separator}${allowed}`, [allowed])).toBe(false);
          expect(isEmailDomainAllowed(`${local}@${allowed}${separator}${extra}`, [allowed])).toBe(false);
        },
      ),
    );
  });

  it('judges an address by what follows its last @, whatever comes before', () => {
    fc.assert(
      fc.property(fc.string(), fc.domain(), fc.domain(), (before, allowed, actual) => {
        fc.pre(allowed !== actual);
        expect(isEmailDomainAllowed(`${before}@${allowed}@${actual}`, [allowed])).toBe(false);
        expect(isEmailDomainAllowed(`${before}@${actual}@${allowed}`, [allowed])).toBe(true);
      }),
    );
  });

  it('refuses the cases the issue names, and an address with no domain', () => {
    expect(isEmailDomainAllowed('ada@evil-example.com', ['example.com'])).toBe(false);
    expect(isEmailDomainAllowed('ada@example.com.evil.io', ['example.com'])).toBe(false);
    expect(isEmailDomainAllowed('ada@sub.example.com', ['example.com'])).toBe(false);
    expect(isEmailDomainAllowed('ada@Example.COM', ['example.com'])).toBe(true);
    expect(isEmailDomainAllowed('ada', ['example.com'])).toBe(false);
    expect(isEmailDomainAllowed('ada@', ['example.com'])).toBe(false);
    expect(emailDomainOf('"ada@example.com"@evil.io')).toBe('evil.io');
  });
});

describe('allowListRefusalOf', () => {
  const strategy = {
    allowedDomains: ['example.com'],
    organizationClaim: 'hd',
    allowedOrganizations: ['example.com'],
  };

  it('lets anyone through lists that are absent or empty', () => {
    expect(allowListRefusalOf({}, undefined, {})).toBeUndefined();
    expect(
      allowListRefusalOf({ allowedDomains: [], allowedOrganizations: [] }, 'a@b.io', {}),
    ).toBeUndefined();
  });

  it('refuses by domain first, then by an organisation claim that is missing, not text, or not listed', () => {
    expect(allowListRefusalOf(strategy, 'ada@example.com', { hd: 'example.com' })).toBeUndefined();
    expect(allowListRefusalOf(strategy, 'ada@other.com', { hd: 'example.com' })).toBe('domain');
    expect(allowListRefusalOf(strategy, undefined, { hd: 'example.com' })).toBe('domain');
    expect(allowListRefusalOf(strategy, 'ada@example.com', {})).toBe('organization');
    expect(allowListRefusalOf(strategy, 'ada@example.com', { hd: ['example.com'] })).toBe('organization');
    expect(allowListRefusalOf(strategy, 'ada@example.com', { hd: 'Example.com' })).toBe('organization');
  });
});
