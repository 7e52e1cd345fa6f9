import {
  currentApplication,
  strategyKeyOf,
  DEFAULT_LOGIN_BACKGROUND_POSITION,
  PAYLOAD_PATHS,
  PUBLIC_PAGE_PAYLOAD_ELEMENT_ID,
  publicPagePayloadEndpoints,
  publicPagePayloadSchema,
  resolveRealmTheme,
  type PayloadPath,
  type PublicPagePayload,
  type Realm,
} from '@ecc/contracts';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api/call-endpoint.ts';

export function isPayloadPath(pathname: string): pathname is PayloadPath {
  return (PAYLOAD_PATHS as readonly string[]).includes(pathname);
}

/** The payload the server inlined into this page's HTML, when it is there and valid. */
export function readInlinePayload(doc: Document = document): PublicPagePayload | undefined {
  const element = doc.getElementById(PUBLIC_PAGE_PAYLOAD_ELEMENT_ID);
  if (!element || element.getAttribute('type') !== 'application/json') return undefined;
  try {
    const parsed = publicPagePayloadSchema.safeParse(JSON.parse(element.textContent ?? ''));
    if (parsed.success) return parsed.data;
    console.error('Ignoring an invalid inlined page payload', parsed.error);
  } catch (error) {
    console.error('Ignoring an unreadable inlined page payload', error);
  }
  return undefined;
}

export interface InlinePayload {
  /** The path whose HTML carried the payload: the page the browser first loaded. */
  path: string;
  payload: PublicPagePayload;
}

/** Captured once at start-up, before any navigation changes the path. */
export function captureInlinePayload(pathname: string, doc: Document = document): InlinePayload | undefined {
  if (!isPayloadPath(pathname)) return undefined;
  const payload = readInlinePayload(doc);
  return payload ? { path: pathname, payload } : undefined;
}

export async function fetchPublicPagePayload(
  path: PayloadPath,
  signal?: AbortSignal,
): Promise<PublicPagePayload> {
  return callEndpoint(publicPagePayloadEndpoints[path], { signal });
}

let inlinePayload: InlinePayload | undefined;

export function setInlinePayload(payload: InlinePayload | undefined): void {
  inlinePayload = payload;
}

/** The inlined payload for the page first loaded, else `{path}/_payload.json`. */
export function publicPagePayloadQueryOptions(path: string) {
  const inline = inlinePayload?.path === path ? inlinePayload.payload : undefined;
  return queryOptions({
    queryKey: ['public-page-payload', path],
    // Only the public pages have a payload; any other path asks for none.
    queryFn: isPayloadPath(path) ? ({ signal }) => fetchPublicPagePayload(path, signal) : skipToken,
    initialData: inline,
    staleTime: inline ? Number.POSITIVE_INFINITY : undefined,
  });
}

/**
 * What a public page shows (realm name, logo, theme, login background, strategies): the server's payload, which
 * arrives first; computed from the realm when there is no payload (other pages, or the payload call failed).
 */
export function usePublicPageData(path: string, realm: Realm | undefined): PublicPagePayload | undefined {
  const { data: payload } = useQuery(publicPagePayloadQueryOptions(path));
  return payload ?? (realm ? derivePublicPagePayload(realm, path) : undefined);
}

/** The payload's shape computed from the realm itself. */
export function derivePublicPagePayload(realm: Realm, path: string): PublicPagePayload {
  const theme = resolveRealmTheme(realm, path) ?? null;
  const application = currentApplication(realm);
  return {
    realm: { key: realm.key, name: realm.name },
    logo: theme?.logo ?? realm.properties.config.logo ?? application['logo-image'] ?? null,
    theme,
    login: {
      logo: theme?.login.logo ?? theme?.logo ?? null,
      background: theme?.login.background ?? null,
      backgroundPosition: theme?.login.backgroundPosition ?? DEFAULT_LOGIN_BACKGROUND_POSITION,
    },
    strategies: (application.authentication?.strategies ?? [])
      .filter((strategy) => strategy.active)
      .map((strategy) => ({ id: strategyKeyOf(strategy), name: strategy.name })),
  };
}
