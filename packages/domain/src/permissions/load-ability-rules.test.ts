import { describe, expect, it, vi } from 'vitest';
import { loadAbilityRules } from './load-ability-rules.ts';
import type { Right } from './permission.ts';

const context = { user: { id: 'user-1', realmKey: 'demo' }, realmTree: { demo: null } };
const rights: Right[] = [{ id: 'right-1', name: 'Facilities' }];
const permission = {
  id: 'p1',
  active: true,
  type: 'REGEX_GRANT',
  right: 'right-1',
  data: { realm: '\\own', subject: 'Facility', id: '.*', action: 'read' },
};

function recordingLogger() {
  return { error: vi.fn<(message: string, error: unknown) => void>() };
}

describe('loadAbilityRules', () => {
  it('converts the loaded permissions and passes the rights on', async () => {
    const logger = recordingLogger();
    const loaded = await loadAbilityRules(
      async () => [permission],
      async () => rights,
      logger,
      context,
    );
    expect(loaded).toEqual({
      rules: [{ action: 'read', subject: 'Facility', conditions: { realm: { $in: ['demo'] } } }],
      rights,
      rejected: [],
    });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it.each([
    ['the permissions load fails', () => Promise.reject(new Error('503')), async () => rights],
    ['the rights load fails', async () => [permission], () => Promise.reject(new Error('503'))],
    [
      'the permissions load answers something other than a list',
      async () => ({ results: [] }),
      async () => rights,
    ],
    ['the rights load answers something other than a list', async () => [permission], async () => ({})],
  ])(
    'logs "Failed to get rights" and grants nothing when %s',
    async (_case, fetchPermissions, fetchRights) => {
      const logger = recordingLogger();
      const loaded = await loadAbilityRules(
        fetchPermissions as () => Promise<readonly unknown[]>,
        fetchRights as () => Promise<readonly Right[]>,
        logger,
        context,
      );
      expect(loaded).toEqual({ rules: [], rights: [], rejected: [] });
      expect(logger.error).toHaveBeenCalledTimes(1);
      expect(logger.error).toHaveBeenCalledWith('Failed to get rights', expect.any(Error));
    },
  );

  it('names the loaders when either answers something other than a list', async () => {
    const logger = recordingLogger();
    await loadAbilityRules(
      async () => [permission],
      async () => ({}) as unknown as Right[],
      logger,
      context,
    );
    expect(logger.error).toHaveBeenCalledWith(
      'Failed to get rights',
      new TypeError('The permission and right loaders must answer lists'),
    );
  });
});
