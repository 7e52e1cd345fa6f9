import type { GraphEdge, GraphNode } from '@ecc/contracts';
import ForceGraph3D, { type ConfigOptions, type ForceGraph3DInstance } from '3d-force-graph';
import { useEffect, useRef, useState } from 'react';
import { BufferAttribute, BufferGeometry, LineBasicMaterial, LineSegments } from 'three';
import { forceLayoutBudget } from './force-layout-budget.ts';
import { isClusterNode, type GraphView } from './graph-clusters.ts';
import { nodeTypeColor } from './node-type-colors.ts';

/** The node object the layout moves: the API's node plus the coordinates the simulation writes into it. */
interface LayoutNode {
  id: string;
  node: GraphNode;
  x?: number;
  y?: number;
  z?: number;
}

interface LayoutLink {
  source: string | LayoutNode;
  target: string | LayoutNode;
  edge: GraphEdge;
}

type Instance = ForceGraph3DInstance<LayoutNode, LayoutLink>;

// The library's constructor type takes no node type; its instance type does.
const TypedForceGraph3D = ForceGraph3D as unknown as new (
  element: HTMLElement,
  options?: ConfigOptions,
) => Instance;

const BACKGROUND = '#0b1120';
const LINK_COLOUR = '#64748b';
/** From this many nodes the spheres get fewer faces: they are a few pixels wide, and the frames are many. */
const LARGE_GRAPH_NODES = 2_000;

/** Sphere volume: the realm and the organisation stand out; a cluster grows with the log of its members. */
function nodeValueOf(node: GraphNode): number {
  if (isClusterNode(node)) return 2 + Math.log10(Math.max(Number(node.data.count) || 1, 1)) * 3;
  if (node.type === 'realm') return 12;
  if (node.type === 'business-unit' || node.type === 'facility') return 4;
  return 1;
}

/** The hover label as text, never HTML: names come from the realm's data. */
function labelElementOf(layoutNode: LayoutNode): HTMLElement {
  const element = document.createElement('span');
  element.textContent = layoutNode.node.label;
  return element;
}

export interface ForceGraphViewProps {
  view: GraphView;
  height: number;
  onNodeClick: (node: GraphNode) => void;
}

/**
 * Every link as one segment of a single `LineSegments` object, redrawn from its ends' positions after each
 * tick of the layout: one draw call for all links, where the library draws each link as its own line (30,000
 * draw calls for a realm of 10,000 nodes, which made most of a frame).
 */
function createLinkLines(): {
  lines: LineSegments<BufferGeometry, LineBasicMaterial>;
  update: (links: readonly LayoutLink[]) => void;
} {
  const geometry = new BufferGeometry();
  const lines = new LineSegments(
    geometry,
    new LineBasicMaterial({ color: LINK_COLOUR, transparent: true, opacity: 0.35, depthWrite: false }),
  );
  // The segments move with the layout; a bounding sphere computed once would cull them wrongly.
  lines.frustumCulled = false;
  const update = (links: readonly LayoutLink[]) => {
    let positions = geometry.getAttribute('position') as BufferAttribute | undefined;
    if (positions?.count !== links.length * 2) {
      positions = new BufferAttribute(new Float32Array(links.length * 6), 3);
      geometry.setAttribute('position', positions);
    }
    const array = positions.array as Float32Array;
    links.forEach((link, index) => {
      // The layout replaces a link's ids by its nodes on its first tick; until then the link is not drawn.
      const ends = [link.source, link.target];
      ends.forEach((end, side) => {
        const offset = index * 6 + side * 3;
        array[offset] = typeof end === 'string' ? 0 : (end.x ?? 0);
        array[offset + 1] = typeof end === 'string' ? 0 : (end.y ?? 0);
        array[offset + 2] = typeof end === 'string' ? 0 : (end.z ?? 0);
      });
    });
    positions.needsUpdate = true;
  };
  return { lines, update };
}

/**
 * The 3D force layout (3d-force-graph on three.js, in this lazily loaded chunk only): built-in spheres coloured
 * by type, labels on hover, the links as one object (`createLinkLines`); a small graph is laid out before it
 * shows, a large one drawn at once and settled on screen (`forceLayoutBudget`). Nodes kept across updates keep
 * their place, so opening a cluster moves its neighbourhood only a little. The container's data attributes say
 * what is drawn (node and link counts, whether a WebGL context exists, whether the layout still moves) for tests
 * and benches.
 */
