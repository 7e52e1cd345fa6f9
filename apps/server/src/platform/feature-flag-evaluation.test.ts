import { realmSchema } from '@ecc/contracts';
import { createDefaultRealmConfig } from '@ecc/db';
import { describe, expect, it, vi } from 'vitest';
import { evaluateFeatureFlags, evaluationContextFor } from './feature-flag-evaluation.ts';

const logger = () => ({ error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() });
const context = {
  targetingKey: 'u1',
  realm: 'acme',
  email: 'ann@acme.test',
  id: 'u1',
  plan: 'paid',
};

describe('feature flag evaluation', () => {
  it('evaluates targeting over realm, e-mail, id and plan, sorted by key', () => {
    const flags = evaluateFeatureFlags(
      {
        zeta: { type: 'boolean', variants: { on: true, off: false }, defaultVariant: 'on' },
        alpha: {
          type: 'boolean',
          variants: { on: true, off: false },
          defaultVariant: 'off',
          targeting: {
            if: [
              {
                and: [{ '==': [{ var: 'realm' }, 'acme'] }, { ends_with: [{ var: 'email' }, '@acme.test'] }],
              },
              'on',
              null,
            ],
          },
        },
      },
      context,
      logger(),
    );
    expect(flags).toEqual([
      { key: 'alpha', value: true, variant: 'on', reason: 'TARGETING_MATCH' },
      { key: 'zeta', value: true, variant: 'on', reason: 'STATIC' },
    ]);
  });

  it('answers false with reason ERROR, and logs it, when targeting names no variant of the flag', () => {
    const log = logger();
    const flags = evaluateFeatureFlags(
      {
        broken: {
          type: 'boolean',
          variants: { on: true, off: false },
          defaultVariant: 'on',
          targeting: { '==': [{ var: 'plan' }, 'paid'] },
        },
      },
      context,
      log,
    );
    expect(flags).toEqual([{ key: 'broken', value: false, reason: 'ERROR' }]);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('Feature flag broken'));
  });

  it('gives targeting the user and the application plan, and lets only administrators manage', () => {
    const config = createDefaultRealmConfig({ plan: 'EQT' });
    const realm = realmSchema.parse({
      id: '6a1f0f7e-4c1b-4c55-8f0e-5b2b0c1d2e3f',
      active: true,
      realm: 'acme',
      name: 'Acme',
      type: 'organization',
      domains: [],
      key: 'acme',
      'created-by': null,
      'modified-by': null,
      'created-on': '2025-01-01T00:00:00.000Z',
      'modified-on': '2025-01-01T00:00:00.000Z',
      properties: { config },
    });
    expect(evaluationContextFor(realm, { id: 'u1', email: 'ann@acme.test' })).toEqual({
      ...context,
      plan: 'EQT',
    });
  });
});
