import type { RouteId } from '@ecc/contracts';

/** The pages the shell already hosts and later issues fill: the shell's own pages are not listed. */
export type FeatureRouteId = Exclude<
  RouteId,
  | 'about'
  | 'home'
  | 'login'
  | 'logout'
  | 'profile'
  | 'launcher'
  | 'agreement'
  | 'facility'
  | 'feature-flags'
  | 'invite-manager'
  | 'invite-accept'
  | 'realm-admin'
  | 'emission-factors'
  | 'equipment-manager'
  | 'equipment-manager-admin'
  | 'equipment-edit'
  | 'equipment-view'
  | 'equipment-new'
>;

export interface FeatureEmptyStateText {
  title: string;
  description: string;
}

/** What each feature page will show once it has data, told to the user while it has none. */
export const FEATURE_EMPTY_STATES: Record<FeatureRouteId, FeatureEmptyStateText> = {
  benchmarks: {
    title: 'No benchmarks yet',
    description:
      'Once your facilities report emissions, each one is compared here with its peers — facilities in your realm and public EPA data — by intensity and trend.',
  },
  pathways: {
    title: 'No pathways yet',
    description:
      'A pathway sets a reduction target and charts the trajectory from your baseline emissions to it. The pathways you create are listed here.',
  },
  'reporting-next': {
    title: 'No reports yet',
    description: 'Reports you build from your emissions data, and their exports, are listed here.',
  },
  'context-ai': {
    title: 'Ask about your emissions',
    description:
      "The assistant answers questions about this realm's emissions data and cites the records each answer is based on. Conversations appear here.",
  },
  lighttouch: {
    title: 'No optimisation runs yet',
    description:
      'The optimizer picks the portfolio of abatement measures that meets a target at the least cost. Runs and their recommended portfolios appear here.',
  },
  advancedghg: {
    title: 'No inventory yet',
    description:
      'Scope 1, 2 and 3 emissions by facility and category, with location-based and market-based Scope 2 side by side, appear here once activity data is recorded.',
  },
  'calc-editor': {
    title: 'No calculation methods yet',
    description:
      'Calculation methods turn activity data into emissions. The methods you write, test and version are listed here.',
  },
  'calc-editor-drakon': {
    title: 'No flowchart to show',
    description: 'Open a calculation method to see its logic drawn here as a DRAKON flowchart.',
  },
  'calc-editor-examples': {
    title: 'No examples yet',
    description: 'Worked examples of calculation methods, ready to copy and adapt, are listed here.',
  },
  'calc-editor-constants': {
    title: 'No constants yet',
    description:
      'Named values that calculation methods share, such as conversion factors and thresholds, are listed here with their sources.',
  },
  'calc-editor-file-tree': {
    title: 'No calculation files yet',
    description: 'The files of your calculation methods appear here as a tree.',
  },
  'calc-editor-templates': {
    title: 'No templates yet',
    description: 'Templates to start a new calculation method from are listed here.',
  },
  'calc-editor-icons': {
    title: 'No icons yet',
    description: 'The icons that label calculation methods in lists and flowcharts are shown here.',
  },
  knowledgegraph: {
    title: 'Nothing to trace yet',
    description:
      'Every reported number links here to the records, emission factors, formulas and calculation runs it came from.',
  },
  'knowledgegraph-3d': {
    title: 'Nothing to show in 3D yet',
    description:
      "The knowledge graph's lineage, drawn in three dimensions, appears here once there is data to trace.",
  },
  'reporting-analysis': {
    title: 'No data to analyse yet',
    description:
      'Emissions pivoted by scope, category, gas, facility and period appear here once activity data is recorded.',
  },
  'reporting-analysis-report': {
    title: 'No analysis report yet',
    description: 'A saved analysis, laid out as a report to share or export, appears here.',
  },
};

export function isFeatureRouteId(id: string): id is FeatureRouteId {
  return Object.hasOwn(FEATURE_EMPTY_STATES, id);
}
