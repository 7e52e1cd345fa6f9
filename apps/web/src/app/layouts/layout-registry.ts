import type { LayoutName } from '@ecc/contracts';
import type { ReactNode } from 'react';

type LayoutComponent = () => ReactNode;

/**
 * Each layout is loaded with the first page that uses it, so the sign-in page's first load carries the login
 * layout alone, not the header, user menu and navigation of the signed-in layouts.
 */
const LAYOUT_LOADERS: Record<LayoutName, () => Promise<LayoutComponent>> = {
  blank: () => import('./blank-layout.tsx').then((module) => module.BlankLayout),
  default: () => import('./default-layout.tsx').then((module) => module.DefaultLayout),
  'equipment-manager': () =>
    import('./equipment-manager-layout.tsx').then((module) => module.EquipmentManagerLayout),
  login: () => import('./login-layout.tsx').then((module) => module.LoginLayout),
};

const loadedLayouts = new Map<LayoutName, LayoutComponent>();

/** Loads (once) a layout; the router awaits it, beside the page, before rendering the route. */
export async function loadLayout(layout: LayoutName): Promise<LayoutComponent> {
  const loaded = loadedLayouts.get(layout);
  if (loaded) return loaded;
  const component = await LAYOUT_LOADERS[layout]();
  loadedLayouts.set(layout, component);
  return component;
}

/** The layout that `loadLayout` has already loaded. */
export function loadedLayout(layout: LayoutName): LayoutComponent | undefined {
  return loadedLayouts.get(layout);
}
