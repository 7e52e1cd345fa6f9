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
