import type { GraphNode } from '@ecc/contracts';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, zoomTransform, type D3ZoomEvent, type ZoomBehavior } from 'd3-zoom';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { truncate } from '#lib/format/index.ts';
import type { GraphLayout } from './graph-layout.ts';
import { NODE_TYPE_COLOURS, edgeTypeName, nodeTypeName } from './graph-node-appearance.ts';
import {
  NODE_HEIGHT,
  NODE_WIDTH,
  isDrawnReversed,
  neighbourInDirection,
  neighboursOf,
  type ArrowKey,
  type GraphView,
  type Point,
} from './graph-view-model.ts';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  MAX_SCALE,
  MIN_SCALE,
  isSameTransform,
  transformShowing,
  type CanvasTransform,
} from './graph-viewport.ts';

export interface GraphCanvasProps {
  view: GraphView;
  layout: GraphLayout;
  title: string;
  transform: CanvasTransform;
  focusedId: string | undefined;
  selectedId: string | undefined;
  /** The nodes and edges (keys) of the path found, drawn highlighted. */
  pathNodeIds: ReadonlySet<string>;
  pathEdgeKeys: ReadonlySet<string>;
  onFocusNode: (nodeId: string) => void;
  onOpen: (nodeId: string) => void;
  onExpand: (nodeId: string) => void;
  onCollapse: (nodeId: string) => void;
  /** Keys the canvas does not use for nodes: zoom and pan. */
  onCanvasKey: (event: KeyboardEvent<SVGSVGElement>) => void;
  /** The wheel, a drag, a pinch, or a node focused from the keyboard outside the frame moved the view. */
  onTransform: (transform: CanvasTransform) => void;
  /** The id of the text that explains the mouse and keys. */
  describedBy?: string;
}

const ARROW_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

