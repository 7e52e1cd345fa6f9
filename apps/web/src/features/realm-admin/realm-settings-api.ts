import {
  realmSessionSettingsEndpoints,
  realmSettingsEndpoints,
  type Legal,
  type RealmLegalSettings,
  type RealmSessionSettings,
  type RealmSettings,
  type RealmSettingsResponse,
  type RealmThemeSettings,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { RECALCULATION_POLL_MS } from '#lib/recalculations/recalculation-api.ts';
import { realmQueryKey } from '#lib/realm/realm-queries.ts';

const realmSettingsQueryKey = (realmId: string) => ['realm-settings', realmId] as const;

/** `GET /api/realms/:realmId/theme`: the realm's themes (colours in hex), selection and overrides. */
export function realmThemeQueryOptions(realmId: string) {
  return queryOptions({
    queryKey: [...realmSettingsQueryKey(realmId), 'theme'],
    queryFn: async ({ signal }) =>
      callEndpoint(realmSettingsEndpoints.theme, { params: { realmId }, signal }),
  });
}

/** `GET /api/realms/:realmId/legal`: the application's legal texts and licences, with their revisions. */
export function realmLegalQueryOptions(realmId: string) {
  return queryOptions({
    queryKey: [...realmSettingsQueryKey(realmId), 'legal'],
    queryFn: async ({ signal }) =>
      callEndpoint(realmSettingsEndpoints.legal, { params: { realmId }, signal }),
  });
}

/**
 * `GET /api/realms/:realmId/settings`: the realm's GWP set and its recalculation under way, polled while there is
 * one (it may be another realm's, whose run the browser cannot read by itself).
 */
export function realmSettingsQueryOptions(realmId: string) {
  return queryOptions({
    queryKey: [...realmSettingsQueryKey(realmId), 'settings'],
    queryFn: async ({ signal }) => callEndpoint(realmSettingsEndpoints.read, { params: { realmId }, signal }),
    refetchInterval: (query) => (query.state.data?.recalculation ? RECALCULATION_POLL_MS : false),
  });
}

/** `GET /api/realms/:realmId/session-settings`: how long the realm's sessions last at most after sign-in. */
export function realmSessionSettingsQueryOptions(realmId: string) {
  return queryOptions({
    queryKey: [...realmSettingsQueryKey(realmId), 'session-settings'],
    queryFn: async ({ signal }) =>
      callEndpoint(realmSessionSettingsEndpoints.read, { params: { realmId }, signal }),
  });
}

export function saveRealmSessionSettings(
  realmId: string,
  settings: RealmSessionSettings,
): Promise<RealmSessionSettings> {
  return callEndpoint(realmSessionSettingsEndpoints.update, { params: { realmId }, body: settings });
}

export async function saveRealmTheme(
  realmId: string,
  settings: RealmThemeSettings,
): Promise<RealmThemeSettings> {
  return callEndpoint(realmSettingsEndpoints.updateTheme, { params: { realmId }, body: settings });
}

export async function saveRealmLegal(realmId: string, legal: RealmLegalSettings): Promise<Legal> {
  return callEndpoint(realmSettingsEndpoints.updateLegal, { params: { realmId }, body: legal });
}

/** Another set than the realm's starts the recalculation that moves the realm to it (the answer names it). */
export async function saveRealmSettings(
  realmId: string,
  settings: RealmSettings,
): Promise<RealmSettingsResponse> {
  return callEndpoint(realmSettingsEndpoints.update, { params: { realmId }, body: settings });
}

/**
 * After a save: the edited part's answer replaces the cached one, and when the realm is the user's own, the
 * realm the app runs on (`GET /api/config`, whose theme the root shell applies, whose licences the agreement
 * guard reads) and the login page's payload are fetched again.
 */
export async function afterRealmSettingsSaved(
  queryClient: QueryClient,
  realmId: string,
  part: 'theme' | 'legal' | 'settings' | 'session-settings',
  answer: unknown,
): Promise<void> {
  queryClient.setQueryData([...realmSettingsQueryKey(realmId), part], answer);
  const ownRealmId = queryClient.getQueryData<{ id: string }>(realmQueryKey)?.id;
  if (ownRealmId !== realmId) return;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: realmQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['public-page-payload'] }),
  ]);
}
