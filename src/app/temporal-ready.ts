/**
 * Dates use the global `Temporal`. Browsers that ship it (Chromium 144+, Firefox 139+) load nothing more;
 * the others fetch temporal-polyfill (about 20 KB gzip) before the app renders. This keeps the polyfill
 * out of the first load wherever it is not needed.
 */
export const temporalReady: Promise<unknown> =
  'Temporal' in globalThis ? Promise.resolve() : import('temporal-polyfill/global');
