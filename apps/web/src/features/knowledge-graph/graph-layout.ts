import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { LayoutInput, Point } from './graph-view-model.ts';

/** Where elkjs placed the view: each node's top-left corner, each edge's routed polyline, the drawing's size. */
export interface GraphLayout {
  positions: ReadonlyMap<string, Point>;
  /** Edge key → the points of its route, from the layout's source to its target. */
  routes: ReadonlyMap<string, readonly Point[]>;
  width: number;
  height: number;
}

type ElkLayouter = { layout: (graph: ElkNode) => Promise<ElkNode> };

let layouter: Promise<ElkLayouter> | undefined;

/**
 * elkjs is loaded on first use only, from this page: its bundled build runs in the page's thread (no worker
 * file, no eval, so the strict CSP holds) and keeps the 1.6 MB out of every other page.
 */
async function elkLayouter(): Promise<ElkLayouter> {
  layouter ??= import('elkjs/lib/elk.bundled.js').then(
    (module) => new module.default(),
    (error: unknown) => {
      // A failed download is tried again on the next layout.
      layouter = undefined;
      throw error;
    },
  );
  return layouter;
}

/** Lays the view out in layers, left → right. */
export async function layOutGraph(input: LayoutInput): Promise<GraphLayout> {
  const elk = await elkLayouter();
  const result = await elk.layout(input as ElkNode);
  const positions = new Map<string, Point>();
  for (const child of result.children ?? []) positions.set(child.id, { x: child.x ?? 0, y: child.y ?? 0 });
  const routes = new Map<string, Point[]>();
  for (const edge of (result.edges ?? []) as ElkExtendedEdge[]) {
    const section = edge.sections?.[0];
    if (section) routes.set(edge.id, [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]);
  }
  return { positions, routes, width: result.width ?? 0, height: result.height ?? 0 };
}
