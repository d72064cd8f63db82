import type { PageChunks } from '@/schemas/page-chunks';
import { fetchPageChunks } from '@/src/api/page-chunks';
import type { PortalLocale } from '@/src/format/locale-codes';
import { PREFETCH_IDLE_TIMEOUT_MS, whenIdle } from './prefetch-pages';
import { ROUTE_TABLE } from './route-table';

/**
 * The work of a prefetch (prefetch-pages.ts schedules it): loaded when the browser is idle, so none of it weighs on a
 * page's first load.
 */

/**
 * The files a set of routes' pages need and the browser has not fetched yet: each page's chunks, CSS and messages in
 * the locale in use, each file once. `fetched` says whether the page already has a file (the entry's, the current
 * page's).
 */
export function filesToPrefetch(
  map: PageChunks,
  paths: readonly string[],
  locale: PortalLocale,
  fetched: (href: string) => boolean,
): string[] {
  const pages = new Set(paths.flatMap((path) => ROUTE_TABLE.find((route) => route.path === path)?.page ?? []));
  const files = [...pages].flatMap((page) => [...(map.pages[page] ?? []), ...(map.messages[locale]?.[page] ?? [])]);
  return [...new Set(files)].filter((href) => !fetched(href));
}

/** Whether the document has fetched a file: a script, stylesheet or (module)preload naming it, or a finished request. */
export function fetchedBy(doc: Document, performance?: Pick<Performance, 'getEntriesByType'>) {
  const requested = new Set(
    (performance?.getEntriesByType('resource') ?? []).map((entry) => new URL(entry.name).pathname),
  );
  return (href: string) =>
    requested.has(href) ||
    [...doc.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[href], script[src]')].some(
      (element) => element.getAttribute(element instanceof HTMLLinkElement ? 'href' : 'src') === href,
    );
}

/**
 * Prefetches one file with a `<link rel="prefetch">`: the browser fetches it at low priority into its cache, without
 * running it, so the page opens without waiting for the network, and opens offline too. Resolves when the file is in
 * (or failed). `crossorigin`, as the module loader asks for scripts, so the cached answer is the one it uses; no `as`,
 * which the loader does not need to use it (e2e/prefetch.spec.ts opens the pages offline).
 */
export function prefetchFile(doc: Document, href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    link.setAttribute('crossorigin', '');
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    doc.head.append(link);
  });
}

/** Resolves when the browser is next idle (spec §9: 2000 ms at most). */
const nextIdle = () => new Promise<void>((resolve) => void whenIdle(resolve, PREFETCH_IDLE_TIMEOUT_MS));

let pageChunks: Promise<PageChunks> | null = null;

/** The build's prefetch map (the server's /tpp/page-chunks.json), fetched once per visit (again after a failure). */
export function loadPageChunks(): Promise<PageChunks> {
  pageChunks ??= fetchPageChunks().catch((error: unknown) => {
    pageChunks = null;
    throw error;
  });
  return pageChunks;
}

export interface PrefetchEnvironment {
  readonly load: () => Promise<PageChunks>;
  readonly doc: Document;
  readonly performance?: Pick<Performance, 'getEntriesByType'>;
  readonly idle: () => Promise<void>;
  readonly prefetch: (doc: Document, href: string) => Promise<void>;
}

/**
 * Prefetches the pages of `paths` in `locale`, one file at a time, each when the browser is idle: all at once, the
 * answers arrived together and made a long task of the main thread (165 ms on Lighthouse's slowed phone) while the
 * page in view was still settling. Stops when cancelled.
 */
export async function prefetchPages(
  paths: readonly string[],
  locale: PortalLocale,
  cancelled: () => boolean,
  env: PrefetchEnvironment = {
    load: loadPageChunks,
    doc: document,
    performance,
    idle: nextIdle,
    prefetch: prefetchFile,
  },
): Promise<void> {
  const map = await env.load();
  for (const href of filesToPrefetch(map, paths, locale, fetchedBy(env.doc, env.performance))) {
    if (cancelled()) return;
    await env.idle();
    if (cancelled()) return;
    await env.prefetch(env.doc, href);
  }
}
