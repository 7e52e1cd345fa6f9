import type { GraphEdgeType, GraphNodeType } from '@ecc/contracts';

/**
 * One kind of neighbour of a node type: the member type, the edge that joins them and which way it points
 * (`out`: owner → member, `in`: member → owner). Two relations of one owner may share a member type (a business
 * unit's unit above and units below), so a relation is named by all three.
 */
export interface GraphRelation {
  ownerType: GraphNodeType;
  memberType: GraphNodeType;
  edgeType: GraphEdgeType;
  direction: 'out' | 'in';
}

function relation(
  ownerType: GraphNodeType,
  edgeType: GraphEdgeType,
  direction: GraphRelation['direction'],
  memberType: GraphNodeType,
): GraphRelation {
  return { ownerType, memberType, edgeType, direction };
}

/** Every relation of the graph, each edge type seen from both of its ends. */
export const GRAPH_RELATIONS: readonly GraphRelation[] = [
  relation('realm', 'ROLLS_UP_TO', 'in', 'business-unit'),
  relation('realm', 'ROLLS_UP_TO', 'in', 'facility'),
  relation('realm', 'WEIGHTED_BY', 'out', 'gwp-set'),
  relation('realm', 'CITED_IN', 'out', 'report'),
  relation('realm', 'COVERS', 'in', 'target'),
  relation('business-unit', 'ROLLS_UP_TO', 'out', 'business-unit'),
  relation('business-unit', 'ROLLS_UP_TO', 'out', 'realm'),
  relation('business-unit', 'ROLLS_UP_TO', 'in', 'business-unit'),
  relation('business-unit', 'ROLLS_UP_TO', 'in', 'facility'),
  relation('facility', 'ROLLS_UP_TO', 'out', 'business-unit'),
  relation('facility', 'ROLLS_UP_TO', 'out', 'realm'),
  relation('facility', 'HAS_EQUIPMENT', 'out', 'equipment'),
  relation('facility', 'RECORDED_AT', 'in', 'activity-record'),
  relation('equipment', 'HAS_EQUIPMENT', 'in', 'facility'),
  relation('equipment', 'OF_TYPE', 'out', 'equipment-type'),
  relation('equipment', 'RECORDED_AT', 'in', 'activity-record'),
  relation('equipment-type', 'OF_TYPE', 'in', 'equipment'),
  relation('activity-record', 'RECORDED_AT', 'out', 'facility'),
  relation('activity-record', 'RECORDED_AT', 'out', 'equipment'),
  relation('activity-record', 'USES_FACTOR', 'out', 'emission-factor'),
  relation('activity-record', 'PRODUCED', 'out', 'emission-result'),
  relation('emission-factor', 'FROM_SOURCE', 'out', 'factor-source'),
  relation('emission-factor', 'USES_FACTOR', 'in', 'activity-record'),
  relation('factor-source', 'FROM_SOURCE', 'in', 'emission-factor'),
  relation('gwp-set', 'WEIGHTED_BY', 'in', 'emission-result'),
  relation('gwp-set', 'WEIGHTED_BY', 'in', 'realm'),
  relation('emission-result', 'PRODUCED', 'in', 'activity-record'),
  relation('emission-result', 'WEIGHTED_BY', 'out', 'gwp-set'),
  relation('report', 'CITED_IN', 'in', 'realm'),
  relation('target', 'COVERS', 'out', 'realm'),
];

/** The relations of nodes of `ownerType`. */
export function relationsOf(ownerType: GraphNodeType): GraphRelation[] {
  return GRAPH_RELATIONS.filter((each) => each.ownerType === ownerType);
}

/** A stable name of a relation: `facility/RECORDED_AT/in/activity-record`. */
export function relationKeyOf(relation: GraphRelation): string {
  return `${relation.ownerType}/${relation.edgeType}/${relation.direction}/${relation.memberType}`;
}
