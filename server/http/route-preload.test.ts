import { describe, expect, it } from 'vitest';
import {
  languagesOf,
  pageChunksOf,
  planPreloads,
  preloadLinks,
  preloadTarget,
  routeOf,
  withPreloads,
  type BuildManifest,
  type PreloadRequest,
} from './route-preload';

/**
 * A build manifest in Vite's shape: the entry, two pages sharing a chunk, message parts (scripts/message-parts.ts) and
 * the layout's watch.
 */
const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_react-R1.js', '_Schema-S1.js'] },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_Schema-S1.js': { file: 'assets/Schema-S1.js' },
  '_Button-B1.js': { file: 'assets/Button-B1.js', imports: ['_react-R1.js'] },
  'src/pages/find-work/find-work-page.tsx': {
    file: 'assets/find-work-page-F1.js',
    imports: ['index.html', '_Button-B1.js', '_Schema-S1.js'],
    css: ['assets/find-work-page-F1.css'],
  },
  'src/pages/reservations/reservations-page.tsx': {
    file: 'assets/reservations-page-R2.js',
    imports: ['index.html', '_Button-B1.js'],
  },
  'src/pages/login/login-page.tsx': { file: 'assets/login-page-L1.js', imports: ['index.html'] },
  'messages/en-shell.js': { file: 'assets/en-shell-M1.js' },
  'messages/es-shell.js': { file: 'assets/es-shell-M2.js' },
  'messages/es-find-work--find-work-page.js': { file: 'assets/es-find-work--find-work-page-M3.js' },
  'messages/en-login--login-page.js': { file: 'assets/en-login--login-page-M4.js' },
  'src/app/layouts/new-work-watch.tsx': { file: 'assets/new-work-watch-W1.js', imports: ['index.html'] },
};

const request = (overrides: Partial<PreloadRequest>): PreloadRequest => ({
  path: '/find-work',
  cookieHeader: undefined,
  acceptLanguage: undefined,
  hostname: 'localhost',
  signedIn: true,
  ...overrides,
});

describe('the route an address names', () => {
  it('matches fixed paths, parameters and optional parameters, with or without a trailing slash', () => {
    expect(routeOf('/')?.page).toBe('dashboard/dashboard-page');
    expect(routeOf('')?.page).toBe('dashboard/dashboard-page');
    expect(routeOf('/find-work')?.page).toBe('find-work/find-work-page');
    expect(routeOf('/find-work/')?.page).toBe('find-work/find-work-page');
    expect(routeOf('/find-work/listing/12')?.page).toBe('find-work/listing-page');
    expect(routeOf('/find-work/alerts')?.page).toBe('find-work/alerts-page');
    expect(routeOf('/work/listing')?.page).toBe('work/work-page');
    expect(routeOf('/work/listing/5')?.page).toBe('work/work-page');
    // spec §2 /journey/{id?}: the partner's journeys without an id, one journey's page with one
    expect(routeOf('/journey')?.page).toBe('journey/my-journeys-page');
    expect(routeOf('/journey/')?.page).toBe('journey/my-journeys-page');
    expect(routeOf('/journey/1001')?.page).toBe('journey/journey-page');
  });

  it('matches nothing for an unknown address or one with a segment too many', () => {
    expect(routeOf('/nowhere')).toBeUndefined();
    expect(routeOf('/find-work/listing')).toBeUndefined();
    expect(routeOf('/find-work/listing/12/more')).toBeUndefined();
  });
});

describe('Accept-Language as the browser language list', () => {
  it('orders by quality, keeps the header order among equals and drops q=0 and *', () => {
    expect(languagesOf('en-GB;q=0.5, es-ES, fr;q=0, *;q=0.1, es;q=0.9')).toEqual(['es-ES', 'es', 'en-GB']);
    expect(languagesOf(undefined)).toEqual([]);
    expect(languagesOf('')).toEqual([]);
  });
});

