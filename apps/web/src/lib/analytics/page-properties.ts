/** Where the browser is, as the router resolved it. */
export interface PageLocation {
  pathname: string;
  /** `?a=1`, or empty. */
  searchString: string;
  /** Without `#`, or empty. */
  hash: string;
  href: string;
  params: Record<string, string>;
}

export interface PageView {
  category: string | undefined;
  name: string;
  properties: {
    params: Record<string, string>;
    fullPath: string;
    hash: string;
    href: string;
    name: string;
    path: string;
  };
}

/**
 * The page event of a route change (spec section 2): the path's segments give the name (the last one; `/` for
 * the root) and, with two or more segments, the category (the first one).
 */
export function pageViewOf(location: PageLocation): PageView {
  const segments = location.pathname.split('/').filter((segment) => segment.length > 0);
  const name = segments.at(-1) ?? '/';
  const hash = location.hash ? `#${location.hash}` : '';
  return {
    category: segments.length >= 2 ? segments[0] : undefined,
    name,
    properties: {
      params: location.params,
      fullPath: `${location.pathname}${location.searchString}${hash}`,
      hash,
      href: location.href,
      name,
      path: location.pathname,
    },
  };
}
