import { expect, test, type Page } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';

/**
 * Dialogues that load their code when they first open (src/app/lazy-dialog.tsx), here the documents upload. When the
 * code cannot be fetched the page stays as it was, with a danger toast, and the next opening fetches it again. Before,
 * the failure took the whole page down to "This part of the page could not be shown", and React.lazy kept the failure
 * until the page was reloaded.
 */
const UPLOAD_CHUNK = /\/assets\/upload-dialog-[\w-]+\.js$/;

async function openDocuments(page: Page, errors: string[]): Promise<void> {
  page.on('pageerror', (e) => errors.push(e.message));
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('partner@example.com');
  await new DashboardPage(page).expectGreeting('Dan');
  await page.goto('documents');
  await expect(page.locator('main h1')).toHaveText('Documents');
}

const toast = (page: Page, text: string) => page.locator('.toast-danger').filter({ hasText: text });

test('offline, the upload dialogue says it needs the connection, leaves the page as it was, and opens once back online', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  await openDocuments(page, errors);
  await context.setOffline(true);
  await expect(page.getByTestId('banner-offline')).toBeVisible();
  await page.getByTestId('upload-open').click();
  await expect(toast(page, 'You are offline: this opens once you are back online.')).toBeVisible();
  await expect(page.getByTestId('upload-dialog')).toHaveCount(0);
  await expect(page.locator('main h1')).toHaveText('Documents');
  await expect(page.getByTestId('upload-open')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('banner-offline')).toHaveCount(0);
  await page.getByTestId('upload-open').click();
  await expect(page.getByTestId('upload-dialog')).toBeVisible();
  expect(errors).toEqual([]);
});

test('online, a dialogue whose code is gone reloads the page once (spec §8), then says so and opens when it can', async ({
  page,
}) => {
  const errors: string[] = [];
  await openDocuments(page, errors);
  await page.route(UPLOAD_CHUNK, (route) => route.abort('connectionrefused'));
  // a new deploy removed the chunk: the page reloads, as it does for a page's own chunk
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('upload-open').click();
  await reloaded;
  await expect(page.locator('main h1')).toHaveText('Documents');
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();

  // within the minute it does not reload again: the toast, and the page as it was
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  await page.getByTestId('upload-open').click();
  await expect(toast(page, 'This could not open. Please try again.')).toBeVisible();
  await expect(page.getByTestId('upload-dialog')).toHaveCount(0);
  await expect(page.locator('main h1')).toHaveText('Documents');
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBe(true);

  // the chunk is back: the next opening fetches it
  await page.unroute(UPLOAD_CHUNK);
  await page.getByTestId('upload-open').click();
  await expect(page.getByTestId('upload-dialog')).toBeVisible();
  expect(errors).toEqual([]);
});
