import { LAYOUTS, ROUTES, type LayoutName, type RouteDefinition } from '@ecc/contracts';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
  type AnyRoute,
  type ErrorComponentProps,
  type RouterHistory,
} from '@tanstack/react-router';
import { ErrorPage } from '../../components/error-page.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PagePending } from '../../components/page-pending.tsx';
import { toAppError } from '../../lib/errors/to-app-error.ts';
import { loadEvaluatedFeatureFlags } from '../../lib/feature-flags/feature-flag-queries.ts';
import { loadApplication } from '../../lib/realm/realm-queries.ts';
import type { RedirectCookie } from '../../lib/session/redirect-cookie.ts';
import { loadSession, loadUser } from '../../lib/session/session-queries.ts';
import { isChunkLoadError, reloadAfterChunkLoadError } from '../../lib/version/chunk-load-reload.ts';
import { decideNavigation, type NavigationState } from '../../lib/version/navigation-decision.ts';
import { loadedLayout, loadLayout } from '../layouts/layout-registry.ts';
import {
  resolveRouteMiddleware,
  runRouteMiddleware,
  type GuardToast,
  type MiddlewareRegistry,
} from '../middleware/route-middleware.ts';
import { routeMiddlewareRegistry } from '../middleware/route-middleware-registry.ts';
import { RootShell } from '../root-shell.tsx';
import { loadPage } from './page-registry.ts';
import type { RouteStaticData } from './route-definition-data.ts';
import { RoutePage } from './route-page.tsx';
import { validateRouteParams } from './validate-route-params.ts';

export interface AppRouterContext {
  queryClient: QueryClient;
  navigation: NavigationState;
  redirectCookie: RedirectCookie;
  notify: (toast: GuardToast) => void;
  /** A full page navigation to an absolute URL that the app explicitly allows. */
  navigateExternal: (url: string) => void;
  /** A full page load of a path of this app (new build, or a chunk that is gone). */
  reloadAt: (href: string) => void;
}

/** Keeps the router pending while the browser leaves for another document. */
function waitForPageUnload(): Promise<never> {
  return new Promise<never>(() => undefined);
}

function RouteErrorPage({ error }: ErrorComponentProps) {
  return <ErrorPage error={toAppError(error)} />;
}

/** Loads a route's code; a chunk of an older build that is gone after a deploy loads the route from the server. */
async function loadRouteCode(
  load: () => Promise<unknown>,
  href: string,
  context: AppRouterContext,
): Promise<void> {
  try {
    await load();
  } catch (error) {
    if (isChunkLoadError(error) && reloadAfterChunkLoadError(href, { assign: context.reloadAt })) {
      return waitForPageUnload();
    }
    throw error;
  }
}

/**
 * Starts loading a route's code while its guards wait for the server, so the two overlap; the loader awaits it
 * and reports a failure (a redirect away from the route leaves the code unused in the browser's cache).
 */
function startLoading(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}

function LayoutOf({ layout }: { layout: LayoutName }) {
  const Layout = loadedLayout(layout);
  if (!Layout) throw new Error(`The ${layout} layout was rendered before it loaded`);
  // eslint-disable-next-line react-hooks/static-components -- a layout is a module's export, looked up (never created) by name, so its identity is stable.
  return <Layout />;
}

export interface RouteTreeOptions {
  routes?: readonly RouteDefinition[];
  registry?: MiddlewareRegistry;
}

/** One router route per entry of the route table, under its layout; aliases redirect to their route. */
export function createRouteTree({
  routes = ROUTES,
  registry = routeMiddlewareRegistry,
}: RouteTreeOptions = {}) {
  const rootRoute = createRootRouteWithContext<AppRouterContext>()({
    component: RootShell,
    errorComponent: RouteErrorPage,
    notFoundComponent: NotFoundPage,
    beforeLoad: ({ location, context, preload }) => {
      if (preload) return;
      const decision = decideNavigation(location, context.navigation);
      if (decision.type === 'redirect') throw redirect({ href: decision.to });
      if (decision.type === 'external') {
        context.navigateExternal(decision.url);
        return waitForPageUnload();
      }
      if (decision.type === 'reload') {
        context.reloadAt(decision.href);
        return waitForPageUnload();
      }
    },
  });

  const layoutRoute = (layout: LayoutName): AnyRoute =>
    createRoute({
      getParentRoute: () => rootRoute,
      id: `layout-${layout}`,
      beforeLoad: () => startLoading(() => loadLayout(layout)),
      loader: ({ location, context }) => loadRouteCode(() => loadLayout(layout), location.href, context),
      component: () => <LayoutOf layout={layout} />,
      staticData: { layout } satisfies RouteStaticData,
    });
  const layoutRoutes: Record<LayoutName, AnyRoute> = {
    blank: layoutRoute('blank'),
    default: layoutRoute('default'),
    'equipment-manager': layoutRoute('equipment-manager'),
    login: layoutRoute('login'),
  };

  const pageRoute = (definition: RouteDefinition) => {
    const parent: AnyRoute = definition.layout === false ? rootRoute : layoutRoutes[definition.layout];
    const middleware = resolveRouteMiddleware(definition, registry);
    return createRoute({
      getParentRoute: () => parent,
      path: definition.path,
      staticData: { route: definition } satisfies RouteStaticData,
      beforeLoad: async ({ location, params, context, preload }) => {
        validateRouteParams(definition, params as Record<string, string | undefined>, location.pathname);
        if (preload) return;
        startLoading(() => loadPage(definition.id));
        const outcome = await runRouteMiddleware(middleware, {
          route: definition,
          pathname: location.pathname,
          href: location.href,
          loadSession: () => loadSession(context.queryClient),
          loadApplication: () => loadApplication(context.queryClient),
          loadUser: () => loadUser(context.queryClient),
          loadEvaluatedFeatureFlags: async () => (await loadEvaluatedFeatureFlags(context.queryClient)).flags,
          redirectCookie: context.redirectCookie,
          notify: context.notify,
        });
        if (outcome) throw redirect({ href: outcome.redirectTo, replace: outcome.isReplace ?? false });
      },
      loader: ({ location, context }) => loadRouteCode(() => loadPage(definition.id), location.href, context),
      component: () => <RoutePage route={definition} />,
    });
  };

  const aliasRoutes = routes.flatMap((definition) =>
    (definition.aliases ?? []).map((alias) =>
      createRoute({
        getParentRoute: () => rootRoute,
        path: alias,
        beforeLoad: () => {
          throw redirect({ href: definition.path, replace: true });
        },
      }),
    ),
  );

  const pagesIn = (layout: LayoutName | false) =>
    routes.filter((definition) => definition.layout === layout).map(pageRoute);
  return rootRoute.addChildren([
    ...LAYOUTS.map((layout) => layoutRoutes[layout].addChildren(pagesIn(layout))),
    ...pagesIn(false),
    ...aliasRoutes,
  ]);
}

export function createAppRouter(
  context: AppRouterContext,
  options: RouteTreeOptions & { history?: RouterHistory } = {},
) {
  return createRouter({
    routeTree: createRouteTree(options),
    context,
    history: options.history,
    defaultPreload: false,
    defaultPendingComponent: PagePending,
    defaultPendingMs: 300,
    defaultPendingMinMs: 0,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
