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

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
