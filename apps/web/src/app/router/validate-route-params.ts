import type { RouteDefinition } from '@ecc/contracts';
import { RouteValidationError } from '../../lib/errors/app-errors.ts';

/** Checks each present parameter against the route table's schema; any failure is a fatal 404 (spec section 8). */
export function validateRouteParams(
  route: Pick<RouteDefinition, 'params'>,
  params: Record<string, string | undefined>,
  pathname: string,
): void {
  for (const [name, schema] of Object.entries(route.params ?? {})) {
    const value = params[name];
    if (value === undefined) continue;
    if (!schema.safeParse(value).success) throw new RouteValidationError(pathname);
  }
}
