import { GRAPH_NODE_TYPES, GRAPH_SUMMARY_TYPE, type GraphNode } from '@ecc/contracts';
import { NODE_TYPE_NAMES } from './graph-node-appearance.ts';

type DrawnNodeType = GraphNode['type'];

/**
 * One colour per node type, told apart on the 3D view's dark background and in the legend: neighbours in the
 * lineage (record → factor → source, record → result) get distant hues. Lighter than the 2D page's fills
 * (`NODE_TYPE_COLOURS`, dark for white text), which would vanish on the dark canvas. Clusters are a neutral grey, so an
 * unopened group never reads as a type of its own.
 */
const NODE_TYPE_COLORS: Record<DrawnNodeType, string> = {
  realm: '#f8fafc',
  'business-unit': '#a78bfa',
  facility: '#38bdf8',
  equipment: '#34d399',
  'equipment-type': '#a3e635',
  'activity-record': '#fbbf24',
  'emission-factor': '#f472b6',
  'factor-source': '#ef4444',
  'gwp-set': '#e879f9',
  'emission-result': '#f97316',
  report: '#2dd4bf',
  target: '#6366f1',
  [GRAPH_SUMMARY_TYPE]: '#94a3b8',
};

/** Every type in the legend's order: the organisation, then the lineage, then clusters. */
export const LEGEND_NODE_TYPES: readonly DrawnNodeType[] = [...GRAPH_NODE_TYPES, GRAPH_SUMMARY_TYPE];

export function nodeTypeColor(type: DrawnNodeType): string {
  return NODE_TYPE_COLORS[type];
}

/** The type's name as the 2D page and the side panel say it; a cluster says it opens. */
export function nodeTypeLabel(type: DrawnNodeType): string {
  return type === GRAPH_SUMMARY_TYPE ? 'Cluster (click to open)' : NODE_TYPE_NAMES[type].one;
}
