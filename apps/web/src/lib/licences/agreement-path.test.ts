import { describe, expect, it } from 'vitest';
import { agreementHref, pathAfterAgreement } from './agreement-path.ts';

describe('the agreement path', () => {
  it('remembers where the user was going', () => {
    expect(agreementHref('/launcher')).toBe('/agreement?next=%2Flauncher');
    expect(agreementHref('/benchmarks?year=2025')).toBe('/agreement?next=%2Fbenchmarks%3Fyear%3D2025');
    expect(agreementHref('/')).toBe('/agreement');
  });

  it('goes on only to a path of this site, never back to the agreement', () => {
    expect(pathAfterAgreement('/launcher')).toBe('/launcher');
    expect(pathAfterAgreement('//evil.example')).toBe('/');
    expect(pathAfterAgreement('/\\evil.example')).toBe('/');
    expect(pathAfterAgreement('https://evil.example')).toBe('/');
    expect(pathAfterAgreement('/agreement?next=%2F')).toBe('/');
    expect(pathAfterAgreement(undefined)).toBe('/');
    expect(pathAfterAgreement(42)).toBe('/');
  });
});
