import type { RouteDefinition } from '@ecc/contracts';
import { loadedPage } from './page-registry.ts';

/** Renders a route's page; the route's loader has loaded it before the router renders the route. */
export function RoutePage({ route }: { route: RouteDefinition }) {
  const Page = loadedPage(route.id);
  if (!Page) throw new Error(`The page of route ${route.id} was rendered before it loaded`);
  // eslint-disable-next-line react-hooks/static-components -- a page is a module's export, looked up (never created) by route id, so its identity is stable.
  return <Page route={route} />;
}
