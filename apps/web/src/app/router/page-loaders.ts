import type { RouteId } from '@ecc/contracts';
import type { PageComponent } from '../../lib/routing/page-props.ts';

/**
 * The page of every route but the sign-in page, each loaded on first visit. This table (with the list of files
 * each page needs) is itself a chunk the sign-in page never waits for, so adding a page costs its first load
 * nothing.
 */
export const PAGE_LOADERS: Record<Exclude<RouteId, 'login'>, () => Promise<PageComponent>> = {
  about: () => import('../../features/about/about-page.tsx').then((module) => module.AboutPage),
  home: () => import('../../features/home/home-page.tsx').then((module) => module.HomePage),
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
  'calc-editor': () =>
    import('../../features/calculations/calculation-ide-page.tsx').then(
      (module) => module.CalculationIdePage,
    ),
  'calc-editor-drakon': () =>
    import('../../features/calculations/drakon-page.tsx').then((module) => module.DrakonPage),
  'calc-editor-examples': () =>
    import('../../features/calculations/examples-page.tsx').then((module) => module.ExamplesPage),
  'calc-editor-constants': () =>
    import('../../features/calculations/calculation-constants-page.tsx').then(
      (module) => module.CalculationConstantsPage,
    ),
  'calc-editor-file-tree': () =>
    import('../../features/calculations/calculation-file-tree-page.tsx').then(
      (module) => module.CalculationFileTreePage,
    ),
  'calc-editor-templates': () =>
    import('../../features/calculations/calculation-templates-page.tsx').then(
      (module) => module.CalculationTemplatesPage,
    ),
  'calc-editor-icons': () =>
    import('../../features/calculations/calculation-icons-page.tsx').then(
      (module) => module.CalculationIconsPage,
    ),
  knowledgegraph: () =>
    import('../../features/knowledge-graph/knowledge-graph-page.tsx').then(
      (module) => module.KnowledgeGraphPage,
    ),
  'knowledgegraph-3d': () =>
    import('../../features/knowledge-graph/knowledge-graph-3d-page.tsx').then(
      (module) => module.KnowledgeGraph3dPage,
    ),
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
