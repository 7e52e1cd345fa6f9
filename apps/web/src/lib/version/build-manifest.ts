import { z, type RouteDefinition } from '@ecc/contracts';

/**
 * The new-version manifests the build writes: `builds/latest.json` names the newest build, and
 * `builds/meta/{buildId}.json` carries that build's route rules (the redirects of the route aliases).
 */
export const LATEST_BUILD_PATH = '/builds/latest.json';

export function buildMetaPath(buildId: string): string {
  return `/builds/meta/${encodeURIComponent(buildId)}.json`;
}

export const latestBuildSchema = z.object({ id: z.string().min(1), timestamp: z.number() });
export type LatestBuild = z.infer<typeof latestBuildSchema>;

const routeRuleSchema = z.object({ redirect: z.string().min(1) });
export type RouteRule = z.infer<typeof routeRuleSchema>;

export const buildMetaSchema = z.object({
  id: z.string().min(1),
  timestamp: z.number(),
  /** Rules by exact path (`static`) and by path prefix (`wildcard`, written `/prefix/**` in route rules). */
  matcher: z.object({
    static: z.record(z.string(), routeRuleSchema),
    wildcard: z.record(z.string(), routeRuleSchema),
  }),
  prerendered: z.array(z.string()),
  routeRules: z.object({ redirects: z.record(z.string(), z.string()) }),
});
export type BuildMeta = z.infer<typeof buildMetaSchema>;

/** Every alias of the route table redirects to its route's path. */
export function routeAliasRedirects(routes: readonly RouteDefinition[]): Record<string, string> {
  return Object.fromEntries(
    routes.flatMap((route) => (route.aliases ?? []).map((alias) => [alias, route.path])),
  );
}

export function createBuildMeta(build: LatestBuild, routes: readonly RouteDefinition[]): BuildMeta {
  const redirects = routeAliasRedirects(routes);
  return {
    id: build.id,
    timestamp: build.timestamp,
    matcher: {
      static: Object.fromEntries(Object.entries(redirects).map(([from, to]) => [from, { redirect: to }])),
      wildcard: {},
    },
    prerendered: [],
    routeRules: { redirects },
  };
}

/** The redirect a build's route rules give for a path: an exact rule first, then the longest matching prefix. */
export function findRouteRuleRedirect(meta: BuildMeta | undefined, pathname: string): string | undefined {
  if (!meta) return undefined;
  const exact = meta.matcher.static[normalizePathname(pathname)];
  if (exact) return exact.redirect;
  const prefixes = Object.keys(meta.matcher.wildcard)
    .filter((prefix) => pathname === prefix || pathname.startsWith(`${prefix.replace(/\/$/, '')}/`))
    .sort((left, right) => right.length - left.length);
  const prefix = prefixes[0];
  return prefix === undefined ? undefined : meta.matcher.wildcard[prefix]?.redirect;
}

function normalizePathname(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