describe('what a request preloads', () => {
  const plan = planPreloads(MANIFEST, '/tpp/');

  it("lists a page's own chunks and CSS, not what the entry already loads", () => {
    expect(plan.pages.get('find-work/find-work-page')).toEqual({
      js: ['/tpp/assets/find-work-page-F1.js', '/tpp/assets/Button-B1.js'],
      css: ['/tpp/assets/find-work-page-F1.css'],
    });
    expect(plan.messages.get('es')).toEqual(
      new Map([
        ['shell', ['/tpp/assets/es-shell-M2.js']],
        ['find-work/find-work-page', ['/tpp/assets/es-find-work--find-work-page-M3.js']],
      ]),
    );
    expect(plan.providerLayout).toEqual(['/tpp/assets/new-work-watch-W1.js']);
  });

  it("maps each page to its chunks and CSS, and each locale to the pages' message files, for the portal's prefetch", () => {
    expect(pageChunksOf(plan)).toEqual({
      pages: {
        'find-work/find-work-page': [
          '/tpp/assets/find-work-page-F1.js',
          '/tpp/assets/Button-B1.js',
          '/tpp/assets/find-work-page-F1.css',
        ],
        'reservations/reservations-page': ['/tpp/assets/reservations-page-R2.js', '/tpp/assets/Button-B1.js'],
        'login/login-page': ['/tpp/assets/login-page-L1.js'],
      },
      // the shell's messages are loaded before any page shows: not prefetched
      messages: {
        en: { 'login/login-page': ['/tpp/assets/en-login--login-page-M4.js'] },
        es: { 'find-work/find-work-page': ['/tpp/assets/es-find-work--find-work-page-M3.js'] },
      },
    });
  });

  it("preloads the signed-in page, its layout, and the shell's and the page's messages in the locale the portal will pick", () => {
    const links = preloadLinks(plan, preloadTarget(request({ acceptLanguage: 'es-ES,es;q=0.9' })));
    expect(links.split('\n').map((l) => l.trim())).toEqual([
      '<link rel="modulepreload" crossorigin href="/tpp/assets/es-shell-M2.js">',
      '<link rel="modulepreload" crossorigin href="/tpp/assets/es-find-work--find-work-page-M3.js">',
      '<link rel="modulepreload" crossorigin href="/tpp/assets/find-work-page-F1.js">',
      '<link rel="modulepreload" crossorigin href="/tpp/assets/Button-B1.js">',
      '<link rel="modulepreload" crossorigin href="/tpp/assets/new-work-watch-W1.js">',
      '<link rel="preload" as="style" crossorigin href="/tpp/assets/find-work-page-F1.css">',
    ]);
  });

  it('follows the locale cookie before the browser languages, as the locale machine does', () => {
    const target = preloadTarget(request({ cookieHeader: 'a=1; i18n_locale=en', acceptLanguage: 'es' }));
    expect(target.locale).toBe('en');
    expect(preloadTarget(request({ acceptLanguage: 'de-DE' })).locale).toBe('en');
  });

  it('preloads the page of an address with a language in it, in that language, whatever was stored', () => {
    const target = preloadTarget(
      request({ path: '/es/find-work', cookieHeader: 'i18n_locale=en', acceptLanguage: 'en' }),
    );
    expect(target).toEqual({ ...preloadTarget(request({ acceptLanguage: 'es' })), locale: 'es' });
    expect(target.page).not.toBeNull();
  });

  it('preloads the sign-in page instead of a signed-in page when the request has no session', () => {
    expect(preloadTarget(request({ signedIn: false }))).toEqual({
      page: 'login/login-page',
      layout: 'default',
      locale: 'en',
    });
    const links = preloadLinks(plan, preloadTarget(request({ signedIn: false })));
    expect(links).toContain('login-page-L1.js');
    expect(links).toContain('en-login--login-page-M4.js');
    expect(links).not.toContain('find-work-page');
    expect(links).not.toContain('new-work-watch');
  });

  it("preloads only the shell's messages for an unknown address (the not-found page is in the entry)", () => {
    expect(preloadLinks(plan, preloadTarget(request({ path: '/nowhere' })))).toBe(
      '<link rel="modulepreload" crossorigin href="/tpp/assets/en-shell-M1.js">',
    );
  });

  it('adds the links at the end of the head, and leaves the page alone without any', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    expect(withPreloads(html, '<link rel="modulepreload" href="/a.js">')).toBe(
      '<html><head><title>x</title>  <link rel="modulepreload" href="/a.js">\n  </head><body></body></html>',
    );
    expect(withPreloads(html, '')).toBe(html);
  });
});
