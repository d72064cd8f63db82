import { expect, test, type Page } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';

/**
 * Spec §9 "prefetch idle timeout 2000 ms": once the browser is idle, the top bar's pages are fetched before they are
 * asked for (src/app/prefetch-pages.ts, from the server's /tpp/page-chunks.json). A partner who then loses the
 * connection can still open them; before, the click found no code, reloaded, and showed the browser's error page.
 */
const prefetchedLinks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => ({
      href: new URL(link.href).pathname,
      done: performance.getEntriesByName(link.href).length > 0,
    })),
  );

/** Signs the demo partner in and waits for the dashboard; returns the page's uncaught errors, collected from the start. */
async function signInOnDashboard(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('partner@example.com');
  await new DashboardPage(page).expectGreeting('Dan');
  return errors;
}

test("the top bar's pages are fetched while the browser is idle, and open offline", async ({ page, context }) => {
  const errors = await signInOnDashboard(page);

  // one file at a time, each when the browser is idle, up to the last linked page's messages (work, the last link)
  await expect
    .poll(
      async () => {
        const links = await prefetchedLinks(page);
        return (
          links.every((link) => link.done) && links.some((link) => /\/en-work--work-page-[\w-]+\.js$/.test(link.href))
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  // find work's code, styles and English messages, and the other linked pages', each fetched once
  const hrefs = (await prefetchedLinks(page)).map((link) => link.href);
  expect(hrefs).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/\/tpp\/assets\/find-work-page-[\w-]+\.js$/),
      expect.stringMatching(/\/tpp\/assets\/find-work-page-[\w-]+\.css$/),
      expect.stringMatching(/\/tpp\/assets\/en-find-work--find-work-page-[\w-]+\.js$/),
    ]),
  );
  expect(hrefs).toEqual(
    expect.arrayContaining([expect.stringMatching(/\/tpp\/assets\/reservations-page-[\w-]+\.js$/)]),
  );
  expect(new Set(hrefs).size).toBe(hrefs.length);
  // the page in view is not fetched again
  expect(hrefs.some((href) => /dashboard-page/.test(href))).toBe(false);

  await context.setOffline(true);
  await expect(page.getByTestId('banner-offline')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { beforeClick: boolean }).beforeClick = true));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find work' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find work' })).toBeVisible();
  // the same document: no reload
  expect(await page.evaluate(() => (window as unknown as { beforeClick?: boolean }).beforeClick)).toBe(true);
  await context.setOffline(false);
  expect(errors).toEqual([]);
});

test('a page not fetched yet, opened offline, says it opens once back online, and does so by itself', async ({
  page,
  context,
}) => {
  const errors = await signInOnDashboard(page);
  // the account menu's own code loads on first use: opened once online, as a partner would have
  await page.locator('.user-menu-button').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  // payments is in the account menu, not the top bar: nothing of it was prefetched
  await context.setOffline(true);
  await expect(page.getByTestId('banner-offline')).toBeVisible();
  await page.locator('.user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Payments' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'this page opens once you are back online' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByTestId('banner-offline')).toHaveCount(0);
  expect(errors).toEqual([]);
});
