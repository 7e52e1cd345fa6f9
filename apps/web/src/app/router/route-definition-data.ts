import type { LayoutName, RouteDefinition } from '@ecc/contracts';
import { useRouterState } from '@tanstack/react-router';

/** What the route tree attaches to each route's `staticData`, so layouts and the shell can read the table's meta. */
export interface RouteStaticData {
  route?: RouteDefinition;
  layout?: LayoutName;
}

export function readRouteStaticData(staticData: unknown): RouteStaticData {
  return typeof staticData === 'object' && staticData !== null ? (staticData as RouteStaticData) : {};
}

/** The route-table entry of the page on screen, if the path matched one. */
export function useCurrentRouteDefinition(): RouteDefinition | undefined {
  return useRouterState({
    select: (state) =>
      state.matches
        .map((match) => readRouteStaticData(match.staticData).route)
        .findLast((route) => route !== undefined),
  });
}
