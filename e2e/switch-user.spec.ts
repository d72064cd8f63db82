import { expect, test } from '@playwright/test';
import type { ImpersonatedActionsResponse } from '@/schemas/admin';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import { readAsPartner } from './partner-api';

/**
 * Switch user (spec §6, issue 8): the admin picks a partner and acts as them, the banner warns of it on every page
 * and survives a reload, what is done is recorded by the server as done by the admin, and "Back to my account"
 * returns to the admin. Acts as the starter partner (Priya Shah) and only reads, so no other test's data changes.
 */
test('an admin acts as a partner, sees the banner on every page, and goes back', async ({ page, request }) => {
  await page.goto('login');
  await new LoginPage(page).signIn('admin@example.com');
  const dashboard = new DashboardPage(page);
  await dashboard.expectGreeting('Alex');
  await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);

  await dashboard.chooseMenuItem('Switch user');
  await expect(page.getByRole('heading', { level: 1, name: 'Switch user' })).toBeVisible();
  await page.getByLabel('Partner name or e-mail').fill('shah');
  const row = page.getByTestId('switch-user-partner').filter({ hasText: 'starter@example.com' });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('switch-user-partner')).toHaveCount(1);
  await row.getByRole('button', { name: 'Act as Priya Shah' }).click();

  // the partner's dashboard, with the banner
  await page.waitForURL(/\/tpp\/$/);
  await dashboard.expectGreeting('Priya');
  const banner = page.getByTestId('impersonation-banner');
  await expect(banner).toContainText('You are acting as Priya Shah');
  await expect(banner).toContainText('starter@example.com');

  // on every page, and after a reload (the server session acts as the partner until cleared)
  await page.goto('find-work');
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(banner).toBeVisible();
  await page.reload();
  await expect(banner).toBeVisible();
  // the admin's tools are not the partner's
  await dashboard.openUserMenu();
  await expect(page.getByRole('menuitem', { name: 'Switch user' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Back to my account' })).toBeVisible();
  await page.keyboard.press('Escape');

  // the server recorded what was done as the partner, as the admin's
  const admin = await readAsPartner<{ id: number }>(request, 'admin@example.com', 'v1/user-info');
  const starter = await readAsPartner<{ id: number }>(request, 'starter@example.com', 'v1/user-info');
  const log = await readAsPartner<ImpersonatedActionsResponse>(
    request,
    'admin@example.com',
    `v1/admin/impersonated-actions?user_id=${starter.id}`,
  );
  expect(log.data.length).toBeGreaterThan(0);
  expect(log.data.every((a) => a.impersonator_id === admin.id && a.user_id === starter.id)).toBe(true);
  expect(log.data.map((a) => a.path)).toContain('/v1/user-info');

  // back to the admin
  await banner.getByRole('button', { name: 'Back to my account' }).click();
  await dashboard.expectGreeting('Alex');
  await expect(banner).toHaveCount(0);
  await page.reload();
  await dashboard.expectGreeting('Alex');
  await expect(banner).toHaveCount(0);
});

test('a partner has no switch user: not in the menu, and the page is not found', async ({ page }) => {
  await page.goto('login');
  await new LoginPage(page).signIn('partner@example.com');
  const dashboard = new DashboardPage(page);
  await dashboard.expectGreeting('Dan');
  await dashboard.openUserMenu();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Switch user' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('switch-user');
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
});
