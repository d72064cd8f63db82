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

export interface PageLoadEnvironment {
  readonly online: () => boolean;
  /** Resolves when the browser is next back online. */
  readonly whenOnline: () => Promise<void>;
  /** reloadForChunk: reloads and says true, or says false within the minute. */
  readonly reload: () => boolean;
}

const browser: PageLoadEnvironment = {
  online: () => navigator.onLine,
  whenOnline: () => new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true })),
  reload: reloadForChunk,
};

/**
 * Loads a page's code with the chunk-reload rule. Offline, a reload could only show the browser's own error page and
 * lose the portal: the load waits (the page shows its loading state beside the offline banner) and tries again once
 * the browser is back online. Online, a failed chunk reloads the page once a minute (a new deploy); a second failure
 * within the minute goes to the error page.
 */
export async function loadPage<T>(load: () => Promise<T>, env: PageLoadEnvironment = browser): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      if (!env.online()) {
        await env.whenOnline();
        continue;
      }
      if (env.reload()) return new Promise<never>(() => {});
      throw error;
    }
  }
}

/** React.lazy with the chunk-reload rule (`loadPage`). */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => loadPage(load));
}