function pathData(points: readonly Point[]): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x},${point.y}`).join(' ');
}

function middleOf(points: readonly Point[]): Point {
  const first = points[Math.floor((points.length - 1) / 2)]!;
  const second = points[Math.ceil((points.length - 1) / 2)]!;
  return { x: (first.x + second.x) / 2, y: (first.y + second.y) / 2 };
}

function nodeName(node: GraphNode): string {
  return `${nodeTypeName(node)}: ${node.label}`;
}

function transformOfZoom(event: D3ZoomEvent<SVGSVGElement, unknown>): CanvasTransform {
  return { scale: event.transform.k, x: event.transform.x, y: event.transform.y };
}

/**
 * The view drawn as SVG where elkjs placed it. Nodes take focus one at a time (roving tabindex): arrows move to
 * a neighbour that way, Enter opens the details, + and - expand and collapse; a node focused from the keyboard
 * outside the frame is brought into it. A focused node names its edges. d3-zoom turns the wheel (around the
 * pointer), a drag and a pinch into the transform, which the page keeps (its buttons and keys set it too).
 */
export function GraphCanvas({
  view,
  layout,
  title,
  transform,
  focusedId,
  selectedId,
  pathNodeIds,
  pathEdgeKeys,
  onFocusNode,
  onOpen,
  onExpand,
  onCollapse,
  onCanvasKey,
  onTransform,
  describedBy,
}: GraphCanvasProps) {
  const titleId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const zoomBehaviour = useRef<ZoomBehavior<SVGSVGElement, unknown>>(undefined);
  const onTransformRef = useRef(onTransform);
  const isPointerFocus = useRef(false);
  const markerId = useId();
  const nodeElements = useRef(new Map<string, SVGGElement>());
  const shouldMoveFocus = useRef(false);
  const tabStopId =
    focusedId !== undefined && view.nodes.has(focusedId) ? focusedId : view.nodes.keys().next().value;

  useEffect(() => {
    onTransformRef.current = onTransform;
  }, [onTransform]);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return undefined;
    const behaviour = zoom<SVGSVGElement, unknown>()
      .scaleExtent([MIN_SCALE, MAX_SCALE])
      .on('zoom', (event: D3ZoomEvent<SVGSVGElement, unknown>) => {
        // A zoom without a source event is the page's own transform, copied in below: nothing to report.
        if (event.sourceEvent !== null) onTransformRef.current(transformOfZoom(event));
      });
    // A double click is not a zoom here: it is two clicks on a node.
    select(svg).call(behaviour).on('dblclick.zoom', null);
    zoomBehaviour.current = behaviour;
    return () => {
      select(svg).on('.zoom', null);
      zoomBehaviour.current = undefined;
    };
  }, []);

  // d3-zoom keeps its own copy of the transform, from which the next wheel or drag starts: keep it the page's.
  useEffect(() => {
    const svg = svgRef.current;
    const behaviour = zoomBehaviour.current;
    if (!svg || !behaviour) return;
    const current = zoomTransform(svg);
    if (isSameTransform({ scale: current.k, x: current.x, y: current.y }, transform)) return;
    behaviour.transform(select(svg), zoomIdentity.translate(transform.x, transform.y).scale(transform.scale));
  }, [transform]);

  const revealNode = (nodeId: string) => {
    const position = layout.positions.get(nodeId);
    if (!position) return;
    const shown = transformShowing(transform, { ...position, width: NODE_WIDTH, height: NODE_HEIGHT });
    if (shown !== transform) onTransform(shown);
  };

  useEffect(() => {
    if (!shouldMoveFocus.current || focusedId === undefined) return;
    shouldMoveFocus.current = false;
    nodeElements.current.get(focusedId)?.focus();
  }, [focusedId]);

  const onNodeKey = (event: KeyboardEvent<SVGGElement>, nodeId: string) => {
    // Ctrl, ⌘ and Alt combinations (Ctrl+- zooms out) are the canvas's or the browser's, not the node's.
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (ARROW_KEYS.has(event.key) && !event.shiftKey) {
      event.preventDefault();
      event.stopPropagation();
      const here = layout.positions.get(nodeId);
      if (!here) return;
      const neighbours = neighboursOf(view, nodeId).flatMap((id) => {
        const position = layout.positions.get(id);
        return position ? [{ id, position }] : [];
      });
      const next = neighbourInDirection(here, neighbours, event.key as ArrowKey);
      if (next !== undefined) {
        shouldMoveFocus.current = true;
        onFocusNode(next);
      }
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(nodeId);
    } else if (event.key === '+') {
      event.preventDefault();
      onExpand(nodeId);
    } else if (event.key === '-') {
      event.preventDefault();
      onCollapse(nodeId);
    }
  };

  const focusedEdges = new Set(
    [...view.edges]
      .filter(([, edge]) => edge.source === focusedId || edge.target === focusedId)
      .map(([key]) => key),
  );

  return (
    <svg
      ref={svgRef}
      role="group"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      viewBox={`0 0 ${CANVAS_WIDTH} ${CANVAS_HEIGHT}`}
      className="h-auto w-full rounded-lg border bg-background"
      onKeyDown={onCanvasKey}
      onPointerDown={() => {
        // The focus a press gives follows in the same task; later focus comes from the keyboard or the page.
        isPointerFocus.current = true;
        window.setTimeout(() => {
          isPointerFocus.current = false;
        });
      }}
      data-testid="graph-canvas"
      data-scale={transform.scale.toFixed(3)}
    >
      <title id={titleId}>{title}</title>
      <defs>
        <marker
          id={markerId}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10 z" className="fill-muted-foreground" />
        </marker>
      </defs>
      <g transform={`translate(${transform.x} ${transform.y}) scale(${transform.scale})`}>
        {[...view.edges].map(([key, edge]) => {
          const route = layout.routes.get(key);
          if (!route || route.length < 2) return null;
          const isOnPath = pathEdgeKeys.has(key);
          const isLabelled = focusedEdges.has(key) || isOnPath;
          const middle = middleOf(route);
          // The route runs in layout order; the arrow marks the edge's own target.
          const arrow = `url(#${CSS.escape(markerId)})`;
          const isReversed = isDrawnReversed(edge.type);
          return (
            <g key={key} data-edge={key} data-on-path={isOnPath || undefined}>
              <path
                d={pathData(route)}
                fill="none"
                strokeWidth={isOnPath ? 3.5 : 1.5}
                className={isOnPath ? 'stroke-primary' : 'stroke-muted-foreground/60'}
                markerEnd={isReversed ? undefined : arrow}
                markerStart={isReversed ? arrow : undefined}
              >
                <title>{edgeTypeName(edge.type)}</title>
              </path>
              {isLabelled && (
                <text
                  x={middle.x}
                  y={middle.y - 4}
                  textAnchor="middle"
                  className="fill-foreground text-[10px]"
                  aria-hidden="true"
                >
                  {edgeTypeName(edge.type)}
                </text>
              )}
            </g>
          );
        })}
        {[...view.nodes.values()].map((node) => {
          const position = layout.positions.get(node.id);
          if (!position) return null;
          const isSelected = node.id === selectedId;
          const isOnPath = pathNodeIds.has(node.id);
          const isExpanded = view.expanded.has(node.id);
          return (
            <g
              key={node.id}
              ref={(element) => {
                if (element) nodeElements.current.set(node.id, element);
                else nodeElements.current.delete(node.id);
              }}
              transform={`translate(${position.x} ${position.y})`}
              tabIndex={node.id === tabStopId ? 0 : -1}
              role="button"
              aria-label={nodeName(node)}
              aria-pressed={isSelected}
              aria-expanded={node.type === 'summary' ? undefined : isExpanded}
              data-node-id={node.id}
              data-on-path={isOnPath || undefined}
              className="cursor-pointer outline-none [&:focus-visible>rect]:stroke-ring [&:focus-visible>rect]:stroke-[4]"
              onClick={() => {
                onFocusNode(node.id);
                onOpen(node.id);
              }}
              onFocus={() => {
                onFocusNode(node.id);
                // A node clicked is in view already; bringing it further in would move it under the pointer.
                if (!isPointerFocus.current) revealNode(node.id);
              }}
              onKeyDown={(event) => onNodeKey(event, node.id)}
            >
              <rect
                width={NODE_WIDTH}
                height={NODE_HEIGHT}
                rx={node.type === 'summary' ? 22 : 6}
                fill={NODE_TYPE_COLOURS[node.type]}
                strokeDasharray={node.type === 'summary' ? '6 3' : undefined}
                className={
                  isOnPath
                    ? 'stroke-primary stroke-[4]'
                    : isSelected
                      ? 'stroke-foreground stroke-[3]'
                      : 'stroke-0'
                }
              />
              <text x={8} y={17} className="fill-white text-[10px] opacity-90">
                {truncate(nodeTypeName(node), 30)}
              </text>
              <text x={8} y={33} className="fill-white font-medium text-[12px]">
                {truncate(node.label, 26)}
              </text>
            </g>
          );
        })}
      </g>
    </svg>
  );
}
