import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import { ORIGIN } from './ports';

/**
 * Each test fails its own browser context's requests through the server's fault injection (the
 * `tpp_fault` cookie, honoured only with FAULT_INJECTION=1: see server/http/fault-injection.ts), checks
 * the page shows its error and keeps what the partner typed, then lifts the fault and recovers.
 */

const injectFault = (context: BrowserContext, value: string) =>
  context.addCookies([{ name: 'tpp_fault', value, url: ORIGIN }]);
const liftFault = (context: BrowserContext) => context.clearCookies({ name: 'tpp_fault' });

function watchUncaughtErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

for (const fault of ['500', 'garbage', 'close'] as const) {
  test(`sign-in answered with ${fault}: a clear message, the e-mail kept, and it works once the fault is gone`, async ({
    page,
    context,
  }) => {
    const errors = watchUncaughtErrors(page);
    const login = new LoginPage(page);
    await login.open();
    await injectFault(context, `${fault}@/login`);
    await login.signIn('partner@example.com');
    await expect(login.alert()).toHaveText(
      fault === 'close'
        ? 'We could not reach the server. Check your connection and try again.'
        : 'Sorry, something went wrong. Please try again.',
    );
    await expect(page.locator('input[name=email]')).toHaveValue('partner@example.com');
    expect(await login.storedToken()).toBeNull();

    await liftFault(context);
    await page.locator('form button[type=submit]').click();
    await new DashboardPage(page).expectGreeting('Dan');
    expect(errors).toEqual([]);
  });

  test(`dashboard figures answered with ${fault}: an error with a retry that recovers`, async ({ page, context }) => {
    const errors = watchUncaughtErrors(page);
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('partner@example.com');
    const dashboard = new DashboardPage(page);
    await dashboard.expectGreeting('Dan');

    await injectFault(context, `${fault}@/v1/dashboard`);
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('We could not load your dashboard.', { timeout: 20_000 });
    await liftFault(context);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(dashboard.card('manage-work')).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('a dashboard answer slower than the client timeout ends in the error, then recovers', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const errors = watchUncaughtErrors(page);
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('partner@example.com');
  await new DashboardPage(page).expectGreeting('Dan');
  await injectFault(context, 'delay@/v1/dashboard');
  await page.reload();
  // three tries of 15 s with backoff between: a read is retried before the partner is told
  await expect(page.getByRole('alert')).toContainText('We could not load your dashboard.', { timeout: 70_000 });
  await liftFault(context);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(new DashboardPage(page).card('manage-work')).toBeVisible();
  expect(errors).toEqual([]);
});
