import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';

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

/**
 * Serves the built portal (vite build → `distDir`) under /tpp/. A path that is not a file gets index.html, so the
 * portal's history-mode routes load on refresh — except under /tpp/assets/, where a missing file is a 404: answering
 * a missing script with HTML would hide the failed chunk load the portal recovers from (spec §8). Without a build,
 * 503 with what to run.
 */
export const servePortal = (distDir: string) => async (c: Context) => {
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
    return c.body(await readFile(candidate), 200, {
      'content-type': CONTENT_TYPES[extname(candidate).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': cache,
    });
  }
  if (relative.startsWith('assets/')) return c.text('Not found', 404);
  return c.body(await readFile(indexFile), 200, {
    'content-type': CONTENT_TYPES['.html'] ?? 'text/html',
    'cache-control': NO_CACHE,
  });
};
