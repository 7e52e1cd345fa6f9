import type { PageComponent } from '../../lib/routing/page-props.ts';

/** The sign-in page is the first many visitors see: its loader is here, the others in `page-loaders.ts`. */
const loadSignInPage = () => import('../../features/login/login-page.tsx').then((module) => module.LoginPage);

const loadedPages = new Map<string, PageComponent>();

/** Loads (once) the page of a route; the router awaits it before rendering the route. */
export async function loadPage(routeId: string): Promise<PageComponent> {
  const loaded = loadedPages.get(routeId);
  if (loaded) return loaded;
  const loader =
    routeId === 'login'
      ? loadSignInPage
      : await import('./page-loaders.ts').then(({ PAGE_LOADERS }) =>
          Object.hasOwn(PAGE_LOADERS, routeId)
            ? PAGE_LOADERS[routeId as keyof typeof PAGE_LOADERS]
            : undefined,
        );
  if (!loader) throw new Error(`No page for route ${routeId}`);
  const page = await loader();
  loadedPages.set(routeId, page);
  return page;
}

/** The page of a route that `loadPage` has already loaded. */
export function loadedPage(routeId: string): PageComponent | undefined {
  return loadedPages.get(routeId);
}
