import type { RouteDefinition } from '@ecc/contracts';
import { lazy, Suspense } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { useRouteAccess } from '#lib/permissions/route-requirements.ts';
import { loadedPage } from './page-registry.ts';

// Only someone whose role leaves a page out meets the notice: it (and the router's Link) loads then.
const NoAccessNotice = lazy(() =>
  import('#components/no-access-notice.tsx').then((module) => ({ default: module.NoAccessNotice })),
);

/**
 * Renders a route's page; the route's loader has loaded it before the router renders the route. A page whose
 * content the user's role does not include says so instead of showing refusals.
 */
export function RoutePage({ route }: { route: RouteDefinition }) {
  const access = useRouteAccess(route.id);
  const Page = loadedPage(route.id);
  if (!Page) throw new Error(`The page of route ${route.id} was rendered before it loaded`);
  if (access === 'pending') return <LoadingSkeleton label={`Loading ${route.title}`} />;
  if (access === 'refused') {
    return (
      <Suspense fallback={<LoadingSkeleton label={`Loading ${route.title}`} />}>
        <NoAccessNotice title={route.title} />
      </Suspense>
    );
  }
  // eslint-disable-next-line react-hooks/static-components -- a page is a module's export, looked up (never created) by route id, so its identity is stable.
  return <Page route={route} />;
}
