import { expect, test } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';

test('switching to Español shows Spanish text and euro amounts, and the choice survives a reload', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('partner@example.com');
  const dashboard = new DashboardPage(page);
  await dashboard.expectGreeting('Dan');
  await expect(dashboard.card('manage-work').getByTestId('earned-this-week')).toContainText('£');

  await dashboard.chooseMenuItem('Español');
  await dashboard.expectGreeting('Dan', 'es');
  await expect(page.getByRole('heading', { name: 'Gestionar trabajos' })).toBeVisible();
  await expect(dashboard.card('manage-work').getByTestId('earned-this-week')).toContainText('€');
  await expect(dashboard.card('manage-work').getByTestId('earned-this-week')).not.toContainText('£');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

  await page.reload();
  await dashboard.expectGreeting('Dan', 'es');
});

test('a Spanish browser gets the Spanish sign-in page', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  await page.goto('login');
  await expect(page.getByRole('heading', { name: 'Inicia sesión en tu cuenta de socio' })).toBeVisible();
  await context.close();
});

test('an address with /es/ opens the page in Spanish, drops the prefix and keeps the choice', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('partner@example.com');
  await new DashboardPage(page).expectGreeting('Dan');
  await page.goto('es/find-work?from=mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Buscar trabajo' })).toBeVisible();
  await expect(page).toHaveURL(/\/tpp\/find-work\?from=mail$/);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'i18n_locale')?.value).toBe('es');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Buscar trabajo' })).toBeVisible();
});

test('an unknown URL shows the 404 text', async ({ page }) => {
  await page.goto('this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
});

test.describe('dashboard banners from the seeded partners', () => {
  test('a partner with documents in order sees no banner', async ({ page }) => {
    await new LoginPage(page).open();
    await new LoginPage(page).signIn('partner@example.com');
    const dashboard = new DashboardPage(page);
    await dashboard.expectGreeting('Dan');
    await expect(dashboard.card('find-work')).toBeVisible();
    await expect(page.locator('.notice-banner')).toHaveCount(0);
  });

  test('a partner with missing, expired and expiring documents sees each banner', async ({ page }) => {
    await new LoginPage(page).open();
    await new LoginPage(page).signIn('expiring@example.com');
    const dashboard = new DashboardPage(page);
    await expect(dashboard.banner('missing')).toContainText('Proof of identity');
    await expect(dashboard.banner('expired')).toContainText('Goods-in-transit insurance expired on');
    await expect(dashboard.banner('expiring')).toContainText('Vehicle insurance expires on');
    await expect(dashboard.banner('unverified')).toHaveCount(0);
  });

  test('an unverified partner is asked to verify the e-mail address', async ({ page }) => {
    await new LoginPage(page).open();
    await new LoginPage(page).signIn('unverified@example.com');
    const dashboard = new DashboardPage(page);
    await expect(dashboard.banner('unverified')).toContainText('unverified@example.com');
    await expect(dashboard.banner('missing')).toBeVisible();
  });

  test('a partner who is not journey-ready is told reservations need the team', async ({ page }) => {
    await new LoginPage(page).open();
    await new LoginPage(page).signIn('starter@example.com');
    const dashboard = new DashboardPage(page);
    await expect(dashboard.card('reservations')).toContainText('You are not yet eligible for reservations');
  });
});

test('the offline banner appears while the browser is offline and goes when it is back', async ({ page, context }) => {
  await new LoginPage(page).open();
  await new LoginPage(page).signIn('partner@example.com');
  const dashboard = new DashboardPage(page);
  await dashboard.expectGreeting('Dan');
  await expect(page.getByTestId('banner-offline')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByTestId('banner-offline')).toContainText('You are offline');
  await context.setOffline(false);
  await expect(page.getByTestId('banner-offline')).toHaveCount(0);
  await dashboard.expectGreeting('Dan');
});

/**
 * A page's messages come in a part of their own (scripts/message-parts.ts). When that part does not download, the
 * page says so inside the layout and offers a retry, which shows the page once the network is back.
 */
test('a page whose messages did not download says so, and shows once they do', async ({ page }) => {
  await page.goto('login');
  await new LoginPage(page).signIn('partner@example.com');
  await new DashboardPage(page).expectGreeting('Dan');
  // the reservations page's English messages fail, as on a dropped connection
  const part = /\/assets\/en-reservations--reservations-page-[^/]+\.js$/;
  await page.route(part, (route) => route.abort('internetdisconnected'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reservations' }).click();
  await expect(page.getByRole('alert')).toHaveText('This page could not load. Please check your connection.');
  // the layout stays: the partner can still go elsewhere
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.unroute(part);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reservations' })).toBeVisible();
});
