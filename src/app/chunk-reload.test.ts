import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, loadPage, mayReloadForChunk } from './chunk-reload';

const memoryStorage = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
};

describe('chunk reload', () => {
  it('recognises the browsers’ chunk load failures and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /tpp/assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads at most once per minute', () => {
    const storage = memoryStorage();
    expect(mayReloadForChunk(1_000_000, storage)).toBe(true);
    expect(mayReloadForChunk(1_000_000 + CHUNK_RELOAD_GUARD_MS - 1, storage)).toBe(false);
    expect(mayReloadForChunk(1_000_000 + CHUNK_RELOAD_GUARD_MS, storage)).toBe(true);
  });

  describe("a page's code that does not arrive", () => {
    const gone = () => new TypeError('Failed to fetch dynamically imported module: /tpp/assets/x.js');
    const settled = async (promise: Promise<unknown>) => {
      let done = false;
      void promise.then(
        () => (done = true),
        () => (done = true),
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
      return done;
    };

    it('offline, waits for the connection instead of reloading, then loads the page', async () => {
      let online = false;
      let backOnline!: () => void;
      let reloads = 0;
      let attempts = 0;
      const page = loadPage(() => (++attempts === 1 ? Promise.reject(gone()) : Promise.resolve('page')), {
        online: () => online,
        whenOnline: () => new Promise<void>((resolve) => (backOnline = resolve)),
        reload: () => (++reloads, true),
      });
      expect(await settled(page)).toBe(false);
      expect(reloads).toBe(0);
      online = true;
      backOnline();
      await expect(page).resolves.toBe('page');
      expect(attempts).toBe(2);
      expect(reloads).toBe(0);
    });

    it('online, reloads the page once a minute, and fails within it', async () => {
      let allowed = true;
      const env = { online: () => true, whenOnline: () => new Promise<void>(() => {}), reload: () => allowed };
      expect(await settled(loadPage(() => Promise.reject(gone()), env))).toBe(false);
      allowed = false;
      await expect(loadPage(() => Promise.reject(gone()), env)).rejects.toThrow('Failed to fetch');
    });

    it('lets any other error through, online or not', async () => {
      const env = { online: () => false, whenOnline: () => Promise.resolve(), reload: () => true };
      await expect(loadPage(() => Promise.reject(new Error('kaput')), env)).rejects.toThrow('kaput');
    });
  });
});
