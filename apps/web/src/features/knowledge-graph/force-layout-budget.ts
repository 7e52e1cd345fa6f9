/** Ticks of the force layout run before the first frame and after it, before the layout stops moving. */
export interface ForceLayoutBudget {
  warmupTicks: number;
  cooldownTicks: number;
}

/** Node ticks a layout may spend before its first frame: about a second of work on a slow laptop. */
const WARM_UP_NODE_TICKS = 400_000;
const COOL_DOWN_NODE_TICKS = 1_500_000;

/**
 * A tick costs about the node count (Barnes–Hut), so the warm-up shrinks as the graph grows: a small realm is
 * laid out before it shows, a 10,000-node one shows after a few ticks and settles on screen. The cool-down stops
 * the simulation so an idle view only redraws.
 */
export function forceLayoutBudget(nodeCount: number): ForceLayoutBudget {
  const nodes = Math.max(nodeCount, 1);
  return {
    warmupTicks: Math.max(10, Math.min(100, Math.round(WARM_UP_NODE_TICKS / nodes))),
    cooldownTicks: Math.max(60, Math.min(300, Math.round(COOL_DOWN_NODE_TICKS / nodes))),
  };
}
