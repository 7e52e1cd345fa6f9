import type { RouteDefinition } from '@ecc/contracts';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { NoAccessNotice } from '#components/no-access-notice.tsx';
import { useRouteAccess } from '#lib/permissions/route-requirements.ts';
import { loadedPage } from './page-registry.ts';

/**
 * Renders a route's page; the route's loader has loaded it before the router renders the route. A page whose
 * content the user's role does not include says so instead of showing refusals.
 */
export function RoutePage({ route }: { route: RouteDefinition }) {
  const access = useRouteAccess(route.id);
  const Page = loadedPage(route.id);
  if (!Page) throw new Error(`The page of route ${route.id} was rendered before it loaded`);
  if (access === 'pending') return <LoadingSkeleton label={`Loading ${route.title}`} />;
  if (access === 'refused') return <NoAccessNotice title={route.title} />;
  // eslint-disable-next-line react-hooks/static-components -- a page is a module's export, looked up (never created) by route id, so its identity is stable.
  return <Page route={route} />;
}
