import type { RouteId } from '@ecc/contracts';
import type { PageComponent } from '../../lib/routing/page-props.ts';

const featureEmptyStatePage = () =>
  import('../../features/feature-empty-state/feature-empty-state-page.tsx').then(
    (module) => module.FeatureEmptyStatePage,
  );

/**
 * Every route of the table has a page, loaded on first visit so the login page's bundle stays small. The
 * features that later issues build still show their title and an empty state, and obey their access rules.
 */
const PAGE_LOADERS: Record<RouteId, () => Promise<PageComponent>> = {
  about: () => import('../../features/about/about-page.tsx').then((module) => module.AboutPage),
  home: () => import('../../features/home/home-page.tsx').then((module) => module.HomePage),
  login: () => import('../../features/login/login-page.tsx').then((module) => module.LoginPage),
  logout: () => import('../../features/logout/logout-page.tsx').then((module) => module.LogoutPage),
  profile: () => import('../../features/profile/profile-page.tsx').then((module) => module.ProfilePage),
  launcher: () => import('../../features/launcher/launcher-page.tsx').then((module) => module.LauncherPage),
  agreement: () =>
    import('../../features/agreement/agreement-page.tsx').then((module) => module.AgreementPage),
  benchmarks: () =>
    import('../../features/benchmarks/benchmarks-page.tsx').then((module) => module.BenchmarksPage),
  pathways: () => import('../../features/pathways/pathways-page.tsx').then((module) => module.PathwaysPage),
  'reporting-next': () =>
    import('../../features/inventory/inventory-page.tsx').then((module) => module.InventoryPage),
  'context-ai': () =>
    import('../../features/assistant/assistant-page.tsx').then((module) => module.AssistantPage),
  lighttouch: () =>
    import('../../features/abatement/lighttouch-page.tsx').then((module) => module.LighttouchPage),
  advancedghg: () => import('../../features/scope3/scope3-page.tsx').then((module) => module.Scope3Page),
  'calc-editor': featureEmptyStatePage,
  'calc-editor-drakon': featureEmptyStatePage,
  'calc-editor-examples': featureEmptyStatePage,
  'calc-editor-constants': featureEmptyStatePage,
  'calc-editor-file-tree': featureEmptyStatePage,
  'calc-editor-templates': featureEmptyStatePage,
  'calc-editor-icons': featureEmptyStatePage,
  knowledgegraph: featureEmptyStatePage,
  'knowledgegraph-3d': featureEmptyStatePage,
  facility: () => import('../../features/facilities/facility-page.tsx').then((module) => module.FacilityPage),
  'equipment-manager': () =>
    import('../../features/equipment-manager/equipment-manager-page.tsx').then(
      (module) => module.EquipmentManagerPage,
    ),
  'equipment-manager-admin': () =>
    import('../../features/equipment-manager/equipment-admin-page.tsx').then(
      (module) => module.EquipmentAdminPage,
    ),
  'equipment-edit': () =>
    import('../../features/equipment-manager/equipment-edit-page.tsx').then(
      (module) => module.EquipmentEditPage,
    ),
  'equipment-view': () =>
    import('../../features/equipment-manager/equipment-view-page.tsx').then(
      (module) => module.EquipmentViewPage,
    ),
  'equipment-new': () =>
    import('../../features/equipment-manager/equipment-new-page.tsx').then(
      (module) => module.EquipmentNewPage,
    ),
  'reporting-analysis': () =>
    import('../../features/analysis/analysis-page.tsx').then((module) => module.AnalysisPage),
  'reporting-analysis-report': () =>
    import('../../features/reports/reports-page.tsx').then((module) => module.ReportsPage),
  'feature-flags': () =>
    import('../../features/feature-flags/feature-flags-page.tsx').then((module) => module.FeatureFlagsPage),
  'invite-manager': () =>
    import('../../features/invite-manager/invite-manager-page.tsx').then(
      (module) => module.InviteManagerPage,
    ),
  'invite-accept': () =>
    import('../../features/invite-accept/invite-accept-page.tsx').then((module) => module.InviteAcceptPage),
  'realm-admin': () =>
    import('../../features/realm-admin/realm-admin-page.tsx').then((module) => module.RealmAdminPage),
  'emission-factors': () =>
    import('../../features/emission-factors/emission-factors-page.tsx').then(
      (module) => module.EmissionFactorsPage,
    ),
};

const loadedPages = new Map<string, PageComponent>();

/** Loads (once) the page of a route; the router awaits it before rendering the route. */
export async function loadPage(routeId: string): Promise<PageComponent> {
  const loaded = loadedPages.get(routeId);
  if (loaded) return loaded;
  const loader = Object.hasOwn(PAGE_LOADERS, routeId) ? PAGE_LOADERS[routeId as RouteId] : undefined;
  if (!loader) throw new Error(`No page for route ${routeId}`);
  const page = await loader();
  loadedPages.set(routeId, page);
  return page;
}

/** The page of a route that `loadPage` has already loaded. */
export function loadedPage(routeId: string): PageComponent | undefined {
  return loadedPages.get(routeId);
}
