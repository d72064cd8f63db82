import type { AppInit } from '@/schemas/app-init';

export interface AppInitContext {
  /** Feature flags and fake date; null until the first answer or a cached copy. */
  init: AppInit | null;
  /** True while the shown flags come from the local-storage cache and not yet from the server. */
  stale: boolean;
  error: unknown;
}

export interface AppInitInput {
  /** The copy cached in local storage for this user, if any (spec §7: cached and refreshed). */
  readonly cached: AppInit | null;
}

export type AppInitEvent = { type: 'appInit.refresh' } | { type: 'appInit.retry' };
