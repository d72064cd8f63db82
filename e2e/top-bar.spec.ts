import { expect, test } from '@playwright/test';
import { signInByCookie } from './pages/login-page';

/**
 * On a laptop or desktop screen every section of the main navigation shows whole: none is cut off behind the
 * counters or the account button (at 1,100 px "My jobs" once showed as "My j"). Below the width that holds them all
 * on one row, the sections move to a row of their own. Checked in English and in the longer Spanish, for a partner
 * and for an admin (one more section).
 */
for (const email of ['partner@example.com', 'admin@example.com']) {
  test(`every section of the top bar shows whole from 1,024 to 1,920 px wide (${email})`, async ({ page, baseURL }) => {
    await signInByCookie(page, email, new URL(baseURL!).origin);
    for (const language of ['en', 'es'] as const) {
      await page.context().addCookies([{ name: 'i18n_locale', value: language, url: new URL(baseURL!).origin }]);
      await page.goto('');
      const nav = page.getByRole('navigation', { name: /Main|Principal/ });
      await expect(nav.getByRole('link').first()).toBeVisible();
      for (const width of [1024, 1100, 1279, 1280, 1366, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        const cut = await nav.evaluate((navigation) => {
          const box = navigation.getBoundingClientRect();
          return [...navigation.querySelectorAll('a')]
            .filter((link) => {
              const r = link.getBoundingClientRect();
              return r.left < box.left - 0.5 || r.right > box.right + 0.5;
            })
            .map((link) => link.textContent);
        });
        expect(cut, `${language} at ${width} px`).toEqual([]);
        // and the account button stays on screen
        const account = await page.getByRole('button', { name: /Account menu|Menú de cuenta|cuenta/ }).boundingBox();
        expect(account!.x + account!.width, `${language} at ${width} px`).toBeLessThanOrEqual(width);
      }
    }
  });
}

/**
 * React Aria's own strings (here the account menu's hidden "Dismiss" button, for screen readers) follow the portal's
 * language, not the browser's: this browser says English, the partner chose Spanish. The build keeps React Aria's
 * English and Spanish strings only (vite.config.ts), so one taken from the browser's language could be missing.
 */
test("React Aria's hidden strings speak the portal's language", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await signInByCookie(page, 'partner@example.com', origin);
  await page.context().addCookies([{ name: 'i18n_locale', value: 'es', url: origin }]);
  await page.goto('');
  expect(await page.evaluate(() => navigator.language)).toMatch(/^en/);
  await page.locator('.user-menu-button').click();
  await expect(page.getByRole('menu')).toBeVisible();
  // React Aria puts one before the menu and one after it
  await expect(page.getByRole('button', { name: 'Descartar' })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
});
