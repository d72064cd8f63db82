import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { formatMoney } from '@/src/format/money';
import { PartnerApi } from './listing-api';
import { DashboardPage } from './pages/dashboard-page';
import { ListingPage } from './pages/listing-page';
import { LoginPage } from './pages/login-page';
import { ORIGIN } from './ports';

const PARTNER = 'partner@example.com';

async function signIn(page: Page, email = PARTNER): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email);
  await new DashboardPage(page).expectGreeting(email === PARTNER ? 'Dan' : 'Priya');
}

let partner: PartnerApi;
test.beforeAll(async () => {
  partner = await PartnerApi.signIn(PARTNER);
});
test.afterAll(async () => {
  await partner.dispose();
});

test('an instant job shows its facts, and books with the keyboard through the confirmation dialogue', async ({
  page,
}) => {
  const job = await partner.anyOpenJob('instant');
  const price = formatMoney(job.price.amount, 'en');
  await signIn(page);
  const listing = new ListingPage(page);
  await listing.open(job.id);

  await expect(listing.heading()).toHaveText(job.title);
  await expect(listing.price()).toHaveText(price);
  await expect(page.getByText(job.pickup.town, { exact: true }).first()).toBeVisible();
  if (job.pickup.short_postcode)
    await expect(page.locator('.job-postcode').first()).toHaveText(job.pickup.short_postcode);
  await expect(page.getByText('Full addresses are shared with the partner who gets the job.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to find work' })).toHaveAttribute('href', '/tpp/find-work');

  // Escape closes the dialogue and gives focus back to Book now; nothing is booked
  await listing.openConfirmationWithKeyboard();
  await expect(listing.dialog().getByRole('heading', { name: `Book this job for ${price}?` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(listing.dialog()).toHaveCount(0);
  await expect(listing.bookNow()).toBeFocused();
  expect((await partner.listing(job.id)).data?.allocation).toBeNull();

  await listing.openConfirmationWithKeyboard();
  await listing.confirmWithKeyboard();
  await expect(listing.bookedNotice()).toContainText('You booked this job');
  await expect(listing.toast(`Job booked for ${price}`)).toBeVisible();
  await expect(listing.bookNow()).toHaveCount(0);
  await expect(listing.bookedNotice()).toBeFocused();

  // the server stored it, and only now sends the full postcodes, which the page shows
  const stored = await partner.listing(job.id);
  expect(stored.data?.allocation).not.toBeNull();
  await expect(listing.bookedNotice()).toContainText(stored.data!.allocation!.pickup_postcode);
  await expect(listing.bookedNotice()).toContainText(stored.data!.allocation!.delivery_postcode);

  // a reload shows the job as booked
  await page.reload();
  await expect(listing.bookedNotice()).toBeVisible();
});

test('an auction keeps a refused quote as typed with the reason beside it, and shows a quote that was sent', async ({
  page,
}) => {
  const job = await partner.anyOpenJob('auction');
  const before = (await partner.listing(job.id)).data!;
  await signIn(page);
  const listing = new ListingPage(page);
  await listing.open(job.id);
  await expect(listing.heading()).toHaveText(job.title);

  const field = listing.quoteField();
  await expect(field).toHaveAccessibleName('Your price (£)');
  for (const [typed, message] of [
    ['', 'Enter your price.'],
    ['0', 'The amount must be more than 0.'],
    ['-15', 'The amount must be more than 0.'],
    ['60000', 'The amount can be at most £50,000.'],
    ['12 quid', 'Enter an amount such as 120.50.'],
  ] as const) {
    await listing.sendQuote(typed);
    await expect(listing.quoteError()).toHaveText(message);
    await expect(field).toHaveValue(typed);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(field).toHaveAccessibleDescription(/Enter an amount such as 120\.50\./);

  await listing.sendQuote('95.50');
  await expect(listing.toast('Your quote of £95.50 has been sent')).toBeVisible();
  await expect(listing.myQuote()).toHaveText('Your quote: £95.50');
  await expect(listing.quoteError()).toHaveCount(0);
  await expect(field).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Change quote' })).toBeVisible();
  const after = (await partner.listing(job.id)).data!;
  expect(after.auction?.my_quote?.amount.amount).toBe(9550);
  await expect(listing.quoteCount()).toHaveText(
    `${after.auction!.quote_count} ${after.auction!.quote_count === 1 ? 'quote' : 'quotes'} so far`,
  );
  expect(after.auction!.quote_count).toBeGreaterThanOrEqual(before.auction!.quote_count);
});

test('a job booked by another partner while the page is open says so at once, without a reload', async ({ page }) => {
  const job = await partner.anyOpenJob('instant');
  await signIn(page);
  const listing = new ListingPage(page);
  // the page listens to the taken listings; wait until the stream is open before the other partner books
  const stream = page.waitForResponse((r) => r.url().endsWith('/v1/jobs/events') && r.status() === 200);
  await listing.open(job.id);
  await expect(listing.bookNow()).toBeVisible();
  await stream;
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  const starter = await PartnerApi.signIn('starter@example.com');
  // the stream's subscription is made as the response starts: give it a moment to say ready
  await page.waitForTimeout(300);
  expect(await starter.book(job.id)).toBe(200);
  await starter.dispose();

  await expect(listing.unavailableNotice()).toContainText('This job has just been taken by another partner');
  await expect(listing.bookNow()).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  // the partner's own view of it is gone too
  expect((await partner.listing(job.id)).status).toBe(404);
});

test("an unknown listing says 'Listing not found'", async ({ page }) => {
  await signIn(page);
  const listing = new ListingPage(page);
  await listing.open(999_999_999);
  await expect(listing.heading()).toHaveText('Listing not found');
  await listing.open('not-a-number');
  await expect(listing.heading()).toHaveText('Listing not found');
  await expect(page.getByRole('link', { name: 'Back to find work' })).toBeVisible();
});

test('the page reads in Spanish, with euro amounts', async ({ page }) => {
  const job = await partner.anyOpenJob('instant');
  await page.context().addCookies([{ name: 'i18n_locale', value: 'es', url: ORIGIN }]);
  const login = new LoginPage(page);
  await page.goto('login');
  await login.signIn(PARTNER);
  await new DashboardPage(page).expectGreeting('Dan', 'es');
  const listing = new ListingPage(page);
  await listing.open(job.id);
  await expect(listing.heading()).toHaveText(job.title);
  await expect(listing.price()).toHaveText(formatMoney(job.price.amount, 'es'));
  await expect(page.getByRole('button', { name: 'Reservar ahora' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver a buscar trabajo' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sobre el trabajo' })).toBeVisible();
  await expect(page.getByText('Franja de recogida (hora del Reino Unido)')).toBeVisible();
  await listing.openConfirmationWithKeyboard();
  await expect(listing.dialog().getByRole('heading', { name: /^¿Reservar este trabajo por .+€\?$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
});

test('the open dialogue and a refused quote have no serious or critical axe violations', async ({ page }) => {
  const serious = async () =>
    (
      await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze()
    ).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  await signIn(page);
  const listing = new ListingPage(page);
  await listing.open((await partner.anyOpenJob('instant')).id);
  await listing.openConfirmationWithKeyboard();
  expect(await serious()).toEqual([]);
  await page.keyboard.press('Escape');
  await listing.open((await partner.anyOpenJob('auction')).id);
  await listing.sendQuote('0');
  await expect(listing.quoteError()).toBeVisible();
  expect(await serious()).toEqual([]);
});
