import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@/server/app';
import { REPO_ROOT } from '@/server/config';
import { listRoutes } from '@/server/http/route-table';
import { createSeededApp, jsonPost, SETUP_TIMEOUT_MS, signIn, type SeededApp, XHR } from '@/server/testing/seeded-app';

const EXPECTED_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='; worker-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const expectSecurityHeaders = (response: Response, { https }: { https: boolean }) => {
  const h = response.headers;
  expect(h.get('content-security-policy')).toBe(EXPECTED_CSP);
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(h.get('x-frame-options')).toBe('DENY');
  expect(h.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(h.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(h.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
  expect(h.get('strict-transport-security')).toBe(https ? 'max-age=31536000; includeSubDomains' : null);
};

let t: SeededApp;
let dist: string;
let token: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tpp-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Partner portal</title>');
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  t = await createSeededApp({ distDir: dist });
  ({ token } = await signIn(t.app, 'partner@example.com'));
}, SETUP_TIMEOUT_MS);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** A request per endpoint that reaches its handler: the headers must be there on successes, not only on errors. */
const requestFor = (method: string, path: string): [string, RequestInit] => {
  const concrete = path.replace('*', 'assets/index-abc.js');
  if (method === 'GET') return [concrete, { headers: { authorization: `Bearer ${token}` } }];
  if (path === '/login') return [concrete, jsonPost({ email: 'starter@example.com', password: 'demo1234' })];
  return [concrete, jsonPost({}, { authorization: `Bearer ${token}` })];
};

describe('security headers', () => {
  it('are on the answer of every endpoint of the route table, over http without HSTS', async () => {
    const routes = listRoutes(t.app);
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const { method, path } of routes) {
      const [url, init] = requestFor(method, path);
      const response = await t.app.request(url, { ...init, method });
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      expectSecurityHeaders(response, { https: false });
    }
  });

  it('are on error answers too: 401, 403, 404, 413, 415, 422, 429 and 500', async () => {
    const answers = [
      await t.app.request('/v1/user-info'),
      await t.app.request('/login', jsonPost({}, { origin: 'https://evil.example' })),
      await t.app.request('/no-such-page'),
      await t.app.request('/login', { ...jsonPost({}), body: 'x'.repeat(t.config.maxBodyBytes + 1) }),
      await t.app.request('/login', { ...jsonPost({}), headers: { ...XHR, 'content-type': 'text/plain' } }),
      await t.app.request('/login', jsonPost({ email: 1 })),
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 403, 404, 413, 415, 422]);
    for (const response of answers) expectSecurityHeaders(response, { https: false });

    const throttled = createApp({
      db: t.db,
      config: { ...t.config, rateLimits: { ...t.config.rateLimits, tokenCallsPerAddress: { limit: 1, windowS: 60 } } },
    });
    await throttled.request('/oauth/token', jsonPost({}));
    const tooMany = await throttled.request('/oauth/token', jsonPost({}));
    expect(tooMany.status).toBe(429);
    expectSecurityHeaders(tooMany, { https: false });

    const broken = createApp({
      db: { ...t.db, query: () => Promise.reject(new Error('database gone')) },
      config: t.config,
      logError: () => undefined,
    });
    const failed = await broken.request('/healthz');
    expect(failed.status).toBe(500);
    expectSecurityHeaders(failed, { https: false });
  });

  it('add HSTS over https, directly or behind a proxy that says so', async () => {
    const direct = await t.app.request('https://portal.example/healthz');
    expectSecurityHeaders(direct, { https: true });
    const proxied = await t.app.request('/healthz', { headers: { 'x-forwarded-proto': 'https' } });
    expectSecurityHeaders(proxied, { https: true });
    const portal = await t.app.request('https://portal.example/tpp/');
    expect(portal.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectSecurityHeaders(portal, { https: true });
    const plain = await t.app.request('/healthz', { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('keep the answer itself intact (status, body, the handler’s own headers)', async () => {
    const response = await t.app.request('/tpp/assets/index-abc.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log(1)');
  });
});

/**
 * The CSP has no 'unsafe-inline': it holds only while the portal's HTML has no inline script or style. The Vite input
 * is checked always; the build output too when `npm run build` has run (the browser suite runs against it).
 */
describe('the portal HTML needs no inline script or style', () => {
  const inlineCode = (html: string) => ({
    inlineScripts: [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
      .filter(([, attrs, body]) => !/\bsrc=/.test(attrs ?? '') || (body ?? '').trim() !== '')
      .map(([tag]) => tag),
    styleElements: [...html.matchAll(/<style\b/gi)].length,
    styleAttributes: [...html.matchAll(/\sstyle=/gi)].length,
    eventHandlers: [...html.matchAll(/\son[a-z]+=/gi)].length,
    javascriptUrls: [...html.matchAll(/javascript:/gi)].length,
  });
  const clean = { inlineScripts: [], styleElements: 0, styleAttributes: 0, eventHandlers: 0, javascriptUrls: 0 };

  it('finds inline code when there is some (the check can fail)', () => {
    expect(inlineCode('<script>alert(1)</script><style>a{}</style><b style="x" onclick="y">')).toEqual({
      inlineScripts: ['<script>alert(1)</script>'],
      styleElements: 1,
      styleAttributes: 1,
      eventHandlers: 1,
      javascriptUrls: 0,
    });
  });

  it('index.html (the Vite input)', () => {
    expect(inlineCode(readFileSync(join(REPO_ROOT, 'index.html'), 'utf8'))).toEqual(clean);
  });
  // The built index.html that the server serves is checked by e2e/content-security.spec.ts, after the build.
});
