import {
  GRAPH_MAX_NODES,
  GRAPH_PATH_MAX_VISITED,
  parseGraphNodeId,
  type GraphPathQuery,
  type GraphPathResponse,
  type GraphQuery,
  type GraphResponse,
  type GraphSearchQuery,
  type GraphSearchResponse,
} from '@ecc/contracts';
import { createGraphRepository, type Database } from '@ecc/db';
import { assembleGraph, findGraphPath } from '@ecc/domain';
import { HttpError } from '#platform/errors.ts';

/**
 * The neighbourhood of a node of the realm (decision 036): the domain walks it, the repository reads each group
 * from the realm's tables. All reads run in one transaction, which binds the realm scope once and sees one state.
 */
export async function readGraph(db: Database, realmId: string, query: GraphQuery): Promise<GraphResponse> {
  const focusId = query.focus ?? `realm:${realmId}`;
  const ref = parseGraphNodeId(focusId);
  return db.transaction(async (transaction) => {
    const repository = createGraphRepository(transaction);
    const focus = ref && (await repository.findNode(realmId, ref));
    if (!focus) throw new HttpError(404, `This realm has no node ${focusId}`);
    return assembleGraph(
      {
        focus,
        depth: query.depth,
        types: query.types,
        limit: query.limit,
        offset: query.offset,
        maxNodes: GRAPH_MAX_NODES,
      },
      {
        countMembers: (owners, relation) => repository.countMembers(realmId, owners, relation),
        readMembers: (owners, relation, page) => repository.readMembers(realmId, owners, relation, page),
      },
    );
  });
}

/**
 * A shortest path between two nodes of the realm, searched from both ends over the same reads as the
 * neighbourhood, in one transaction. Either node not the realm's answers the same 404 as a missing focus.
 */
export async function readGraphPath(
  db: Database,
  realmId: string,
  query: GraphPathQuery,
): Promise<GraphPathResponse> {
  return db.transaction(async (transaction) => {
    const repository = createGraphRepository(transaction);
    const findNode = async (nodeId: string) => {
      const ref = parseGraphNodeId(nodeId);
      const node = ref && (await repository.findNode(realmId, ref));
      if (!node) throw new HttpError(404, `This realm has no node ${nodeId}`);
      return node;
    };
    const from = await findNode(query.from);
    const to = await findNode(query.to);
    return findGraphPath(
      { from, to, maxDepth: query.maxDepth, maxVisited: GRAPH_PATH_MAX_VISITED },
      { readMembers: (owners, relation, page) => repository.readMembers(realmId, owners, relation, page) },
    );
  });
}

/** Nodes of the realm found by name, best first. */
export async function searchGraph(
  db: Database,
  realmId: string,
  query: GraphSearchQuery,
): Promise<GraphSearchResponse> {
  const hits = await createGraphRepository(db).search(realmId, query.q, query.limit);
  return {
    results: hits.map((hit) => ({
      id: `${hit.type}:${hit.id}`,
      type: hit.type,
      label: hit.label,
      data: hit.data,
    })),
  };
}
