import { DEFAULT_PAGE_TRANSITION, type RouteDefinition } from '@ecc/contracts';
import { Outlet } from '@tanstack/react-router';
import { Activity, useState, type ReactNode } from 'react';
import { useCurrentRouteDefinition } from '../router/route-definition-data.ts';
import { RoutePage } from '../router/route-page.tsx';

function PageTransition({ route, children }: { route: RouteDefinition | undefined; children: ReactNode }) {
  const transition =
    route?.pageTransition === false ? undefined : (route?.pageTransition ?? DEFAULT_PAGE_TRANSITION);
  return <div className={transition ? `ecc-transition-${transition.name}` : undefined}>{children}</div>;
}

/**
 * A layout's page area. Each page fades in (keyed on its route, unless its meta turns the transition off);
 * pages whose meta says keepalive stay mounted, hidden, while the user is on another page of the same layout.
 */
export function PageOutlet() {
  const route = useCurrentRouteDefinition();
  const [keptRoutes, setKeptRoutes] = useState<readonly RouteDefinition[]>([]);
  if (route?.keepalive && !keptRoutes.includes(route)) setKeptRoutes([...keptRoutes, route]);
  const isKeptRoute = route !== undefined && keptRoutes.includes(route);

  return (
    <>
      {keptRoutes.map((kept) => (
        <Activity key={kept.id} mode={kept === route ? 'visible' : 'hidden'}>
          <PageTransition route={kept}>
            <RoutePage route={kept} />
          </PageTransition>
        </Activity>
      ))}
      {isKeptRoute ? null : (
        <PageTransition key={route?.id ?? 'not-found'} route={route}>
          <Outlet />
        </PageTransition>
      )}
    </>
  );
}
