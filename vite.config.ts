/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkModules } from './scripts/chunk-modules.ts';
import { menuContextSplit } from './scripts/menu-context-split.ts';
import { messageParts } from './scripts/message-parts.ts';
import { precompress } from './scripts/precompress.ts';
import { hashedStartScript } from './scripts/start-script.ts';
import { machineDescriptions } from './scripts/strip-machine-descriptions.ts';
import { PORTAL_LOCALES } from './src/format/locale-codes.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

const TEST_DIRS = ['src', 'locales', 'scripts', 'machines', 'schemas', 'model-tests', 'server'];
const TEST_FILES = TEST_DIRS.map((dir) => `${dir}/**/*.test.${dir === 'src' ? '{ts,tsx}' : 'ts'}`);

/**
 * The test files that replace a module or a global, or that say they need their own modules (a line beginning
 * `// Runs isolated:` with the reason): they run in a module registry of their own. Read only when Vitest loads the
 * config (mode `test`), not for every build or dev server start.
 */
const isolatedFiles = () =>
  TEST_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
      .map((file) => `${dir}/${file}`)
      .filter((file) =>
        /\bvi\.(mock|doMock|spyOn|stubGlobal)\(|^\/\/ Runs isolated:/m.test(readFileSync(join(root, file), 'utf8')),
      ),
  );

export default defineConfig(({ mode }) => {
  const isolated = mode === 'test' ? isolatedFiles() : [];
  return {
    base: '/tpp/',
    plugins: [
      machineDescriptions(),
      react(),
      // React Aria ships its own few strings ("Dismiss", "Clear search") in 34 languages; keep the portal's two.
      // The app hands React Aria the portal's locale (src/app/app.tsx), never the browser's, so none is missed.
      optimizeLocales.vite({ locales: [...PORTAL_LOCALES] }),
      menuContextSplit(),
      messageParts(root),
      chunkModules(),
      hashedStartScript(join(root, 'public/intl-warm.js')),
      precompress(),
    ],
    resolve: { alias: { '@': root } },
    build: {
      outDir: 'dist',
      manifest: true,
      sourcemap: false,
      rolldownOptions: {
        output: {
          // Every first load takes the shell (React, Effect's Schema, XState, react-intl, the shell's schemas and API
          // errors) and most take a few small shared parts (places, the listing basics, the lazy dialogue and part
          // loaders, the failure texts). Left to itself the bundler cut them into a dozen chunks of a few hundred bytes
          // each, and each chunk compresses on its own: two chunks (the libraries, and the portal's shared parts with
          // what they import) made every first load 1 to 5 KB lighter (scripts/check-budgets.ts: find work 150.4 →
          // 147.2 KB, a journey 149.9 → 147.1). The libraries stay apart from the portal's code: all in one chunk,
          // find work's blocking time on Lighthouse's slowed phone rose from about 235 to 360 ms (score 91 against 96).
          // A module named here runs when the shell loads rather than with its first page: all of them only define
          // things.
          codeSplitting: {
            groups: [
              // the libraries every page runs keep a chunk of their own, compiled apart from the portal's code
              {
                name: 'vendor',
                test: /node_modules[\\/](react|react-dom|scheduler|effect|xstate|@xstate|react-intl|@formatjs|intl-messageformat|wouter|ky)[\\/]/,
                priority: 10,
              },
              {
                name: 'shell-shared',
                test: /(schemas[\\/](decode|common|work-eligibility|document-type|place|postcode|listing-basics)\.ts|src[\\/]api[\\/]errors\.ts|src[\\/]format[\\/]failure-text\.ts|src[\\/]app[\\/](lazy-dialog|work-notice)\.tsx|src[\\/]components[\\/](near-viewport|fallback-boundary)\.tsx)$/,
              },
            ],
          },
        },
      },
    },
    server: {
      // In development the API runs beside Vite (npm run dev:server); proxy everything that is not the portal.
      proxy: {
        '^/(v1|oauth|login|logout|ts|ng|journey|calendar|ajax-.*)(/|$)': {
          target: 'http://localhost:8080',
          changeOrigin: false,
        },
      },
    },
    test: {
      environment: 'node',
      // Node 20 has no Temporal; browsers that lack it get the same polyfill (src/app/temporal-ready.ts).
      setupFiles: ['temporal-polyfill/global', 'server/testing/close-databases.ts'],
      // a seeded database snapshot per run for the server tests (server/testing/test-db.ts)
      globalSetup: ['server/testing/global-setup.ts'],
      testTimeout: 20000,
      // Test files share their worker's modules: importing React, XState, Effect and the server afresh for each of some
      // 150 files cost more than a third of the suite's time on two cores. Files that replace modules or globals
      // (vi.mock, vi.spyOn, vi.stubGlobal) need their own, so they run isolated, found by what they contain.
      projects: [
        { extends: true, test: { name: 'shared', include: TEST_FILES, exclude: isolated, isolate: false } },
        { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
      ],
    },
  };
});
