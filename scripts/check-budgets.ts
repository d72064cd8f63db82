/**
 * First-load budget per route (ARCHITECTURE.md: at most 150 KB of JavaScript, gzip). Reads the build
 * manifest (run after `vite build`): a route's first visit loads the entry chunk and its static imports,
 * the route's page chunk and its static imports, the English messages of the shell and the page, and the classic
 * scripts index.html names (public/intl-warm.js). The parts kept off first loads on purpose (`DEFERRED`: the Temporal
 * polyfill where Temporal is native, the user menu, find work's combobox, feed and journey selection, the live
 * listing events' reader) are listed apart, with when each is fetched. Prints a table; exits non-zero when a route is
 * over the budget. CI runs it on the build its browser tests use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { messagePartModule, SHELL_PART } from '@/machines/locale/message-part-names';
import { ROUTE_TABLE, type PageModule } from '@/src/app/route-table';
import { closure, readBuildManifest, type BuildManifest } from '@/server/http/route-preload';
import { PORTAL_BASE } from '@/server/http/static';
import { CHUNK_MODULES_FILE, PARTS, partsOf, type ChunkModules, type Part } from './chunk-modules';

export const BUDGET_JS_BYTES = 150 * 1024;
const DIST = join(import.meta.dirname, '..', 'dist');
const manifest: BuildManifest =
  readBuildManifest(DIST) ??
  (() => {
    throw new Error('no build manifest in dist/: run vite build first');
  })();

const gzipped = new Map<string, number>();
const gz = (file: string): number => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
  return gzipped.get(file)!;
};

const keyEndingWith = (suffix: string): string => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`no chunk for ${suffix} in the build manifest: run vite build first`);
  return key;
};

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
/** The English messages a page loads: the shell's part and its own (scripts/message-parts.ts). */
const messagesOf = (page: PageModule | null) =>
  [SHELL_PART, ...(page ? [page] : [])].map((part) => messagePartModule('en', part)).filter((key) => manifest[key]);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const chunkModules = JSON.parse(readFileSync(join(DIST, CHUNK_MODULES_FILE), 'utf8')) as ChunkModules;

/** What a set of chunks is made of: each chunk's gzip bytes shared out by its modules (scripts/chunk-modules.ts). */
function partsOfLoad(keys: Set<string>): Map<Part, number> {
  const parts = new Map<Part, number>();
  for (const key of keys) {
    const file = manifest[key]!.file;
    for (const [part, bytes] of partsOf(chunkModules[file] ?? {}, gz(file)))
      parts.set(part, (parts.get(part) ?? 0) + bytes);
  }
  return parts;
}

/** The plain scripts index.html loads beside the entry module (files of public/, not in the manifest). */
const htmlScripts = [...readFileSync(join(DIST, 'index.html'), 'utf8').matchAll(/<script\b([^>]*)>/g)]
  .map(([, attributes]) => attributes!)
  .filter((attributes) => !/type="module"/.test(attributes))
  .map((attributes) => /src="([^"]+)"/.exec(attributes)?.[1])
  .filter((src): src is string => src?.startsWith(PORTAL_BASE) === true)
  .map((src) => src.slice(PORTAL_BASE.length));
const htmlScriptBytes = htmlScripts.reduce((sum, file) => sum + gz(file), 0);

const rows = [
  ...ROUTE_TABLE.map((r) => ({ route: r.path, module: r.page, page: keyEndingWith(`src/pages/${r.page}.tsx`) })),
  { route: '(404)', module: null, page: null },
].map(({ route, module, page }) => {
  const keys = new Set([
    ...closure(manifest, entry),
    ...messagesOf(module).flatMap((key) => [...closure(manifest, key)]),
    ...(page ? closure(manifest, page) : []),
  ]);
  const js = [...keys].reduce((sum, k) => sum + gz(manifest[k]!.file), htmlScriptBytes);
  const css = [...keys].flatMap((k) => manifest[k]!.css ?? []).reduce((sum, f) => sum + gz(f), 0);
  const parts = partsOfLoad(keys);
  parts.set('portal', (parts.get('portal') ?? 0) + htmlScriptBytes);
  return { route, js, css, chunks: keys.size + htmlScripts.length, over: js > BUDGET_JS_BYTES, parts };
});

console.log(`First load per route (gzip; budget ${kb(BUDGET_JS_BYTES)} of JavaScript)`);
console.log(['route'.padEnd(12), 'JS'.padStart(10), 'CSS'.padStart(10), 'chunks'.padStart(7), ''].join(' '));
for (const r of rows) {
  console.log(
    [
      r.route.padEnd(12),
      kb(r.js).padStart(10),
      kb(r.css).padStart(10),
      String(r.chunks).padStart(7),
      r.over ? 'OVER BUDGET' : 'ok',
    ].join(' '),
  );
}
console.log('\nWhat each first load is made of (KB gzip, each chunk shared out by what its modules rendered)');
console.log(['route'.padEnd(26), ...PARTS.map((p) => p.padStart(10))].join(' '));
for (const r of rows) {
  console.log(
    [r.route.padEnd(26), ...PARTS.map((p) => ((r.parts.get(p) ?? 0) / 1024).toFixed(1).padStart(10))].join(' '),
  );
}
/** The parts kept off every first load on purpose, and when each is fetched instead. */
const DEFERRED: readonly (readonly [RegExp, string])[] = [
  [/temporal-polyfill/, 'only where the browser lacks Temporal'],
  [/user-menu-popup/, 'on first use of the user menu'],
  [
    /place-combobox/,
    "find work's place combobox with the React Aria code it brings: when the browser is idle after the page has drawn, or when the partner reaches a place field",
  ],
  [/find-work\/results-list/, "find work's feed (the virtualiser, the cards): when the first search starts"],
  [/journey\/journey-breakdown/, "a journey's pay breakdown: as the journey page opens, beside the journey's request"],
  [/journey\/journey-offer-panel/, "a journey's offer form: as the journey page opens, beside the journey's request"],
  [/find-work\/journey-selection-part/, "find work's selection of journeys: when the journey tab is first shown"],
  [/^_listing-events-/, "the live listing events' reader: as the page starts watching the stream"],
  [/work-notice-content/, 'why work is closed: only for a partner who may not take work, where work is offered'],
];
const deferred = Object.entries(manifest).flatMap(([key, chunk]) => {
  const when = DEFERRED.find(([pattern]) => pattern.test(key))?.[1];
  return when ? [[key, chunk, when] as const] : [];
});
const onEveryPage = closure(manifest, entry);
for (const [key, chunk, when] of deferred) {
  // what it fetches beyond what every page has loaded already
  const bytes = [...closure(manifest, key)]
    .filter((k) => !onEveryPage.has(k))
    .reduce((sum, k) => sum + gz(manifest[k]!.file), 0);
  console.log(`  not on first load: ${chunk.file} ${kb(bytes)} (${when})`);
}
const over = rows.filter((r) => r.over);
if (over.length > 0) {
  console.error(`over budget: ${over.map((r) => `${r.route} ${kb(r.js - BUDGET_JS_BYTES)} over`).join(', ')}`);
  process.exit(1);
}
const heaviest = rows.reduce((a, b) => (b.js > a.js ? b : a));
console.log(
  `\nall ${rows.length} routes within the budget; the heaviest, ${heaviest.route}, ${kb(BUDGET_JS_BYTES - heaviest.js)} under it`,
);
