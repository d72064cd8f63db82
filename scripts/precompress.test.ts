import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

const dir = mkdtempSync(join(tmpdir(), 'tpp-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the precompress build step', () => {
  it('writes Brotli and gzip variants that decode to the file, for text files worth it only', async () => {
    const script = 'export const rows = ['.concat('"a row of the feed",'.repeat(400), '];');
    writeFileSync(join(dir, 'page.js'), script);
    writeFileSync(join(dir, 'tiny.css'), 'body{margin:0}');
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 7));
    const bundle = Object.fromEntries(['page.js', 'tiny.css', 'logo.png'].map((name) => [name, {}]));

    const plugin = precompress();
    const writeBundle = plugin.writeBundle as (options: { dir: string }, bundle: object) => Promise<void>;
    await writeBundle({ dir }, bundle);

    const br = readFileSync(join(dir, 'page.js.br'));
    const gz = readFileSync(join(dir, 'page.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(gz.length);
    expect(existsSync(join(dir, 'tiny.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'logo.png.br'))).toBe(false);
  });
});
