import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Plugin } from 'vite';

/**
 * index.html's plain start-up script (`public/intl-warm.js`) under a hashed name in the build: it is a parser-blocking
 * script (index.html says why), so a browser must never wait on the network for it. Built, index.html names
 * `assets/intl-warm-<hash>.js`, which the server caches for a year like every hashed file; the dev server keeps serving
 * the file of public/.
 */
export function hashedStartScript(file: string): Plugin {
  let ref = '';
  return {
    name: 'tpp:hashed-start-script',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      ref = this.emitFile({ type: 'asset', name: basename(file), source: readFileSync(file) });
    },
    generateBundle(options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      html.source = withScript(String(html.source), basename(file), this.getFileName(ref));
    },
  };
}

/** index.html naming `hashed` (a path under the base) where it named `name` at the base; throws when it did not. */
export function withScript(html: string, name: string, hashed: string): string {
  const pattern = new RegExp(`(<script\\b[^>]*\\ssrc=")([^"]*/)${name.replace(/\./g, '\\.')}(")`);
  const match = pattern.exec(html);
  if (!match) throw new Error(`index.html does not load ${name}`);
  return html.replace(pattern, `$1$2${hashed}$3`);
}
