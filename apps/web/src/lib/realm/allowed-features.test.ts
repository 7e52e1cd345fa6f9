import { ROUTES, type ApplicationConfig } from '@ecc/contracts';
import { buildAbility } from '@ecc/domain';
import { describe, expect, it } from 'vitest';
import { allowedFeatureRoutes, routeLinkPath } from './allowed-features.ts';

function application(overrides: Partial<ApplicationConfig>): ApplicationConfig {
  return { name: 'ECC', authSessionLength: 1800, ...overrides };
}

const ids = (plan: Partial<ApplicationConfig>, isLoggedIn = true) =>
  allowedFeatureRoutes(ROUTES, application(plan), isLoggedIn).map((route) => route.id);

describe('the launcher’s features', () => {
  it('offers a CORE realm every described feature its plan includes', () => {
    expect(ids({ plan: 'CORE' })).toEqual([
      'benchmarks',
      'pathways',
      'calc-editor',
      'knowledgegraph',
      'facility',
      'emission-factors',
      'equipment-manager',
      'feature-flags',
      'invite-manager',
      'realm-admin',
    ]);
  });

  it('offers a simple realm the pathways but not the paid features', () => {
    const simple = ids({ plan: 'simple' });
    expect(simple).toContain('pathways');
    expect(simple).not.toContain('benchmarks');
    expect(simple).not.toContain('facility');
  });

  it('offers the AI assistant only to a paid realm with the ai-assistant flag', () => {
    expect(ids({ plan: 'paid' })).not.toContain('context-ai');
    expect(ids({ plan: 'paid', 'feature-flags': 'ai-assistant' })).toContain('context-ai');
  });

  it('offers the AI assistant when the flag definition evaluates true for the user', () => {
    const withFlag = allowedFeatureRoutes(
      ROUTES,
      application({ plan: 'paid' }),
      true,
      new Set(['ai-assistant']),
    );
    expect(withFlag.map((route) => route.id)).toContain('context-ai');
  });

  it('offers nothing before the realm is known', () => {
    expect(allowedFeatureRoutes(ROUTES, undefined, true)).toEqual([]);
  });

  it('links to a route without its optional parameters', () => {
    expect(routeLinkPath({ path: '/facility/next/{-$slug}' })).toBe('/facility/next');
    expect(routeLinkPath({ path: '/benchmarks' })).toBe('/benchmarks');
  });

  it("leaves out the administrators' pages for someone whose role does not include them", () => {
    const member = buildAbility([{ action: 'read', subject: 'Facility' }]);
    const administrator = buildAbility([{ action: 'manage', subject: 'all' }]);
    const withAbility = (ability: ReturnType<typeof buildAbility>) =>
      allowedFeatureRoutes(ROUTES, application({ plan: 'CORE' }), true, new Set(), ability).map(
        (route) => route.id,
      );
    expect(withAbility(member)).not.toContain('invite-manager');
    expect(withAbility(member)).not.toContain('realm-admin');
    expect(withAbility(member)).toContain('facility');
    expect(withAbility(administrator)).toEqual(expect.arrayContaining(['invite-manager', 'realm-admin']));
  });
});
