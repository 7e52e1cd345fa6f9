import { DEFAULT_LAYOUT_TRANSITION, messages, resolveRealmTheme, type RouteDefinition } from '@ecc/contracts';
import { Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { usePublicPageData } from '../lib/payload/public-page-payload.ts';
import { useSessionInactivityTimeout } from '../lib/inactivity/use-inactivity-timeout.ts';
import { useRealm } from '../lib/realm/realm-queries.ts';
import { applyTheme } from '../lib/theme/realm-theme.ts';
import { useIsFirstPageShown } from '../lib/timing/use-is-first-page-shown.ts';
import { useCurrentRouteDefinition } from './router/route-definition-data.ts';

export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} · ${messages.defaultTitle}` : messages.defaultTitle;
}

/** The login layout and routes whose meta asks for it are dark; every other page is light. */
export function isDarkRoute(route: RouteDefinition | undefined): boolean {
  return route?.colorMode === 'dark' || route?.layout === 'login';
}

function useDocumentHead(route: RouteDefinition | undefined) {
  useEffect(() => {
    document.title = documentTitle(route?.title);
    let description = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!description) {
      description = document.head.appendChild(document.createElement('meta'));
      description.name = 'description';
    }
    description.content = messages.defaultDescription;
  }, [route?.title]);
}

function useColorMode(isDark: boolean) {
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('dark', isDark);
  }, [isDark]);
}

/** The realm's theme for this path; before `/api/config` answers, the public page's payload carries it. */
function useRealmTheme(pathname: string) {
  const realm = useRealm();
  const payload = usePublicPageData(pathname, undefined);
  const theme = realm ? resolveRealmTheme(realm, pathname) : (payload?.theme ?? undefined);
  useLayoutEffect(() => void applyTheme(theme), [theme]);
}

const ShellBackgroundWork = lazy(() =>
  import('./shell-background-work.tsx').then((module) => ({ default: module.ShellBackgroundWork })),
);

/** The id every layout gives its main landmark (the skip link's target). */
const MAIN_CONTENT_ID = 'main-content';

/**
 * After a client-side navigation to another path, focus moves to the new page's main landmark so keyboard and
 * screen reader users start there, unless the page already put focus inside it (the login form's email field).
 */
function useFocusMainOnNavigation() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onRendered', (event) => {
        if (!event.pathChanged) return;
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
      }),
    [router],
  );
}

/**
 * Around every page: document title and description, colour mode, realm theme, the inactivity timeout and the
 * layout's fade; analytics once the first page has painted.
 */
export function RootShell() {
  const route = useCurrentRouteDefinition();
  const pathname = useLocation({ select: (location) => location.pathname });
  useDocumentHead(route);
  useColorMode(isDarkRoute(route));
  useRealmTheme(pathname);
  useFocusMainOnNavigation();
  // Not deferred: a signed-in user's inactivity counts from the first page on.
  useSessionInactivityTimeout();
  const isFirstPageShown = useIsFirstPageShown(useRouter());

  const transition =
    route?.layoutTransition === false ? undefined : (route?.layoutTransition ?? DEFAULT_LAYOUT_TRANSITION);
  return (
    <>
      <div
        key={route ? String(route.layout) : 'none'}
        className={transition ? `ecc-transition-${transition.name}` : undefined}
      >
        <Outlet />
      </div>
      {isFirstPageShown ? (
        <Suspense fallback={null}>
          <ShellBackgroundWork />
        </Suspense>
      ) : null}
    </>
  );
}
