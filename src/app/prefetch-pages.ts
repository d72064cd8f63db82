import { useEffect } from 'react';
import type { PortalLocale } from '@/src/format/locale-codes';

/** Spec §9: how long the prefetch waits for the browser to be idle before it goes ahead anyway. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/** The Network Information API where the browser has it (Chromium): what the partner's connection allows. */
export interface NetworkInformation {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

/** False where prefetching would cost the partner or cannot work: offline, Data Saver on, or a 2G connection. */
export function mayPrefetch(nav: Pick<Navigator, 'onLine'> & { connection?: NetworkInformation }): boolean {
  if (!nav.onLine) return false;
  const connection = nav.connection;
  return !(connection?.saveData === true || /2g/.test(connection?.effectiveType ?? ''));
}

export interface PrefetchSchedule {
  /** Prefetches the pages (prefetch-run.ts, loaded only now: nothing of it is on a page's first load). */
  readonly run: (paths: readonly string[], locale: PortalLocale, cancelled: () => boolean) => Promise<void>;
  readonly nav: Pick<Navigator, 'onLine'> & { connection?: NetworkInformation };
  /** Runs a callback when the browser is idle, or after the timeout at the latest; returns how to cancel it. */
  readonly whenIdle: (run: () => void, timeoutMs: number) => () => void;
}

/** requestIdleCallback with its timeout, or the timeout alone where the browser has none (Safari). */
export const whenIdle: PrefetchSchedule['whenIdle'] = (run, timeoutMs) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, timeoutMs);
  return () => clearTimeout(id);
};

const browser = (): PrefetchSchedule => ({
  run: (paths, locale, cancelled) =>
    import('./prefetch-run').then(({ prefetchPages }) => prefetchPages(paths, locale, cancelled)),
  nav: navigator,
  whenIdle,
});

/**
 * Once the browser is idle (spec §9: 2000 ms at most), prefetches the pages the partner can open from here. A failure
 * changes nothing for the partner (the page loads when opened, as without prefetching), so it is not reported.
 * Returns how to cancel it: the links shown changed, or the layout went.
 */
export function schedulePrefetch(
  paths: readonly string[],
  locale: PortalLocale,
  schedule: PrefetchSchedule = browser(),
): () => void {
  let cancelled = false;
  const cancelIdle = schedule.whenIdle(() => {
    if (mayPrefetch(schedule.nav)) schedule.run(paths, locale, () => cancelled).catch(() => {});
  }, PREFETCH_IDLE_TIMEOUT_MS);
  return () => {
    cancelled = true;
    cancelIdle();
  };
}

/**
 * Prefetches the pages behind a layout's links (the top bar's), in the locale in use. Not in development: Vite's dev
 * server has no build to name.
 */
export function usePrefetchPages(paths: readonly string[], locale: PortalLocale | null): void {
  const key = paths.join(' ');
  useEffect(() => {
    if (import.meta.env.DEV || locale === null || key === '') return;
    return schedulePrefetch(key.split(' '), locale);
  }, [key, locale]);
}
