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
    build: { outDir: 'dist', manifest: true, sourcemap: false },
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
