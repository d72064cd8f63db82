/**
 * The ratchet CI runs while the first-load budget (ARCHITECTURE.md: 150 KB of JavaScript, gzip) is not met on every
 * route (issue 3). A route within the budget may not go over it; a route over it may not grow past the ceiling
 * recorded for it in budget-ceilings.json, so no change makes a heavy page heavier unnoticed. A ceiling is lowered
 * (or, deliberately, raised) with `npm run check:budgets -- --write-ceilings`, and the change shows in review.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CEILINGS_FILE = join(import.meta.dirname, 'budget-ceilings.json');

/** Route path → the most JavaScript (KB gzip, one decimal) its first load may have while it is over the budget. */
export type Ceilings = Readonly<Record<string, number>>;

export const readCeilings = (file = CEILINGS_FILE): Ceilings => JSON.parse(readFileSync(file, 'utf8')) as Ceilings;

/** Bytes → KB rounded up to the tenth, as ceilings are written (the printed figures round to the nearest tenth). */
export const ceilingKb = (bytes: number) => Math.ceil(bytes / 102.4) / 10;

/** The bytes a route may load: the budget, or its ceiling when one is recorded above the budget. */
export const allowanceOf = (route: string, ceilings: Ceilings, budgetBytes: number) =>
  Math.max(budgetBytes, (ceilings[route] ?? 0) * 1024);

/** A ceiling this far above a route's figure is stale: the route got lighter, and its ceiling should follow. */
export const SLACK_BYTES = 1024;

/**
 * The ceilings to record for the current figures: one for each route over the budget, none for a route within it
 * (the budget itself holds it).
 */
export const ceilingsFor = (rows: readonly { route: string; js: number }[], budgetBytes: number): Ceilings =>
  Object.fromEntries(rows.filter((r) => r.js > budgetBytes).map((r) => [r.route, ceilingKb(r.js)]));

export const writeCeilings = (ceilings: Ceilings, file = CEILINGS_FILE) =>
  writeFileSync(file, `${JSON.stringify(ceilings, null, 2)}\n`);
