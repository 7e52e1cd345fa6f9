import type { GraphEdge, GraphNode } from '@ecc/contracts';
import ForceGraph3D, { type ConfigOptions, type ForceGraph3DInstance } from '3d-force-graph';
import { useEffect, useRef, useState } from 'react';
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
 * The 3D force layout (3d-force-graph on three.js, in this lazily loaded chunk only): built-in spheres coloured
 * by type, labels on hover, warm-up ticks then a cool-down. Nodes kept across updates keep their place, so
 * opening a cluster moves its neighbourhood only a little. The container's data attributes say what is drawn
 * (node and link counts, whether a WebGL context exists, whether the layout still moves) for tests and benches.
 */
export function ForceGraphView({ view, height, onNodeClick }: ForceGraphViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const instanceRef = useRef<Instance | undefined>(undefined);
  const layoutNodesRef = useRef(new Map<string, LayoutNode>());
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
      .nodeResolution(8)
      .nodeOpacity(0.95)
      .linkColor(() => '#64748b')
      .linkOpacity(0.35)
      .enableNodeDrag(false)
      .onNodeClick((layoutNode) => onNodeClickRef.current(layoutNode.node))
      .onEngineStop(() => setDrawn((current) => ({ ...current, isMoving: false })));
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
      instanceRef.current = undefined;
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
    const budget = forceLayoutBudget(next.size);
    instance
      .warmupTicks(budget.warmupTicks)
      .cooldownTicks(budget.cooldownTicks)
      .graphData({
        nodes: [...next.values()],
        links: view.edges.map((edge) => ({ source: edge.source, target: edge.target, edge })),
      });
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
