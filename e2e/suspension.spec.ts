import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { WorkPage } from './pages/work-page';
import { markCompletionFalse, WorkApi } from './work-api';

/**
 * A completion found false (issue 7, spec §4 and §9): the admin's seed tool sends the job back to its partner and
 * suspends the account for 7 days, and from then on the partner sees the suspension banner on every page and can
 * complete nothing. The partner is completion@example.com, seeded for this test alone (server/seed/test-accounts.ts):
 * suspending the demo partner would stop every other completion test.
 */
const PARTNER = 'completion@example.com';
const DAY_MS = 86_400_000;

test('a completion found false suspends the partner for 7 days: the banner on every page, no Complete', async ({
  page,
  request,
}) => {
  const api = new WorkApi(request, PARTNER);
  const realised = await api.job('completed', (j) => j.job_status === 'realised', 'job the partner completed today');
  const underWay = await api.job('active', (j) => j.job_status === 'in_realisation', 'job under way');
  expect(underWay.can.complete).toBe(true);

  await page.goto('login');
  await new LoginPage(page).signIn(PARTNER);
  await page.waitForURL(/\/tpp\/$/);
  await expect(page.getByTestId('suspension-banner')).toHaveCount(0);
  const work = new WorkPage(page);
  await work.open();
  await expect(
    (await work.card(underWay.listing_id)).getByRole('button', { name: 'Complete', exact: true }),
  ).toBeVisible();

  const before = Date.now();
  const until = await markCompletionFalse(request, realised.listing_id);
  const suspendedFor = Date.parse(until) - before;
  expect(suspendedFor).toBeGreaterThan(7 * DAY_MS - 60_000);
  expect(suspendedFor).toBeLessThan(7 * DAY_MS + 60_000);
  // the day in London, in the portal's date format (spec §9 'do MMMM yyyy': "28th November 2026")
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).formatToParts(new Date(until));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const untilDay = new RegExp(`${part('day')}(st|nd|rd|th) ${part('month')} ${part('year')}`);

  // Won work: the banner says until when; the job found false is active again, and nothing can be completed
  await page.reload();
  const banner = page.getByTestId('suspension-banner');
  await expect(banner).toContainText('Your account is suspended');
  await expect(banner).toContainText(untilDay);
  await work.open();
  for (const listingId of [realised.listing_id, underWay.listing_id]) {
    const card = await work.card(listingId);
    await expect(card.getByRole('button', { name: 'Complete', exact: true })).toHaveCount(0);
  }
  const again = await api.job('active', (j) => j.listing_id === realised.listing_id, 'job found false');
  expect(again.job_status).toBe('allocated');
  expect(again.can.complete).toBe(false);

  // every signed-in page says it, not just won work
  for (const address of ['', 'reservations', 'find-work']) {
    await page.goto(address);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.getByTestId('suspension-banner')).toContainText(untilDay);
  }
});
