// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { PageChunks } from '@/schemas/page-chunks';
import { mayPrefetch, PREFETCH_IDLE_TIMEOUT_MS, schedulePrefetch, type PrefetchSchedule } from './prefetch-pages';
import { addPrefetchLinks, fetchedBy, filesToPrefetch, prefetchPages } from './prefetch-run';

const MAP: PageChunks = {
  pages: {
    'find-work/find-work-page': [
      '/tpp/assets/find-work-page-F1.js',
      '/tpp/assets/Tabs-T1.js',
      '/tpp/assets/find-work-page-F1.css',
    ],
    'reservations/reservations-page': ['/tpp/assets/reservations-page-R1.js', '/tpp/assets/Tabs-T1.js'],
    'work/work-page': ['/tpp/assets/work-page-W1.js'],
  },
  messages: {
    en: { 'find-work/find-work-page': ['/tpp/assets/en-find-work-M1.js'] },
    es: { 'find-work/find-work-page': ['/tpp/assets/es-find-work-M2.js'] },
  },
};

const prefetched = () => [...document.head.querySelectorAll('link[rel="prefetch"]')].map((l) => l.getAttribute('href'));

afterEach(() => {
  document.head.innerHTML = '';
});

describe('prefetching the pages behind the top bar', () => {
  it("takes each linked page's chunks, CSS and messages in the locale in use, each file once, none already fetched", () => {
    const files = filesToPrefetch(MAP, ['/find-work', '/reservations', '/nowhere'], 'es', (href) =>
      href.includes('reservations-page'),
    );
    expect(files).toEqual([
      '/tpp/assets/find-work-page-F1.js',
      '/tpp/assets/Tabs-T1.js',
      '/tpp/assets/find-work-page-F1.css',
      '/tpp/assets/es-find-work-M2.js',
    ]);
  });

  it('knows what the document has fetched: its scripts and links, and the requests it has made', () => {
    document.head.innerHTML =
      '<script type="module" src="/tpp/assets/index-E1.js"></script><link rel="modulepreload" href="/tpp/assets/Tabs-T1.js">';
    const fetched = fetchedBy(document, {
      getEntriesByType: () => [{ name: 'http://localhost/tpp/assets/work-page-W1.js' }] as PerformanceEntryList,
    });
    expect(['/tpp/assets/index-E1.js', '/tpp/assets/Tabs-T1.js', '/tpp/assets/work-page-W1.js'].map(fetched)).toEqual([
      true,
      true,
      true,
    ]);
    expect(fetched('/tpp/assets/find-work-page-F1.js')).toBe(false);
  });

  it('adds low-priority prefetch links the module loader can use, as script or style', () => {
    addPrefetchLinks(document, ['/tpp/assets/a.js', '/tpp/assets/a.css']);
    const links = [...document.head.querySelectorAll('link')];
    expect(
      links.map((l) => [l.rel, l.getAttribute('href'), l.getAttribute('as'), l.getAttribute('crossorigin')]),
    ).toEqual([
      ['prefetch', '/tpp/assets/a.js', 'script', ''],
      ['prefetch', '/tpp/assets/a.css', 'style', ''],
    ]);
  });

  it('does not prefetch offline, with Data Saver on, or on a 2G connection', () => {
    expect(mayPrefetch({ onLine: true })).toBe(true);
    expect(mayPrefetch({ onLine: true, connection: { effectiveType: '4g' } })).toBe(true);
    expect(mayPrefetch({ onLine: false })).toBe(false);
    expect(mayPrefetch({ onLine: true, connection: { saveData: true } })).toBe(false);
    expect(mayPrefetch({ onLine: true, connection: { effectiveType: 'slow-2g' } })).toBe(false);
    expect(mayPrefetch({ onLine: true, connection: { effectiveType: '2g' } })).toBe(false);
  });

  describe('when', () => {
    const environment = (overrides: Partial<PrefetchSchedule> = {}) => {
      const idle: { run: () => void; timeoutMs: number; cancelled: boolean }[] = [];
      let loads = 0;
      const schedule: PrefetchSchedule = {
        run: (paths, locale, cancelled) =>
          prefetchPages(paths, locale, cancelled, { load: () => (loads++, Promise.resolve(MAP)), doc: document }),
        nav: { onLine: true },
        whenIdle: (run, timeoutMs) => {
          const slot = { run, timeoutMs, cancelled: false };
          idle.push(slot);
          return () => (slot.cancelled = true);
        },
        ...overrides,
      };
      return { schedule, idle, loads: () => loads };
    };
    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('waits for the browser to be idle, 2000 ms at most, then fetches the map and adds the links', async () => {
      const { schedule, idle, loads } = environment();
      schedulePrefetch(['/work'], 'en', schedule);
      expect(idle.map((i) => i.timeoutMs)).toEqual([PREFETCH_IDLE_TIMEOUT_MS]);
      expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
      expect(loads()).toBe(0);
      expect(prefetched()).toEqual([]);
      idle[0]!.run();
      await flush();
      expect(prefetched()).toEqual(['/tpp/assets/work-page-W1.js']);
    });

    it('adds nothing once cancelled (the links changed, or the layout went), even when the map comes later', async () => {
      let answer!: (map: PageChunks) => void;
      const { schedule, idle } = environment({
        run: (paths, locale, cancelled) =>
          prefetchPages(paths, locale, cancelled, {
            load: () => new Promise((resolve) => (answer = resolve)),
            doc: document,
          }),
      });
      const cancel = schedulePrefetch(['/work'], 'en', schedule);
      idle[0]!.run();
      cancel();
      expect(idle[0]!.cancelled).toBe(true);
      answer(MAP);
      await flush();
      expect(prefetched()).toEqual([]);
    });

    it('gives up quietly when the map cannot be had, and does not ask for it offline', async () => {
      const failing = environment({ run: () => Promise.reject(new Error('offline')) });
      schedulePrefetch(['/work'], 'en', failing.schedule);
      failing.idle[0]!.run();
      await flush();
      expect(prefetched()).toEqual([]);

      const offline = environment({ nav: { onLine: false } });
      schedulePrefetch(['/work'], 'en', offline.schedule);
      offline.idle[0]!.run();
      await flush();
      expect(offline.loads()).toBe(0);
    });
  });
});
