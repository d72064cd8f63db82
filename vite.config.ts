/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompileMessages } from './scripts/precompile-messages.ts';
import { precompress } from './scripts/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  base: '/tpp/',
  plugins: [react(), precompileMessages(), precompress()],
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
    include: [
      'src/**/*.test.{ts,tsx}',
      'locales/**/*.test.ts',
      'scripts/**/*.test.ts',
      'machines/**/*.test.ts',
      'schemas/**/*.test.ts',
      'model-tests/**/*.test.ts',
      'server/**/*.test.ts',
    ],
    environment: 'node',
    // Node 20 has no Temporal; browsers that lack it get the same polyfill (src/app/temporal-ready.ts).
    setupFiles: ['temporal-polyfill/global'],
    // a seeded database snapshot per run for the server tests (server/testing/test-db.ts)
    globalSetup: ['server/testing/global-setup.ts'],
    testTimeout: 20000,
  },
});
