import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { JourneyApi } from './journey-api';
import { LoginPage } from './pages/login-page';
import { MyJourneysPage, type MyJourneysTab } from './pages/my-journeys-page';
import { JourneyPage } from './pages/journey-page';
import { readAsPartner } from './partner-api';

/**
 * The partner's journeys (/journey: claimed, interest expressed, completed) against the seeded server, as the demo
 * partner: the tabs with their counts and the statuses in words, a journey opened from its row, and nobody else's
 * journeys. Read only but for one claim made by another partner.
 */
const DEMO = 'partner@example.com';
const OTHER = 'second@example.com';

/** What the tests read of GET /v1/my-journeys (schemas/my-journeys.ts). */
interface MyJourneysAnswer {
  readonly data: ReadonlyArray<{
    readonly id: number;
    readonly status_code: string;
    readonly route: { readonly start_town: string; readonly end_town: string };
  }>;
  readonly meta: { readonly counts: Record<MyJourneysTab, number> };
}

/** The words of each status code, as the English portal writes them (locales/en.json journeyStatus.*). */
const WORDS: Readonly<Record<string, string>> = {
  IP_PENDING: 'Interest pending',
  IP_ACTIVE: 'Open',
  IP_EXPIRED: 'Expired',
  IP_ALLOCATED: 'Allocated to you',
  IP_CANCELLED: 'Cancelled',
  IP_COMPLETED_WITH_REFUND: 'Completed, refunded',
  IP_COMPLETED_WITH_ISSUE: 'Completed, issue reported',
  IP_COMPLETED_UNPAID: 'Completed, payment due',
  IP_COMPLETED_PAID: 'Completed, paid',
  IP_COMPLETED_PAYMENT_FAILED: 'Completed, payment failed',
};

const listOf = (request: APIRequestContext, email: string, tab: MyJourneysTab) =>
  readAsPartner<MyJourneysAnswer>(request, email, `v1/my-journeys?tab=${tab}`);

async function signIn(page: Page, email = DEMO): Promise<void> {
  await page.goto('login');
  await new LoginPage(page).signIn(email);
  await page.waitForURL(/\/tpp\/$/);
}

test('the demo partner sees its claimed, interest and completed journeys with their statuses, and opens one', async ({
  page,
  request,
}) => {
  await signIn(page);
  const journeys = new MyJourneysPage(page);
  await journeys.open();
  await expect(journeys.heading()).toHaveText('My journeys');
  await expect(journeys.tab('Claimed')).toHaveAttribute('aria-selected', 'true');

  for (const tab of ['claimed', 'interest', 'completed'] as const) {
    // other tests claim and express interest as this partner too: the page agrees with the server once both settle
    await expect(async () => {
      const answer = await listOf(request, DEMO, tab);
      await journeys.open(tab);
      await expect(journeys.count(tab)).toHaveText(String(answer.meta.counts[tab]));
      expect(await journeys.ids()).toEqual(answer.data.map((r) => r.id));
      expect(await journeys.statuses()).toEqual(answer.data.map((r) => WORDS[r.status_code]));
    }).toPass({ timeout: 20_000 });
  }

  // the seed's journeys in each status, in the partner's words and never as codes
  await journeys.selectTab('Claimed');
  expect(await journeys.statuses()).toEqual(expect.arrayContaining(['Allocated to you', 'Cancelled']));
  await journeys.selectTab('Interest expressed');
  expect(await journeys.statuses()).toEqual(expect.arrayContaining(['Interest pending', 'Expired', 'Cancelled']));
  await journeys.selectTab('Completed');
  expect(await journeys.statuses()).toEqual(
    expect.arrayContaining([
      'Completed, refunded',
      'Completed, issue reported',
      'Completed, payment due',
      'Completed, paid',
      'Completed, payment failed',
    ]),
  );
  await expect(journeys.list()).not.toContainText(/IP_/);
  // the tab is in the address
  await expect(page).toHaveURL(/\/tpp\/journey\?tab=completed$/);

  // a journey opens from its row
  const [first] = (await listOf(request, DEMO, 'completed')).data;
  await journeys.openJourney(first!.id);
  const journey = new JourneyPage(page);
  await expect(journey.heading()).toHaveText(`${first!.route.start_town} to ${first!.route.end_town}`);
  // its status beside the title, in words, and the way back to the list
  await expect(page.getByTestId('journey-status')).toHaveText(WORDS[first!.status_code]!);
  await page.getByRole('link', { name: 'Back to my journeys' }).click();
  await expect(page).toHaveURL(/\/tpp\/journey$/);
  await expect(journeys.heading()).toHaveText('My journeys');
});

test('another partner’s journey never appears, on any tab', async ({ page, request }) => {
  const other = await JourneyApi.signIn(OTHER);
  try {
    const { id } = await other.anyOpenJourney('click_and_claim');
    // open to all before the claim: its page says so, and leads back to find work
    await signIn(page);
    const journey = new JourneyPage(page);
    await journey.open(id);
    await expect(page.getByTestId('journey-status')).toHaveText('Open');
    await expect(page.getByRole('link', { name: 'Back to find work' })).toBeVisible();

    expect(await other.claim(id)).toBe(200);
    // it is the other partner's now: on its own list
    expect((await listOf(request, OTHER, 'claimed')).data.map((r) => r.id)).toContain(id);

    const journeys = new MyJourneysPage(page);
    await journeys.open();
    for (const tab of ['Claimed', 'Interest expressed', 'Completed']) {
      await journeys.selectTab(tab);
      expect(await journeys.ids()).not.toContain(id);
      await expect(journeys.row(id)).toHaveCount(0);
    }
    // and its page is no longer this partner's to read
    await journey.open(id);
    await expect(journey.heading()).toHaveText('The journey does not exist or its not allocated to you.');
  } finally {
    await other.dispose();
  }
});

test('reads in Spanish and fits a phone', async ({ browser }, testInfo) => {
  for (const [locale, viewport] of [
    ['en-GB', { width: 1440, height: 900 }],
    ['en-GB', { width: 390, height: 844 }],
    ['es-ES', { width: 1440, height: 900 }],
    ['es-ES', { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ locale, viewport });
    const page = await context.newPage();
    try {
      await signIn(page);
      const journeys = new MyJourneysPage(page);
      await journeys.open('completed');
      const spanish = locale === 'es-ES';
      await expect(journeys.heading()).toHaveText(spanish ? 'Mis rutas' : 'My journeys');
      await expect(journeys.tab(spanish ? 'Completadas' : 'Completed')).toHaveAttribute('aria-selected', 'true');
      await expect(journeys.rows().first()).toBeVisible();
      if (spanish) {
        expect(await journeys.statuses()).toEqual(expect.arrayContaining(['Completada, pagada']));
        // euros for Spanish (spec §1)
        await expect(journeys.rows().first().getByTestId('my-journey-pay')).toContainText('€');
      }
      // nothing wider than the screen
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({
        path: testInfo.outputPath(`my-journeys-${locale}-${viewport.width}.png`),
        fullPage: true,
      });
    } finally {
      await context.close();
    }
  }
});
