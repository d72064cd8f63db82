import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLocaleCookie } from '@/machines/locale/locale.cookie';
import { detectLocale, withoutLocalePrefix } from '@/machines/locale/locale.detection';
import { messagePartModule, SHELL_PART } from '@/machines/locale/message-part-names';
import { qualityList } from './quality-list';
import { ROUTE_TABLE, type LayoutName, type PageModule, type RouteEntry } from '@/src/app/route-table';
import { DEFAULT_LOCALE, PORTAL_LOCALES, type PortalLocale } from '@/src/format/locale-codes';
import type { PageChunks } from '@/schemas/page-chunks';

/**
 * Route preloading: the page a partner opens is known from its address, so index.html can name that page's chunks
 * (and the message file of the locale the portal will pick) for the browser to fetch while the entry chunk is still
 * downloading, instead of after it has run. Without this, a first visit waits for the entry, then for the page and
 * messages, one round trip after the other (Lighthouse's critical request chain). Vite's build manifest says which
 * files a page needs; the ones the entry already preloads are left out.
 */

/** One chunk of Vite's build manifest (`build.manifest: true` → dist/.vite/manifest.json). */
export interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}
export type BuildManifest = Readonly<Record<string, ManifestChunk>>;

/** What index.html should preload for each page and each locale's messages: asset paths under the base. */
export interface PreloadPlan {
  readonly pages: ReadonlyMap<PageModule, { readonly js: readonly string[]; readonly css: readonly string[] }>;
  /** Per locale, each message part's files (the shell, and each page module's part: scripts/message-parts.ts). */
  readonly messages: ReadonlyMap<PortalLocale, ReadonlyMap<string, readonly string[]>>;
  /** What the signed-in layout loads as soon as it shows (the new-work watch behind the top bar's badge). */
  readonly providerLayout: readonly string[];
}

/** The modules the signed-in layout imports lazily but at once (src/app/layouts/new-work-badge.tsx). */
const PROVIDER_LAYOUT_MODULES = ['src/app/layouts/new-work-watch.tsx'];

/** The build's manifest, or null when the build has none (an old build, or a test's hand-made dist). */
export function readBuildManifest(distDir: string): BuildManifest | null {
  try {
    return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
  } catch {
    return null;
  }
}

/** A chunk and everything it imports statically: what the browser fetches to run it (keys of the manifest). */
export function closure(manifest: BuildManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, seen);
  return seen;
}

/** Per page and per locale, the files the entry does not already load. */
export function planPreloads(manifest: BuildManifest, base: string): PreloadPlan {
  const keys = Object.keys(manifest);
  const entry = keys.find((k) => manifest[k]!.isEntry);
  const loadedByEntry = entry ? closure(manifest, entry) : new Set<string>();
  const extra = (key: string) => [...closure(manifest, key)].filter((k) => !loadedByEntry.has(k));
  const files = (chunks: readonly string[]) => chunks.map((k) => base + manifest[k]!.file);

  const pages = new Map<PageModule, { js: string[]; css: string[] }>();
  for (const page of new Set(ROUTE_TABLE.map((r) => r.page))) {
    const key = keys.find((k) => k.endsWith(`src/pages/${page}.tsx`));
    if (!key) continue;
    const chunks = extra(key);
    pages.set(page, {
      js: files(chunks),
      css: [...new Set(chunks.flatMap((k) => manifest[k]!.css ?? []))].map((f) => base + f),
    });
  }
  const messages = new Map<PortalLocale, Map<string, string[]>>();
  for (const code of PORTAL_LOCALES) {
    const parts = new Map<string, string[]>();
    for (const part of [SHELL_PART, ...pages.keys()]) {
      const key = messagePartModule(code, part);
      if (manifest[key]) parts.set(part, files(extra(key)));
    }
    messages.set(code, parts);
  }
  const providerLayout = files([
    ...new Set(PROVIDER_LAYOUT_MODULES.filter((k) => manifest[k]).flatMap((k) => extra(k))),
  ]);
  return { pages, messages, providerLayout };
}

