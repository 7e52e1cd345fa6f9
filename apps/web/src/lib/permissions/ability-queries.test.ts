import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query/query-client.ts';
import {
  ADMIN_PERMISSIONS,
  answerSignedIn,
  jsonResponse,
  MEMBER_PERMISSIONS,
  TEST_USER,
} from '../../test/fixtures.ts';
import { abilityQueryKey, abilityQueryOptions } from './ability-queries.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve(answer: (url: URL) => Response | undefined) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      paths.push(url.pathname + url.search);
      return (
        answer(url) ??
        jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Not found' }, 'Not Found')
      );
    }),
  );
  return paths;
}

describe('the ability loader', () => {
  it('lets the admin manage everything in their realm, once per user', async () => {
    const paths = serve((url) => answerSignedIn(url, ADMIN_PERMISSIONS));
    const queryClient = createQueryClient();
    const ability = await queryClient.fetchQuery(abilityQueryOptions(TEST_USER));
    expect(ability.can('delete', 'Equipment')).toBe(true);
    expect(ability.can('create', 'EquipmentType')).toBe(true);
    expect(paths.sort()).toEqual([
      `/api/immutably/authz/principals/${TEST_USER.id}/permissions?inherited=true&limit=10000`,
      '/api/immutably/authz/rights?limit=9999',
    ]);
    await queryClient.fetchQuery(abilityQueryOptions(TEST_USER));
    expect(paths).toHaveLength(2);
    expect(queryClient.getQueryData(abilityQueryKey(TEST_USER.id))).toBe(ability);
  });

  it('lets a member edit equipment but not delete it nor change equipment types', async () => {
    serve((url) => answerSignedIn(url, MEMBER_PERMISSIONS));
    const ability = await createQueryClient().fetchQuery(abilityQueryOptions(TEST_USER));
    expect(ability.can('read', 'Equipment')).toBe(true);
    expect(ability.can('update', 'Equipment')).toBe(true);
    expect(ability.can('delete', 'Equipment')).toBe(false);
    expect(ability.can('create', 'EquipmentType')).toBe(false);
    expect(ability.can('delete', 'ActivityRecord')).toBe(true);
    expect(ability.can('create', 'Facility')).toBe(false);
  });

  it("ignores grants for other realms: the browser's screens work in the user's own realm", async () => {
    const elsewhere = [
      {
        id: 'elsewhere',
        active: true,
        type: 'PLAINTEXT_GRANT' as const,
        data: { subject: 'Equipment', action: 'delete', realm: 'other' },
        right: 'test',
      },
    ];
    serve((url) => answerSignedIn(url, elsewhere));
    const ability = await createQueryClient().fetchQuery(abilityQueryOptions(TEST_USER));
    expect(ability.can('delete', 'Equipment')).toBe(false);
  });

  it("logs 'Failed to get rights' and grants nothing when a list cannot be loaded", async () => {
    serve((url) =>
      url.pathname === '/api/immutably/authz/rights'
        ? jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' })
        : answerSignedIn(url, ADMIN_PERMISSIONS),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ability = await createQueryClient().fetchQuery(abilityQueryOptions(TEST_USER));
    expect(log).toHaveBeenCalledWith('Failed to get rights', expect.anything());
    expect(ability.can('read', 'Equipment')).toBe(false);
    expect(ability.rules).toEqual([]);
  });
});
