import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, mayReloadForChunk } from './chunk-reload';

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
});
