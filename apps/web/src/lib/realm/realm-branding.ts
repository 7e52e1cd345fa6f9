import { messages } from '@ecc/contracts';
import { useLocation } from '@tanstack/react-router';
import { usePublicPageData } from '../payload/public-page-payload.ts';
import { useRealm } from './realm-queries.ts';

/** The product's own mark, shown when a realm sets no logo. */
export const DEFAULT_LOGO_PATH = '/brand/logo.svg';

export interface RealmBranding {
  name: string;
  logo: string;
}

/** Realm name and logo for the page on screen: from its payload on the public pages, else from the realm. */
export function useRealmBranding(): RealmBranding {
  const pathname = useLocation({ select: (location) => location.pathname });
  const data = usePublicPageData(pathname, useRealm());
  return { name: data?.realm.name ?? messages.defaultTitle, logo: data?.logo ?? DEFAULT_LOGO_PATH };
}
