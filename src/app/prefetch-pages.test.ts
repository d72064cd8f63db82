// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { PageChunks } from '@/schemas/page-chunks';
import { mayPrefetch, PREFETCH_IDLE_TIMEOUT_MS, schedulePrefetch, type PrefetchSchedule } from './prefetch-pages';
import { fetchedBy, filesToPrefetch, prefetchFile, prefetchPages, type PrefetchEnvironment } from './prefetch-run';

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

  it('prefetches a file with a low-priority link the module loader can use, done when it has loaded or failed', async () => {
    const loaded = prefetchFile(document, '/tpp/assets/a.js');
    const link = document.head.querySelector('link')!;
    expect([link.rel, link.getAttribute('href'), link.getAttribute('crossorigin'), link.hasAttribute('as')]).toEqual([
      'prefetch',
      '/tpp/assets/a.js',
      '',
      false,
    ]);
    link.dispatchEvent(new Event('load'));
    await loaded;
    const failed = prefetchFile(document, '/tpp/assets/b.js');
    document.head.querySelectorAll('link')[1]!.dispatchEvent(new Event('error'));
    await failed;
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
    /** A browser whose idle moments and prefetch answers the test hands out one by one. */
    const environment = (overrides: Partial<PrefetchSchedule> = {}, page: Partial<PrefetchEnvironment> = {}) => {
      const idle: { run: () => void; timeoutMs: number; cancelled: boolean }[] = [];
      const idleMoments: (() => void)[] = [];
      const answers: (() => void)[] = [];
      let loads = 0;
      const env: PrefetchEnvironment = {
        load: () => (loads++, Promise.resolve(MAP)),
        doc: document,
        idle: () => new Promise((resolve) => idleMoments.push(resolve)),
        prefetch: (doc, href) =>
          new Promise((resolve) => {
            const link = doc.createElement('link');
            link.rel = 'prefetch';
            link.href = href;
            doc.head.append(link);
            answers.push(resolve);
          }),
        ...page,
      };
      const schedule: PrefetchSchedule = {
        run: (paths, locale, cancelled) => prefetchPages(paths, locale, cancelled, env),
        nav: { onLine: true },
        whenIdle: (run, timeoutMs) => {
          const slot = { run, timeoutMs, cancelled: false };
          idle.push(slot);
          return () => (slot.cancelled = true);
        },
        ...overrides,
      };
      const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
      /** The browser is idle once more, then the file asked for arrives. */
      const idleThenAnswer = async () => {
        await flush();
        idleMoments.shift()?.();
        await flush();
        answers.shift()?.();
        await flush();
      };
      return { schedule, idle, loads: () => loads, idleThenAnswer, flush };
    };

    it('waits for the browser to be idle, 2000 ms at most, then prefetches one file at a time, each when idle', async () => {
      const { schedule, idle, loads, idleThenAnswer, flush } = environment();
      schedulePrefetch(['/find-work'], 'en', schedule);
      expect(idle.map((i) => i.timeoutMs)).toEqual([PREFETCH_IDLE_TIMEOUT_MS]);
      expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
      expect(loads()).toBe(0);
      idle[0]!.run();
      await flush();
      expect(loads()).toBe(1);
      expect(prefetched()).toEqual([]);
      await idleThenAnswer();
      expect(prefetched()).toEqual(['/tpp/assets/find-work-page-F1.js']);
      await idleThenAnswer();
      expect(prefetched()).toHaveLength(2);
      await idleThenAnswer();
      await idleThenAnswer();
      await idleThenAnswer();
      expect(prefetched()).toEqual([
        '/tpp/assets/find-work-page-F1.js',
        '/tpp/assets/Tabs-T1.js',
        '/tpp/assets/find-work-page-F1.css',
        '/tpp/assets/en-find-work-M1.js',
      ]);
    });

    it('stops once cancelled (the links changed, or the layout went), even when the map comes later', async () => {
      let answer!: (map: PageChunks) => void;
      const late = environment({}, { load: () => new Promise((resolve) => (answer = resolve)) });
      const cancel = schedulePrefetch(['/work'], 'en', late.schedule);
      late.idle[0]!.run();
      cancel();
      expect(late.idle[0]!.cancelled).toBe(true);
      answer(MAP);
      await late.idleThenAnswer();
      expect(prefetched()).toEqual([]);

      document.head.innerHTML = '';
      const midway = environment();
      const stop = schedulePrefetch(['/find-work'], 'en', midway.schedule);
      midway.idle[0]!.run();
      await midway.idleThenAnswer();
      stop();
      await midway.idleThenAnswer();
      await midway.idleThenAnswer();
      expect(prefetched()).toEqual(['/tpp/assets/find-work-page-F1.js']);
    });

    it('gives up quietly when the map cannot be had, and does not ask for it offline', async () => {
      const failing = environment({ run: () => Promise.reject(new Error('offline')) });
      schedulePrefetch(['/work'], 'en', failing.schedule);
      failing.idle[0]!.run();
      await failing.flush();
      expect(prefetched()).toEqual([]);

      const offline = environment({ nav: { onLine: false } });
      schedulePrefetch(['/work'], 'en', offline.schedule);
      offline.idle[0]!.run();
      await offline.idleThenAnswer();
      expect(offline.loads()).toBe(0);
    });
  });
});
