import { GRAPH_SUMMARY_TYPE, type GraphEdgeType, type GraphNode, type GraphNodeType } from '@ecc/contracts';

export type GraphNodeKind = GraphNodeType | typeof GRAPH_SUMMARY_TYPE;

/** How a node type is named on screen, singular and plural ("1,284 activity records"). */
export const NODE_TYPE_NAMES: Record<GraphNodeKind, { one: string; many: string }> = {
  realm: { one: 'Realm', many: 'realms' },
  'business-unit': { one: 'Business unit', many: 'business units' },
  facility: { one: 'Facility', many: 'facilities' },
  equipment: { one: 'Equipment', many: 'equipment' },
  'equipment-type': { one: 'Equipment type', many: 'equipment types' },
  'activity-record': { one: 'Activity record', many: 'activity records' },
  'emission-factor': { one: 'Emission factor', many: 'emission factors' },
  'factor-source': { one: 'Factor source', many: 'factor sources' },
  'gwp-set': { one: 'GWP set', many: 'GWP sets' },
  'emission-result': { one: 'Emission result', many: 'emission results' },
  report: { one: 'Report', many: 'reports' },
  target: { one: 'Target', many: 'targets' },
  summary: { one: 'Summary', many: 'summaries' },
};

/**
 * The colour of each node type (fill), chosen apart in hue and dark enough for white text at 4.5:1; the legend
 * names them, so colour is never the only cue.
 */
export const NODE_TYPE_COLOURS: Record<GraphNodeKind, string> = {
  realm: '#1e3a8a',
  'business-unit': '#3730a3',
  facility: '#1d4ed8',
  equipment: '#0e7490',
  'equipment-type': '#155e75',
  'activity-record': '#047857',
  'emission-factor': '#b45309',
  'factor-source': '#9a3412',
  'gwp-set': '#a21caf',
  'emission-result': '#b91c1c',
  report: '#4d7c0f',
  target: '#7e22ce',
  summary: '#475569',
};

/** An edge type as a phrase: "uses factor" for `USES_FACTOR`. */
export function edgeTypeName(type: GraphEdgeType): string {
  return type.toLowerCase().replaceAll('_', ' ');
}

/** "Facility", or for a summary "Summary of activity records". */
export function nodeTypeName(node: Pick<GraphNode, 'type' | 'data'>): string {
  const type = node.type as GraphNodeKind;
  if (type !== GRAPH_SUMMARY_TYPE) return NODE_TYPE_NAMES[type].one;
  const memberType = node.data['memberType'] as GraphNodeType | undefined;
  return memberType && memberType in NODE_TYPE_NAMES
    ? `Summary of ${NODE_TYPE_NAMES[memberType].many}`
    : NODE_TYPE_NAMES.summary.one;
}
