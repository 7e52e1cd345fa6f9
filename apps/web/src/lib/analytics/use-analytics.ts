import { currentApplication, type Session, type User } from '@ecc/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useRealm } from '../realm/realm-queries.ts';
import { sessionQueryKey, userQueryKey } from '../session/session-queries.ts';
import { createAnalyticsClient, isAnalyticsConfigured, type AnalyticsClient } from './analytics-client.ts';
import { identifyTraitsOf } from './identify-traits.ts';
import { pageViewOf } from './page-properties.ts';

function createBrowserAnalyticsClient(): AnalyticsClient {
  return createAnalyticsClient({
    fetch: (input, init) => window.fetch(input, init),
    logger: console,
    now: () => new Date(),
    randomId: () => crypto.randomUUID(),
    // Reached through `window` on each call: merely reading `localStorage` throws where storage is blocked.
    storage: {
      getItem: (key) => window.localStorage.getItem(key),
      setItem: (key, value) => window.localStorage.setItem(key, value),
      removeItem: (key) => window.localStorage.removeItem(key),
    },
  });
}

/**
 * Tracks the realm's users when its config asks for it (spec sections 2 and 7): loads the client once the realm
 * is known, identifies a user who signed in, and sends a page event for every resolved route change (identify
 * first when the change came with a sign-in).
 */
export function useAnalytics(): void {
  const realm = useRealm();
  const router = useRouter();
  const queryClient = useQueryClient();
  const href = useRouterState({ select: (state) => state.resolvedLocation?.href });
  const [client] = useState(createBrowserAnalyticsClient);
  const hasLoadStarted = useRef(false);
  const identifiedUserId = useRef<string | undefined>(undefined);
  const settings = realm ? currentApplication(realm).analytics : undefined;
  const isTracking = isAnalyticsConfigured(settings);

  useEffect(() => {
    if (!realm || hasLoadStarted.current) return;
    hasLoadStarted.current = true;
    if (!isAnalyticsConfigured(settings)) {
      console.debug('Analytics not loaded: tracking, the provider, the write key or the proxy path is off');
      return;
    }
    void client.load(settings.writeKey, settings.proxyPath);
  }, [realm, settings, client]);

  useEffect(() => {
    if (!realm || !isTracking || href === undefined) return;
    const user = queryClient.getQueryData<User | null>(userQueryKey);
    const session = queryClient.getQueryData<Session | null>(sessionQueryKey);
    if (user && user.id !== identifiedUserId.current) {
      identifiedUserId.current = user.id;
      client.identify(
        user.id,
        identifyTraitsOf({
          host: window.location.host,
          username: session?.email ?? user.id,
          user,
          realm,
          application: currentApplication(realm),
        }),
      );
    } else if ((user === null || session === null) && identifiedUserId.current) {
      identifiedUserId.current = undefined;
      client.reset();
    }
    const location = router.state.resolvedLocation ?? router.state.location;
    const view = pageViewOf({
      pathname: location.pathname,
      searchString: location.searchStr,
      hash: location.hash,
      href: window.location.href,
      params: (router.state.matches.at(-1)?.params ?? {}) as Record<string, string>,
    });
    client.page(view.category, view.name, view.properties);
  }, [href, realm, isTracking, client, queryClient, router]);
}
