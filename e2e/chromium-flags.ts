import { existsSync } from 'node:fs';

/**
 * Flags for Debian's Chromium on this machine: no sandbox (root), no GPU, and nothing that tries to reach
 * the internet (the machine has no network but the package registries). Used by Playwright and Lighthouse.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's full Chromium (`chromium`): Lighthouse measures what a partner's browser does. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser tests' Chromium: Debian's `chromium-headless-shell` when installed (.ci/run installs it) — the same
 * engine without the browser's own interface, the build Playwright itself runs headless; on CI's two cores the suite
 * takes about a quarter less time in it — else the full one.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);
