import { readFile } from 'node:fs/promises';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const LOCALE_FILE = /[\\/]locales[\\/][a-z]{2}\.json$/;
const PREFIX = '\0compiled-messages:';

/**
 * Production builds ship the messages of locales/*.json already parsed into ICU ASTs, and alias the
 * parser to formatjs' no-parser entry: about 8 KB gzip less on every first load, and no parsing at run
 * time. Development and tests keep the plain JSON and the parser. A locale file resolves to a virtual
 * module (so Vite's JSON plugin leaves it alone) whose code is the compiled catalogue.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'precompile-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    async resolveId(source, importer) {
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && LOCALE_FILE.test(resolved.id) ? `${PREFIX}${resolved.id}.js` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const messages = JSON.parse(await readFile(id.slice(PREFIX.length, -'.js'.length), 'utf8')) as Record<
        string,
        string
      >;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