export function ForceGraphView({ view, height, onNodeClick }: ForceGraphViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const instanceRef = useRef<Instance | undefined>(undefined);
  const layoutNodesRef = useRef(new Map<string, LayoutNode>());
  const layoutLinksRef = useRef<LayoutLink[]>([]);
  const linkLinesRef = useRef<ReturnType<typeof createLinkLines>>(undefined);
  const onNodeClickRef = useRef(onNodeClick);
  const [drawn, setDrawn] = useState({ nodes: 0, links: 0, hasWebGl: false, isMoving: false });

  useEffect(() => {
    onNodeClickRef.current = onNodeClick;
  }, [onNodeClick]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const instance: Instance = new TypedForceGraph3D(container, { controlType: 'orbit' })
      .width(container.clientWidth)
      .height(height)
      .backgroundColor(BACKGROUND)
      .showNavInfo(false)
      .nodeId('id')
      .nodeLabel(labelElementOf)
      .nodeColor((layoutNode) => nodeTypeColor(layoutNode.node.type))
      .nodeVal((layoutNode) => nodeValueOf(layoutNode.node))
      .nodeOpacity(0.95)
      // The library draws no link: createLinkLines does, all in one; the layout still pulls along every link.
      .linkVisibility(false)
      .enableNodeDrag(false)
      .onNodeClick((layoutNode) => onNodeClickRef.current(layoutNode.node))
      .onEngineTick(() => linkLines.update(layoutLinksRef.current))
      .onEngineStop(() => setDrawn((current) => ({ ...current, isMoving: false })));
    const linkLines = createLinkLines();
    instance.scene().add(linkLines.lines);
    linkLinesRef.current = linkLines;
    instanceRef.current = instance;
    const hasWebGl = instance.renderer().getContext() !== null;
    setDrawn((current) => ({ ...current, hasWebGl }));
    const resizeObserver = new ResizeObserver(() => instance.width(container.clientWidth));
    resizeObserver.observe(container);
    return () => {
      resizeObserver.disconnect();
      instance._destructor();
      instance.renderer().dispose();
      instance.renderer().forceContextLoss();
      linkLines.lines.geometry.dispose();
      linkLines.lines.material.dispose();
      instanceRef.current = undefined;
      linkLinesRef.current = undefined;
      layoutNodesRef.current = new Map();
    };
  }, [height]);

  useEffect(() => {
    const instance = instanceRef.current;
    if (!instance) return;
    const previous = layoutNodesRef.current;
    const next = new Map<string, LayoutNode>();
    const edgesByNode = new Map<string, string[]>();
    for (const edge of view.edges) {
      edgesByNode.set(edge.source, [...(edgesByNode.get(edge.source) ?? []), edge.target]);
      edgesByNode.set(edge.target, [...(edgesByNode.get(edge.target) ?? []), edge.source]);
    }
    for (const node of view.nodes) {
      const kept = previous.get(node.id);
      if (kept) {
        kept.node = node;
        next.set(node.id, kept);
        continue;
      }
      // A new member starts where a neighbour already is (the cluster's owner), not at the origin.
      const neighbour = (edgesByNode.get(node.id) ?? []).map((id) => previous.get(id)).find(Boolean);
      next.set(node.id, { id: node.id, node, x: neighbour?.x, y: neighbour?.y, z: neighbour?.z });
    }
    layoutNodesRef.current = next;
    const links = view.edges.map((edge): LayoutLink => ({ source: edge.source, target: edge.target, edge }));
    layoutLinksRef.current = links;
    linkLinesRef.current?.update(links);
    const budget = forceLayoutBudget(next.size);
    instance
      .warmupTicks(budget.warmupTicks)
      .cooldownTicks(budget.cooldownTicks)
      .d3AlphaDecay(budget.alphaDecay)
      .nodeResolution(next.size >= LARGE_GRAPH_NODES ? 4 : 8)
      .graphData({ nodes: [...next.values()], links });
    setDrawn((current) => ({ ...current, nodes: next.size, links: view.edges.length, isMoving: true }));
  }, [view]);

  return (
    <div
      ref={containerRef}
      className="w-full overflow-hidden rounded-md"
      style={{ height, background: BACKGROUND }}
      data-testid="force-graph-view"
      data-node-count={drawn.nodes}
      data-link-count={drawn.links}
      data-has-webgl={drawn.hasWebGl}
      data-layout={drawn.isMoving ? 'moving' : 'settled'}
    />
  );
}
