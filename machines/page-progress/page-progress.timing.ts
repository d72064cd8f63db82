/** Loading-bar timing of spec §9. */
/** A bar is only shown for requests that outlast this (ms): quick requests never flash a bar. */
export const THROTTLE_MS = 200;
/** Nominal duration (ms) over which the bar grows to `PROGRESS_CEILING` while requests remain. */
export const DURATION_MS = 5000;
/** How long (ms) a full or failed bar stays before it hides. */
export const HIDE_AFTER_MS = 500;
/** The bar advances in steps of this many ms: 20 steps over the nominal duration. */
export const TICK_MS = 250;
/** Number of steps in the nominal duration. */
export const TICKS = DURATION_MS / TICK_MS;
/** The bar never passes this (%) until the last request has ended, when it jumps to 100. */
export const PROGRESS_CEILING = 90;

/**
 * Progress (%) after `ticks` steps: eases out (fast at first, slower near the end) and reaches
 * `PROGRESS_CEILING` at the nominal duration, where it stays. Whole numbers, so snapshots stay comparable.
 */
export function progressAt(ticks: number): number {
  const t = Math.min(1, Math.max(0, ticks / TICKS));
  return Math.round(PROGRESS_CEILING * (1 - (1 - t) ** 2));
}
