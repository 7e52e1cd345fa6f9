export type NavigationDecision =
  | { type: 'proceed' }
  /** A route rule names another path of this app. */
  | { type: 'redirect'; to: string }
  /** A route rule names an absolute URL elsewhere: a full page navigation. */
  | { type: 'external'; url: string }
  /** A newer build is deployed: load the target route from the server instead of this old bundle. */
  | { type: 'reload'; href: string };

export interface NavigationState {
  routeRuleRedirect: (pathname: string) => string | undefined;
  isNewVersionAvailable: () => boolean;
}

const ABSOLUTE_URL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

export function isAbsoluteUrl(target: string): boolean {
  return ABSOLUTE_URL.test(target);
}

/** What happens to a client-side navigation before any guard runs: route rules first, then a pending update. */
export function decideNavigation(
  target: { pathname: string; href: string },
  state: NavigationState,
): NavigationDecision {
  const redirect = state.routeRuleRedirect(target.pathname);
  if (redirect !== undefined && redirect !== target.pathname) {
    return isAbsoluteUrl(redirect) ? { type: 'external', url: redirect } : { type: 'redirect', to: redirect };
  }
  if (state.isNewVersionAvailable()) return { type: 'reload', href: target.href };
  return { type: 'proceed' };
}
