/** Schemes that run script or inline a document: never followed, whatever the caller allows. */
const SCRIPT_PROTOCOLS = ['javascript:', 'data:', 'vbscript:'];

/**
 * Browsers ignore leading spaces and control characters and drop tabs and newlines inside a URL, so
 * `' java\tscript:'` still runs script. The check removes every such character (and invisible format
 * characters) before reading the scheme.
 */
const IGNORED_CHARACTERS = /[\p{Cc}\p{Cf}\p{White_Space}]/gu;

export function hasScriptProtocol(url: string): boolean {
  const compact = url.replace(IGNORED_CHARACTERS, '').toLowerCase();
  return SCRIPT_PROTOCOLS.some((protocol) => compact.startsWith(protocol));
}

/** The parts of `window.location` a navigation reads and drives. */
export type PageLocation = Pick<Location, 'href' | 'origin' | 'assign' | 'replace'>;

export interface NavigateToUrlOptions {
  /** Allow a full page navigation to another site. Off by default: such a navigation throws. */
  isExternalAllowed?: boolean;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** The router's navigation, for paths of this app; without it they load as a full page. */
  navigateInternal?: (path: string, options: { replace: boolean }) => void | Promise<void>;
  /** The page's location; `window.location` by default. */
  location?: PageLocation;
}

/**
 * Goes to a URL: paths of this app through the router, other sites only when explicitly allowed, and
 * javascript:, data: or vbscript: URLs never (spec section 8). Throws an Error naming the URL when refused.
 */
export function navigateToUrl(url: string, options: NavigateToUrlOptions = {}): void | Promise<void> {
  const {
    isExternalAllowed = false,
    replace = false,
    navigateInternal,
    location = window.location,
  } = options;
  if (hasScriptProtocol(url)) {
    throw new Error(
      `Refusing to navigate to ${url}: javascript:, data: and vbscript: URLs are never followed`,
    );
  }
  let target: URL;
  try {
    target = new URL(url, location.href);
  } catch {
    throw new Error(`Cannot navigate to ${url}: it is not a valid URL`);
  }
  const isInternal =
    target.origin === location.origin && (target.protocol === 'http:' || target.protocol === 'https:');
  if (isInternal) {
    const path = `${target.pathname}${target.search}${target.hash}`;
    if (navigateInternal) return navigateInternal(path, { replace });
    return replace ? location.replace(path) : location.assign(path);
  }
  if (!isExternalAllowed) {
    throw new Error(`Refusing to navigate to the external URL ${url}: external navigation was not allowed`);
  }
  return replace ? location.replace(target.href) : location.assign(target.href);
}
