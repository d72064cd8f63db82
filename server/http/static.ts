import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { COMPRESSIBLE } from '@/scripts/precompress';
import { qualityList } from './quality-list';
import { readSessionCookie } from './session-cookie';
import { PAGE_CHUNKS_FILE } from '@/schemas/page-chunks';
import {
  pageChunksOf,
  planPreloads,
  preloadLinks,
  preloadTarget,
  readBuildManifest,
  withPreloads,
  type PreloadPlan,
} from './route-preload';

/** The portal's base path (vite.config.ts `base`). */
export const PORTAL_BASE = '/tpp/';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.pbf': 'application/x-protobuf',
};

/** Hashed build output never changes under its name: cache it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: always revalidate. Other top-level files (favicon) are short-lived. */
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

const isFile = async (path: string) => (await stat(path).catch(() => null))?.isFile() === true;

type Encoding = 'br' | 'gzip';
const SUFFIX: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz' };

/**
 * The encodings an Accept-Encoding header allows, best first: Brotli, then gzip. A coding listed with `q=0` is
 * refused (RFC 9110 §12.5.3); `*` allows both.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const allowed = new Map(qualityList(header).map(({ value, q }) => [value.toLowerCase(), q > 0]));
  const ok = (coding: string) => allowed.get(coding) ?? allowed.get('*') ?? false;
  return (['br', 'gzip'] as const).filter(ok);
}

/**
 * The file to send for `path`: its precompressed sibling (`.br` or `.gz`, written by the build: scripts/precompress.ts)
 * in the best encoding the browser accepts, else the file itself.
 */
async function variantOf(path: string, accept: string | undefined) {
  if (COMPRESSIBLE.test(path)) {
    for (const encoding of acceptedEncodings(accept)) {
      const candidate = path + SUFFIX[encoding];
      if (await isFile(candidate)) return { file: candidate, encoding };
    }
  }
  return { file: path, encoding: null };
}

/** Sends a built file: the best precompressed variant, with `Vary` so caches keep the variants apart. */
async function sendFile(c: Context, path: string, headers: Record<string, string>) {
  const { file, encoding } = await variantOf(path, c.req.header('accept-encoding'));
  const sent: Record<string, string> = { ...headers };
  if (COMPRESSIBLE.test(path)) sent.vary = 'Accept-Encoding';
  if (encoding) sent['content-encoding'] = encoding;
  return c.body(await readFile(file), 200, sent);
}

/** The build's preload plan, read again when the build changes (the manifest's modification time). */
function preloadPlanOf(distDir: string) {
  let known: { mtime: number; plan: PreloadPlan | null } | null = null;
  return async (): Promise<PreloadPlan | null> => {
    const mtime = (await stat(join(distDir, '.vite', 'manifest.json')).catch(() => null))?.mtimeMs ?? -1;
    if (known?.mtime !== mtime) {
      const manifest = mtime < 0 ? null : readBuildManifest(distDir);
      known = { mtime, plan: manifest ? planPreloads(manifest, PORTAL_BASE) : null };
    }
    return known.plan;
  };
}

/**
 * index.html for a portal address, with preload links for the page it shows and the messages of the locale it will
 * start in (route-preload.ts), compressed in the best encoding the browser accepts. It differs by address, cookie and
 * language, and is small (about 1.5 KB): made for each request, never cached.
 */
async function sendIndex(c: Context, indexFile: string, path: string, plan: PreloadPlan | null) {
  let html = await readFile(indexFile, 'utf8');
  if (plan) {
    const target = preloadTarget({
      path,
      cookieHeader: c.req.header('cookie'),
      acceptLanguage: c.req.header('accept-language'),
      hostname: new URL(c.req.url).hostname,
      signedIn: readSessionCookie(c) !== undefined,
    });
    html = withPreloads(html, preloadLinks(plan, target));
  }
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPES['.html'] ?? 'text/html',
    'cache-control': NO_CACHE,
    vary: 'Accept-Encoding, Accept-Language, Cookie',
  };
  const encoding = acceptedEncodings(c.req.header('accept-encoding'))[0];
  if (encoding === 'br') {
    headers['content-encoding'] = 'br';
    return c.body(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), 200, headers);
  }
  if (encoding === 'gzip') {
    headers['content-encoding'] = 'gzip';
    return c.body(gzipSync(html), 200, headers);
  }
  return c.body(html, 200, headers);
}

/**
 * Serves the built portal (vite build → `distDir`) under /tpp/. A path that is not a file gets index.html, so the
 * portal's history-mode routes load on refresh — except under /tpp/assets/, where a missing file is a 404: answering
 * a missing script with HTML would hide the failed chunk load the portal recovers from (spec §8). `page-chunks.json`
 * is the prefetch map of the build (route-preload.ts `pageChunksOf`). Without a build, 503 with what to run.
 */
export const servePortal = (distDir: string) => {
  const preloadPlan = preloadPlanOf(distDir);
  return async (c: Context) => {
    const indexFile = join(distDir, 'index.html');
    if (!existsSync(indexFile)) {
      return c.text('The portal is not built yet. Run `npm run build`, then reload this page.', 503);
    }
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path.slice(PORTAL_BASE.length));
    } catch {
      relative = '';
    }
    const candidate = normalize(join(distDir, relative));
    const inside = candidate.startsWith(distDir.endsWith(sep) ? distDir : distDir + sep);
    if (inside && relative !== '' && (await isFile(candidate))) {
      const cache = relative.startsWith('assets/') ? IMMUTABLE : relative === 'index.html' ? NO_CACHE : SHORT;
      return sendFile(c, candidate, {
        'content-type': CONTENT_TYPES[extname(candidate).toLowerCase()] ?? 'application/octet-stream',
        'cache-control': cache,
      });
    }
    if (relative.startsWith('assets/')) return c.text('Not found', 404);
    if (relative === PAGE_CHUNKS_FILE) {
      // names the current build's files, like index.html: revalidated on every use
      const plan = await preloadPlan();
      if (!plan) return c.text('Not found', 404);
      return c.json(pageChunksOf(plan), 200, { 'cache-control': NO_CACHE });
    }
    return sendIndex(c, indexFile, `/${relative}`, await preloadPlan());
  };
};
