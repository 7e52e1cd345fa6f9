import type { GraphEdge, GraphNode } from '@ecc/contracts';
import ForceGraph3D, { type ConfigOptions, type ForceGraph3DInstance } from '3d-force-graph';
import { useEffect, useRef, useState } from 'react';
import {
  BufferAttribute,
  BufferGeometry,
  LineBasicMaterial,
  LineSegments,
  Raycaster,
  Vector2,
  type PerspectiveCamera,
} from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import {
  cameraDistanceToFrame,
  forceLayoutBudget,
  graphRadius,
  spreadStartPosition,
} from './force-layout-budget.ts';
import { isClusterNode, type GraphView } from './graph-clusters.ts';
import { createNodeSpheres, LARGE_GRAPH_NODES } from './node-spheres.ts';
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
const FRAME_TRANSITION_MS = 600;

/** Sphere volume: the realm and the organisation stand out; a cluster grows with the log of its members. */
function nodeValueOf(node: GraphNode): number {
  if (isClusterNode(node)) return 2 + Math.log10(Math.max(Number(node.data.count) || 1, 1)) * 3;
  if (node.type === 'realm') return 12;
  if (node.type === 'business-unit' || node.type === 'facility') return 4;
  return 1;
}

/** The label shown beside the pointer over a node, where the pointer is inside the view. */
interface HoverLabel {
  text: string;
  x: number;
  y: number;
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
 * The 3D force layout (3d-force-graph on three.js, in this lazily loaded chunk only): the library lays the graph
 * out and runs the camera; the nodes are its default spheres coloured by type but drawn as one instanced object
 * (`createNodeSpheres`), picked by a ray for clicks and hover labels, and the links one object too
 * (`createLinkLines`), so a frame is a few draw calls whatever the graph's size; a small graph is laid out before it
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
  const nodeSpheresRef = useRef<ReturnType<typeof createNodeSpheres>>(undefined);
  const drawnNodesRef = useRef<LayoutNode[]>([]);
  const shouldFrameNextTick = useRef(false);
  const hasUserMovedCamera = useRef(false);
  const onNodeClickRef = useRef(onNodeClick);
  const [drawn, setDrawn] = useState({ nodes: 0, links: 0, hasWebGl: false, isMoving: false });
  const [hoverLabel, setHoverLabel] = useState<HoverLabel>();
  // Chosen once, with the canvas: multisampling made a large graph's 30,000 link lines cost seconds a frame
  // in software WebGL (docs/performance.md, 3D section); a small graph keeps its smooth edges.
  const [isAntialiased] = useState(() => view.nodes.length < LARGE_GRAPH_NODES);

