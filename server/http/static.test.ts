import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageChunks } from '@/schemas/page-chunks';
import { decodeWith } from '@/schemas/decode';
import { createApp } from '@/server/app';
import { acceptedEncodings } from '@/server/http/static';
import { createSeededApp, SETUP_TIMEOUT_MS, type SeededApp } from '@/server/testing/seeded-app';

const INDEX = '<!doctype html><title>Partner portal</title><div id="root"></div>';
let t: SeededApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tpp-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("portal")');
  writeFileSync(join(dist, 'assets', 'index-abc123.css'), 'body{margin:0}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createSeededApp({ distDir: dist });
}, SETUP_TIMEOUT_MS);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the built portal under /tpp/', () => {
  it('serves index.html at /tpp/ without caching', async () => {
    const response = await t.app.request('/tpp/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  });

  it('serves hashed assets with their content type and a long cache', async () => {
    const js = await t.app.request('/tpp/assets/index-abc123.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe('console.log("portal")');
    const css = await t.app.request('/tpp/assets/index-abc123.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const svg = await t.app.request('/tpp/favicon.svg');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('falls back to index.html for the portal routes (history mode)', async () => {
    for (const path of ['/tpp/reservations/create', '/tpp/work/listing/42', '/tpp/find-work?tab=auction']) {
      const response = await t.app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('sends the precompressed variant the browser accepts, Brotli first, with Vary', async () => {
    const js = join(dist, 'assets', 'big-abc123.js');
    writeFileSync(js, 'x'.repeat(4000));
    writeFileSync(`${js}.br`, 'brotli bytes');
    writeFileSync(`${js}.gz`, 'gzip bytes');
    const get = (accept?: string) =>
      t.app.request('/tpp/assets/big-abc123.js', { headers: accept ? { 'accept-encoding': accept } : {} });

    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await br.text()).toBe('brotli bytes');

    const gzip = await get('gzip, br;q=0');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe('gzip bytes');

    const plain = await get();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('x'.repeat(4000));
  });

  it('sends a file without variants as it is, even when the browser accepts compression', async () => {
    const response = await t.app.request('/tpp/assets/index-abc123.js', { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('console.log("portal")');
  });

  it('answers a missing asset with 404 rather than HTML', async () => {
    const response = await t.app.request('/tpp/assets/index-gone.js');
    expect(response.status).toBe(404);
  });

  it('never serves files outside the build folder', async () => {
    writeFileSync(join(dist, '..', 'tpp-secret.txt'), 'secret');
    try {
      for (const path of ['/tpp/../tpp-secret.txt', '/tpp/%2e%2e/tpp-secret.txt', '/tpp/..%2ftpp-secret.txt']) {
        const response = await t.app.request(path);
        expect(await response.text()).not.toBe('secret');
      }
    } finally {
      rmSync(join(dist, '..', 'tpp-secret.txt'), { force: true });
    }
  });

  it('redirects / and /tpp to /tpp/', async () => {
    const root = await t.app.request('/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/tpp/');
    expect((await t.app.request('/tpp')).headers.get('location')).toBe('/tpp/');
  });

  it("names the page's chunks in index.html when the build has a manifest, compressed as the browser accepts", async () => {
    const built = mkdtempSync(join(tmpdir(), 'tpp-dist-'));
    try {
      mkdirSync(join(built, '.vite'));
      writeFileSync(join(built, 'index.html'), '<html><head><title>Partner portal</title></head><body></body></html>');
      writeFileSync(
        join(built, '.vite', 'manifest.json'),
        JSON.stringify({
          'index.html': { file: 'assets/index-E1.js', isEntry: true },
          'src/pages/reservations/reservations-page.tsx': { file: 'assets/reservations-page-R1.js' },
          'src/pages/login/login-page.tsx': { file: 'assets/login-page-L1.js' },
          'messages/es-shell.js': { file: 'assets/es-shell-M2.js' },
          'messages/es-reservations--reservations-page.js': { file: 'assets/es-reservations--reservations-page-M3.js' },
        }),
      );
      const app = createApp({ db: t.db, config: { ...t.config, distDir: built } });
      const session = `tpp_session=${'a'.repeat(43)}`;
      const signedIn = await app.request('/tpp/reservations', {
        headers: { cookie: session, 'accept-language': 'es-ES', 'accept-encoding': 'br' },
      });
      expect(signedIn.headers.get('content-encoding')).toBe('br');
      expect(signedIn.headers.get('cache-control')).toBe('no-cache');
      expect(signedIn.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
      const html = brotliDecompressSync(Buffer.from(await signedIn.arrayBuffer())).toString();
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/tpp/assets/reservations-page-R1.js">');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/tpp/assets/es-shell-M2.js">');
      expect(html).toContain(
        '<link rel="modulepreload" crossorigin href="/tpp/assets/es-reservations--reservations-page-M3.js">',
      );

      const guest = await app.request('/tpp/reservations', { headers: { 'accept-encoding': 'gzip' } });
      const guestHtml = gunzipSync(Buffer.from(await guest.arrayBuffer())).toString();
      expect(guestHtml).toContain('/tpp/assets/login-page-L1.js');
      expect(guestHtml).not.toContain('reservations-page');

      // the prefetch map of the same build, decoded as the portal decodes it, revalidated on every use
      const map = await app.request('/tpp/page-chunks.json');
      expect(map.status).toBe(200);
      expect(map.headers.get('cache-control')).toBe('no-cache');
      expect(decodeWith(PageChunks, 'PageChunks')(await map.json())).toEqual({
        pages: {
          'reservations/reservations-page': ['/tpp/assets/reservations-page-R1.js'],
          'login/login-page': ['/tpp/assets/login-page-L1.js'],
        },
        messages: {
          en: {},
          es: { 'reservations/reservations-page': ['/tpp/assets/es-reservations--reservations-page-M3.js'] },
        },
      });
    } finally {
      rmSync(built, { recursive: true, force: true });
    }
  });

  it('answers 404 for the prefetch map of a build without a manifest', async () => {
    const built = mkdtempSync(join(tmpdir(), 'tpp-dist-'));
    try {
      writeFileSync(join(built, 'index.html'), '<html><head></head><body></body></html>');
      const app = createApp({ db: t.db, config: { ...t.config, distDir: built } });
      expect((await app.request('/tpp/page-chunks.json')).status).toBe(404);
    } finally {
      rmSync(built, { recursive: true, force: true });
    }
  });

  it('answers 503 with what to run when the portal is not built', async () => {
    const app = createApp({ db: t.db, config: { ...t.config, distDir: join(dist, 'not-built') } });
    for (const path of ['/tpp/', '/tpp/reservations']) {
      const response = await app.request(path);
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toMatch(/npm run build/);
    }
  });
});

describe('acceptedEncodings', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['gzip', ['gzip']],
    ['gzip, deflate, br', ['br', 'gzip']],
    ['br;q=0.5, gzip;q=1', ['br', 'gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['BR, GZIP;Q=0', ['br']],
    ['*', ['br', 'gzip']],
    ['*;q=0, gzip', ['gzip']],
    ['identity', []],
  ] as const)('%s → %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe('GET /healthz', () => {
  it('is ok once the database answers', async () => {
    const response = await t.app.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});

describe('unexpected errors', () => {
  it('answer 500 with the generic message and are logged', async () => {
    const logged: unknown[] = [];
    const broken = { ...t.db, query: () => Promise.reject(new Error('database gone')) };
    const app = createApp({ db: broken, config: t.config, logError: (e) => logged.push(e) });
    const response = await app.request('/healthz');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Sorry, something went wrong' });
    expect(String(logged[0])).toMatch(/database gone/);
  });
});
