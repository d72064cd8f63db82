import { lazy, type ComponentType } from 'react';

/** Spec §9: a failed chunk load reloads the page, at most once per minute. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = 'tpp.chunk-reload-at';

/** True for the errors a browser gives when a lazily loaded chunk is gone (a new deploy) or unreachable. */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error &&
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    error.message,
  );

/** Decides whether this failure may reload the page, and records the reload when it may. */
export function mayReloadForChunk(now: number, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  return true;
}

/** Reloads the page for a chunk that failed to load, when the once-a-minute rule allows: true when it does. */
export function reloadForChunk(): boolean {
  if (!mayReloadForChunk(Date.now(), localStorage)) return false;
  window.location.reload();
  return true;
}

/** React.lazy with the chunk-reload rule: a page whose chunk fails reloads once; a second failure shows the error page. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadForChunk()) return new Promise<never>(() => {});
      throw error;
    }),
  );
}