  useEffect(() => {
    onNodeClickRef.current = onNodeClick;
  }, [onNodeClick]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const instance: Instance = new TypedForceGraph3D(container, {
      controlType: 'orbit',
      rendererConfig: { antialias: isAntialiased, alpha: true },
    })
      .width(container.clientWidth)
      .height(height)
      .backgroundColor(BACKGROUND)
      .showNavInfo(false)
      .nodeId('id')
      // The library draws no node and no link (createNodeSpheres and createLinkLines do, each in one draw
      // call); its layout still moves every node and pulls along every link.
      .nodeVisibility(false)
      .linkVisibility(false)
      .enableNodeDrag(false)
      // With no node objects of its own, every click reaches the library as a click on the background.
      .onBackgroundClick((event) => {
        const layoutNode = nodeAtPointer(event);
        if (layoutNode) onNodeClickRef.current(layoutNode.node);
      })
      .onEngineTick(() => {
        nodeSpheresRef.current?.update();
        linkLines.update(layoutLinksRef.current);
        // The first tick of a new graph comes just before its first frame: frame it there.
        if (shouldFrameNextTick.current) frameGraph(0);
        shouldFrameNextTick.current = false;
      })
      .onEngineStop(() => {
        setDrawn((current) => ({ ...current, isMoving: false }));
        // The settled layout is larger than its start: frame it again, unless the user has moved the camera.
        if (!hasUserMovedCamera.current) frameGraph(FRAME_TRANSITION_MS);
      });
    const frameGraph = (durationMs: number) => {
      const camera = instance.camera() as PerspectiveCamera;
      const distance = cameraDistanceToFrame(
        graphRadius(layoutNodesRef.current.values()),
        camera.fov,
        camera.aspect,
      );
      instance.cameraPosition({ x: 0, y: 0, z: distance }, { x: 0, y: 0, z: 0 }, durationMs);
    };
    const raycaster = new Raycaster();
    const pointer = new Vector2();
    const nodeAtPointer = (event: MouseEvent): LayoutNode | undefined => {
      const bounds = instance.renderer().domElement.getBoundingClientRect();
      pointer.set(
        ((event.clientX - bounds.left) / bounds.width) * 2 - 1,
        -((event.clientY - bounds.top) / bounds.height) * 2 + 1,
      );
      raycaster.setFromCamera(pointer, instance.camera());
      const index = nodeSpheresRef.current?.nodeIndexAt(raycaster);
      return index === undefined ? undefined : drawnNodesRef.current[index];
    };
    // One pick per animation frame at most, and none while a button is held (the camera turning).
    let pendingHover: PointerEvent | undefined;
    const onPointerMove = (event: PointerEvent) => {
      if (event.buttons !== 0) return;
      if (pendingHover === undefined) {
        requestAnimationFrame(() => {
          const hovered = pendingHover && nodeAtPointer(pendingHover);
          const bounds = container.getBoundingClientRect();
          setHoverLabel(
            hovered && pendingHover
              ? {
                  text: hovered.node.label,
                  x: pendingHover.clientX - bounds.left,
                  y: pendingHover.clientY - bounds.top,
                }
              : undefined,
          );
          pendingHover = undefined;
        });
      }
      pendingHover = event;
    };
    const onPointerLeave = () => setHoverLabel(undefined);
    container.addEventListener('pointermove', onPointerMove);
    container.addEventListener('pointerleave', onPointerLeave);
    (instance.controls() as OrbitControls).addEventListener('start', () => {
      hasUserMovedCamera.current = true;
      setHoverLabel(undefined);
    });
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
      container.removeEventListener('pointermove', onPointerMove);
      container.removeEventListener('pointerleave', onPointerLeave);
      nodeSpheresRef.current?.dispose();
      nodeSpheresRef.current = undefined;
      drawnNodesRef.current = [];
      instance._destructor();
      instance.renderer().dispose();
      instance.renderer().forceContextLoss();
      linkLines.lines.geometry.dispose();
      linkLines.lines.material.dispose();
      instanceRef.current = undefined;
      linkLinesRef.current = undefined;
      layoutNodesRef.current = new Map();
    };
  }, [height, isAntialiased]);

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
    const budget = forceLayoutBudget(next.size);
    if (previous.size === 0) shouldFrameNextTick.current = true;
    if (previous.size === 0 && budget.warmupTicks === 0) {
      // Drawn before any tick: the first frame shows the nodes spread over the view, not a burst.
      [...next.values()].forEach((layoutNode, index) =>
        Object.assign(layoutNode, spreadStartPosition(index)),
      );
    }
    layoutNodesRef.current = next;
    const drawnNodes = [...next.values()];
    const nodeSpheres = createNodeSpheres(drawnNodes, (index) => ({
      volume: nodeValueOf(drawnNodes[index]!.node),
      colour: nodeTypeColor(drawnNodes[index]!.node.type),
    }));
    const scene = instance.scene();
    if (nodeSpheresRef.current) {
      scene.remove(nodeSpheresRef.current.mesh);
      nodeSpheresRef.current.dispose();
    }
    scene.add(nodeSpheres.mesh);
    nodeSpheresRef.current = nodeSpheres;
    drawnNodesRef.current = drawnNodes;
    const links = view.edges.map((edge): LayoutLink => ({ source: edge.source, target: edge.target, edge }));
    layoutLinksRef.current = links;
    linkLinesRef.current?.update(links);
    instance
      .warmupTicks(budget.warmupTicks)
      .cooldownTicks(budget.cooldownTicks)
      .d3AlphaDecay(budget.alphaDecay)
      .graphData({ nodes: drawnNodes, links });
    setDrawn((current) => ({ ...current, nodes: next.size, links: view.edges.length, isMoving: true }));
  }, [view]);

  return (
    <div className="relative">
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
      {hoverLabel ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute rounded bg-slate-900/90 px-2 py-1 text-xs text-white"
          style={{ left: hoverLabel.x + 12, top: hoverLabel.y + 12 }}
        >
          {hoverLabel.text}
        </span>
      ) : null}
    </div>
  );
}