/**
 * The plan as the portal's prefetch map (schemas/page-chunks.ts): each page's chunks and CSS, and each locale's page
 * message files. The shell's messages and the layout's watch are left out: every page has loaded them already.
 */
export function pageChunksOf(plan: PreloadPlan): PageChunks {
  return {
    pages: Object.fromEntries([...plan.pages].map(([page, { js, css }]) => [page, [...js, ...css]])),
    messages: Object.fromEntries(
      [...plan.messages].map(([locale, parts]) => [
        locale,
        Object.fromEntries([...parts].filter(([part]) => part !== SHELL_PART)),
      ]),
    ),
  };
}

/** Turns a route path (`/work/:child/:id?`) into a pattern over the address inside the base. */
const patternOf = (path: string): RegExp =>
  new RegExp(
    `^${path
      .split('/')
      .filter(Boolean)
      .map((segment) => (segment.startsWith(':') ? (segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+') : `/${segment}`))
      .join('')}/?$`,
  );
const PATTERNS = ROUTE_TABLE.map((route) => ({ route, pattern: patternOf(route.path) }));

/** The route an address inside the base names (`/find-work/listing/12`), or undefined for an unknown one. */
export function routeOf(path: string): RouteEntry | undefined {
  const normalised = path === '' ? '/' : path.startsWith('/') ? path : `/${path}`;
  return PATTERNS.find(({ pattern }) => pattern.test(normalised))?.route;
}

/** An Accept-Language header as the browser's language list, most preferred first (what navigator.languages says). */
export function languagesOf(header: string | undefined): string[] {
  return qualityList(header)
    .filter(({ value, q }) => value !== '' && value !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ value }) => value);
}

export interface PreloadRequest {
  /** The address inside the base, without the query. */
  readonly path: string;
  readonly cookieHeader: string | undefined;
  readonly acceptLanguage: string | undefined;
  readonly hostname: string;
  /** The request carries a sign-in session: a signed-in page will render rather than send the partner to sign in. */
  readonly signedIn: boolean;
}

/** What a request's page needs first: its page module, its layout, and the locale of its messages. */
export interface PreloadTarget {
  readonly page: PageModule | null;
  readonly layout: LayoutName | null;
  readonly locale: PortalLocale;
}

/**
 * The page the portal will show for a request (a signed-in page without a session shows the sign-in page), and the
 * locale it will start in, picked as the locale machine picks it (cookie, browser languages, path, domain).
 */
export function preloadTarget(request: PreloadRequest): PreloadTarget {
  // '/es/find-work' opens find work in Spanish: the portal drops the prefix at start (machines/locale)
  const route = routeOf(withoutLocalePrefix(request.path, PORTAL_LOCALES) ?? request.path);
  const needsSignIn = route !== undefined && (route.access === 'auth' || route.access === 'admin');
  const locale = detectLocale({
    cookie: readLocaleCookie(request.cookieHeader),
    languages: languagesOf(request.acceptLanguage),
    pathname: `/tpp${request.path}`,
    hostname: request.hostname,
    available: PORTAL_LOCALES,
    fallback: DEFAULT_LOCALE,
  });
  if (route === undefined) return { page: null, layout: null, locale };
  if (needsSignIn && !request.signedIn) return { page: 'login/login-page', layout: 'default', locale };
  return { page: route.page, layout: route.layout, locale };
}

/** The `<link>` tags for a request's page and messages, in the form Vite writes its own. */
export function preloadLinks(plan: PreloadPlan, target: PreloadTarget): string {
  const page = target.page ? plan.pages.get(target.page) : undefined;
  const js = [
    ...new Set([
      ...(plan.messages.get(target.locale)?.get(SHELL_PART) ?? []),
      ...((target.page && plan.messages.get(target.locale)?.get(target.page)) || []),
      ...(page?.js ?? []),
      ...(target.layout === 'provider' ? plan.providerLayout : []),
    ]),
  ];
  return [
    ...js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...(page?.css ?? []).map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ].join('\n    ');
}

/** index.html with the links added at the end of its head. */
export const withPreloads = (html: string, links: string): string =>
  links === '' ? html : html.replace('</head>', `  ${links}\n  </head>`);
