import { GRAPH_NODE_TYPES, type GraphNodeType } from '@ecc/contracts';

/** A named set of node types the view shows and walks through; `all` sends no filter. */
export interface GraphPerspective {
  key: string;
  label: string;
  types: readonly GraphNodeType[] | undefined;
}

export const GRAPH_PERSPECTIVES: readonly GraphPerspective[] = [
  { key: 'all', label: 'Everything', types: undefined },
  {
    key: 'lineage',
    label: 'Lineage',
    types: ['factor-source', 'emission-factor', 'gwp-set', 'activity-record', 'emission-result'],
  },
  {
    key: 'organisation',
    label: 'Organisation',
    types: ['realm', 'business-unit', 'facility', 'equipment'],
  },
];

/**
 * The types a `perspective` URL value names: a perspective's key, or node types separated by commas (the
 * checkboxes' choice); unknown names are dropped, and nothing known means every type.
 */
export function perspectiveTypes(value: string | undefined): readonly GraphNodeType[] | undefined {
  if (value === undefined || value === '') return undefined;
  const named = GRAPH_PERSPECTIVES.find((perspective) => perspective.key === value);
  if (named) return named.types;
  const types = value
    .split(',')
    .filter((name): name is GraphNodeType => GRAPH_NODE_TYPES.includes(name as GraphNodeType));
  return types.length === 0 ? undefined : [...new Set(types)].sort();
}

/** The URL value for a set of types: a perspective's key when one has exactly these types, else the list. */
export function perspectiveValue(types: readonly GraphNodeType[] | undefined): string | undefined {
  if (types === undefined || types.length === 0 || types.length === GRAPH_NODE_TYPES.length) return undefined;
  const sorted = [...new Set(types)].sort();
  const named = GRAPH_PERSPECTIVES.find(
    (perspective) =>
      perspective.types !== undefined && [...perspective.types].sort().join(',') === sorted.join(','),
  );
  return named?.key ?? sorted.join(',');
}
