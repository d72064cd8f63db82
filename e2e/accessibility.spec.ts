import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ROUTE_TABLE as ROUTES } from '@/src/app/route-table';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage, signInByCookie } from './pages/login-page';
import { addressOf } from './route-addresses';
import { ORIGIN } from './ports';

/** axe over every route of the app's own route table, signed in where the route needs it, in both languages. */
const LANGUAGES = ['en', 'es'] as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function useLanguage(page: Page, language: (typeof LANGUAGES)[number]) {
  await page.context().addCookies([{ name: 'i18n_locale', value: language, url: ORIGIN }]);
}

/**
 * Each route in both languages in one test: one sign-in, then the page in English and again in Spanish (the language
 * cookie and a fresh load), so the sweep costs one sign-in per route rather than one per language.
 */
for (const route of ROUTES) {
  test(`${route.path} has no serious or critical axe violations, in English and Spanish`, async ({ page }) => {
    // two page loads and two axe runs: up to 30 s on a busy 2-core machine for the largest pages
    test.setTimeout(60_000);
    // and every text it shows is in the messages it loaded (scripts/message-parts.ts splits them by page)
    const intlErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && m.text().startsWith('[intl]') && intlErrors.push(m.text()));
    if (route.access === 'auth') await signInByCookie(page, 'expiring@example.com', ORIGIN);
    const address = (await addressOf(route, 'expiring@example.com')).replace(/^\//, '');
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      await page.goto(address);
      await expect(page.locator('main h1').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await seriousViolations(page), language).toEqual([]);
    }
    expect(intlErrors).toEqual([]);
  });
}

for (const language of LANGUAGES) {
  test.describe(`accessibility in ${language}`, () => {
    test('the 404 page has no serious or critical axe violations', async ({ page }) => {
      await useLanguage(page, language);
      await page.goto('no/such/page');
      await expect(page.locator('main h1')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the open user menu has no serious or critical axe violations', async ({ page }) => {
      await useLanguage(page, language);
      await page.goto('login');
      await new LoginPage(page).signIn('partner@example.com');
      await expect(page.locator('.summary-card').first()).toBeVisible();
      await new DashboardPage(page).openUserMenu();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test('the user menu works with the keyboard alone and gives focus back when closed', async ({ page }) => {
  await page.goto('login');
  await page.getByLabel('E-mail').focus();
  await page.keyboard.type('partner@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('demo1234');
  await page.keyboard.press('Enter');
  await new DashboardPage(page).expectGreeting('Dan');

  const button = page.locator('.user-menu-button');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  // the first item, the first of the account pages, has focus
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.locator('.user-menu-button')).toBeFocused();

  // the language, from the last item (sign out) one up
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitemradio', { name: 'Español' })).toBeFocused();
  await page.keyboard.press('Enter');
  await new DashboardPage(page).expectGreeting('Dan', 'es');

  // an account page, by keyboard: the menu's first item opens the profile
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Perfil' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('login');
  await new LoginPage(page).signIn('partner@example.com');
  await new DashboardPage(page).expectGreeting('Dan');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});
