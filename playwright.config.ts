import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './e2e/chromium-flags';
import { E2E_PORT, SHORT_TTL_PORT } from './e2e/ports';

/**
 * Browser tests against the reference server with an in-memory, freshly seeded database.
 * `playwright install` cannot download browsers on this machine: the tests drive Debian's Chromium
 * (/usr/bin/chromium, installed by .ci/run when missing) through `executablePath`.
 */
const PORT = E2E_PORT;

const server = (port: number, env: Record<string, string>) => ({
  command: 'npx tsx server/main.ts',
  url: `http://localhost:${port}/healthz`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  // The whole suite signs in from one address: rate limits sized for people would throttle it.
  env: {
    PORT: String(port),
    DATA_DIR: 'memory',
    NODE_ENV: 'test',
    FAULT_INJECTION: '1',
    // the mail outbox (GET /dev/outbox), where the sign-up tests read their verification and reset links
    DEV_OUTBOX: '1',
    // a build elsewhere than dist/ (vite build --outDir), so that two test runs on one machine do not share one
    ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
    LOGIN_ATTEMPTS_PER_ADDRESS: '1000',
    TOKEN_CALLS_PER_ADDRESS: '1000',
    // the reservation lifecycle job every 3 s, so an offer with a short expiry is timed out by the server itself
    RESERVATION_JOB_EVERY_S: '3',
    ...env,
  },
});

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Three workers on CI's two cores: with two, a fifth of the CPU idles while pages wait on the server and timers.
  workers: 3,
  // A test that fails and then passes is reported as flaky in the list, not hidden; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}/tpp/`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: '**/*.smoothness.spec.ts' },
    // Timing tests (long tasks while scrolling) run last and alone: beside the other browser tests on a 2-core machine
    // they would measure the neighbours, not the page. `npm run check:smoothness` runs them by themselves; `npm test`
    // does not (README: the host's stolen CPU time makes them fail on a busy day, whatever the page does).
    {
      name: 'smoothness',
      use: { ...devices['Desktop Chrome'] },
      testMatch: '**/*.smoothness.spec.ts',
      dependencies: ['chromium'],
    },
  ],
  webServer: [server(PORT, {}), server(SHORT_TTL_PORT, { TOKEN_TTL_S: '3', SEED_SCALE: 'test' })],
});
