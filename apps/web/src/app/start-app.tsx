import { DEFAULT_LOCALE, messages } from '@ecc/contracts';
import { toast } from '@ecc/ui';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ErrorPage } from '../components/error-page.tsx';
import { setUnauthorizedHandler } from '../lib/api/api.ts';
import { createUnauthorizedHandler } from '../lib/api/unauthorized-handler.ts';
import { RealmNotFoundError } from '../lib/errors/app-errors.ts';
import { toAppError } from '../lib/errors/to-app-error.ts';
import { getLocaleCookie, setLocaleCookie } from '../lib/format/locale-cookie.ts';
import { navigateToUrl } from '../lib/navigation/navigate-to-url.ts';
import { captureInlinePayload, isPayloadPath, setInlinePayload } from '../lib/payload/public-page-payload.ts';
import { createQueryClient } from '../lib/query/query-client.ts';
import { loadRealm } from '../lib/realm/realm-queries.ts';
import { createRedirectCookie } from '../lib/session/redirect-cookie.ts';
import { forgetSession } from '../lib/session/session-queries.ts';
import { whenFirstPageShown } from '../lib/timing/when-first-page-shown.ts';
import { createVersionWatcher, fetchManifestJson } from '../lib/version/version-watcher.ts';
import { App } from './app.tsx';
import { createAppRouter } from './router/app-router.tsx';

/** Logs a start-up failure; a missing realm has already been logged as such where it was found missing. */
export function reportStartupError(error: unknown): void {
  if (error instanceof RealmNotFoundError) return;
  console.error(messages.mountError, error);
}

function renderErrorPage(root: Root, error: unknown): void {
  root.render(
    <StrictMode>
      <ErrorPage error={toAppError(error)} />
    </StrictMode>,
  );
}

/**
 * Start-up (spec section 4): create the app, wire its plugins, mount. The realm (`/api/config`) is awaited
 * before mounting, except on the public pages, which paint from their payload meanwhile. Any failure shows
 * the error page.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  let root: Root | undefined;
  try {
    root = createRoot(container, {
      onUncaughtError: (error) => {
        reportStartupError(error);
        if (root) renderErrorPage(root, error);
      },
    });
    const pathname = window.location.pathname;
    setInlinePayload(captureInlinePayload(pathname));
    // The product is English only (spec section 1); the cookie tells the server and later visits which locale formats.
    if (!getLocaleCookie()) setLocaleCookie(DEFAULT_LOCALE);

    const queryClient = createQueryClient();
    const versionWatcher = createVersionWatcher({
      currentBuildId: __ECC_BUILD_ID__,
      fetchJson: fetchManifestJson,
    });
    const router = createAppRouter({
      queryClient,
      navigation: versionWatcher,
      redirectCookie: createRedirectCookie(),
      notify: (guardToast) => toast(guardToast),
      navigateExternal: (url) => navigateToUrl(url, { isExternalAllowed: true }),
      reloadAt: (href) => window.location.assign(href),
    });
    // OpenFeature's SDK is for signed-in pages' navigation, not the first paint: connected after it.
    whenFirstPageShown(
      router,
      () =>
        void import('../lib/feature-flags/evaluated-flags-provider.ts')
          .then((flags) => flags.connectEvaluatedFlags(queryClient))
          .catch((error: unknown) => console.error('Could not load the feature flags', error)),
    );
    setUnauthorizedHandler(
      createUnauthorizedHandler({
        showToast: (unauthorizedToast) => toast(unauthorizedToast),
        navigate: (path) => void router.navigate({ href: path }),
        getPathname: () => router.state.location.pathname,
        onSignedOut: () => forgetSession(queryClient),
      }),
    );

    const realmLoaded = loadRealm(queryClient);
    if (!isPayloadPath(pathname)) await realmLoaded;
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
    if (import.meta.env.PROD) {
      void versionWatcher.loadCurrentMeta();
      versionWatcher.start();
    }
    await realmLoaded;
  } catch (error) {
    reportStartupError(error);
    root ??= createRoot(container);
    renderErrorPage(root, error);
  }
}
