/** How the force layout spends its ticks: before the first frame, after it, and how fast it cools. */
export interface ForceLayoutBudget {
  warmupTicks: number;
  cooldownTicks: number;
  /** d3-force's alpha decay per tick, chosen so the layout has cooled when its ticks are spent. */
  alphaDecay: number;
}

/** Node ticks a layout may spend before its first frame: a fraction of a second on a slow laptop. */
const WARM_UP_NODE_TICKS = 100_000;
/** Fewer warm-up ticks than this leave a tangle anyway: the first frame is drawn at once and settles on screen. */
const MIN_USEFUL_WARM_UP_TICKS = 20;
const COOL_DOWN_NODE_TICKS = 1_500_000;
/** d3-force's own defaults: the alpha at which it stops, and its decay (about 300 ticks from 1 to that). */
const ALPHA_MIN = 0.001;
const DEFAULT_ALPHA_DECAY = 1 - Math.pow(ALPHA_MIN, 1 / 300);

/**
 * A tick costs about the node count (Barnes–Hut), so the warm-up shrinks as the graph grows: a small realm is
 * laid out before it shows; a large one (from 5,000 nodes) is drawn at once, before any tick, and settles on
 * screen in the cool-down ticks, cooling faster so it comes to rest when they are spent. The cool-down stops the
 * simulation so an idle view only redraws.
 */
export function forceLayoutBudget(nodeCount: number): ForceLayoutBudget {
  const nodes = Math.max(nodeCount, 1);
  const warmUp = Math.min(100, Math.round(WARM_UP_NODE_TICKS / nodes));
  const warmupTicks = warmUp < MIN_USEFUL_WARM_UP_TICKS ? 0 : warmUp;
  const cooldownTicks = Math.max(60, Math.min(300, Math.round(COOL_DOWN_NODE_TICKS / nodes)));
  const alphaDecay = Math.max(
    DEFAULT_ALPHA_DECAY,
    1 - Math.pow(ALPHA_MIN, 1 / (warmupTicks + cooldownTicks)),
  );
  return { warmupTicks, cooldownTicks, alphaDecay };
}

/** How wide a graph drawn before any tick starts, per cube root of its nodes: about a quarter of the camera's distance, so it stays in view through the first ticks. */
const SPREAD_PER_CUBE_ROOT = 40;
const ROLL_ANGLE = Math.PI * (3 - Math.sqrt(5));
const YAW_ANGLE = (Math.PI * 20) / (9 + Math.sqrt(221));

/**
 * Where the `index`th node starts when the graph is drawn before any tick: d3-force-3d's own spiral of even
 * density (a ball of radius ∝ ∛count), but 4 times as wide, so the ball fills most of the camera's frame (3d-force-graph
 * puts the camera 170 × ∛count away). d3's start is so dense that the first ticks' repulsion throws most nodes
 * out of the frame; drawn at once, that burst is what the user would see.
 */
export function spreadStartPosition(index: number): { x: number; y: number; z: number } {
  const radius = SPREAD_PER_CUBE_ROOT * Math.cbrt(0.5 + index);
  const roll = index * ROLL_ANGLE;
  const yaw = index * YAW_ANGLE;
  return {
    x: radius * Math.sin(roll) * Math.cos(yaw),
    y: radius * Math.cos(roll),
    z: radius * Math.sin(roll) * Math.sin(yaw),
  };
}

/** The distance from the centre to the farthest node, plus a sphere's width; 0 for no node. */
export function graphRadius(nodes: Iterable<{ x?: number; y?: number; z?: number }>): number {
  let radius = 0;
  for (const node of nodes) radius = Math.max(radius, Math.hypot(node.x ?? 0, node.y ?? 0, node.z ?? 0));
  return radius + NODE_MARGIN;
}

const NODE_MARGIN = 20;

/**
 * How far from the centre a camera of vertical field `fovDegrees` and width/height `aspect` stands to see a ball
 * of `radius` whole: the ball fills the narrower of the two fields.
 */
export function cameraDistanceToFrame(radius: number, fovDegrees: number, aspect: number): number {
  const verticalHalf = (fovDegrees * Math.PI) / 360;
  const horizontalHalf = Math.atan(Math.tan(verticalHalf) * aspect);
  return radius / Math.sin(Math.min(verticalHalf, horizontalHalf));
}
