import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { JourneyApi } from './journey-api';
import { FindWorkPage } from './pages/find-work-page';
import { JourneyPage } from './pages/journey-page';
import { LoginPage } from './pages/login-page';
import { CreateReservationPage } from './pages/reservations-page';
import { ORIGIN } from './ports';
import { londonDateIn } from './reservation-api';

/**
 * Issue 3, fault tolerance: the three flows where a partner invests the most typing — the find-work search, the
 * reservation wizard and a journey claim — under each fault the server can inject (server/http/fault-injection.ts,
 * the `tpp_fault` cookie, so only this test's browser context is failed). Each time the page shows its error toast,
 * keeps everything the partner chose, recovers when the same action is tried again, and logs no uncaught error.
 *
 * `delay` answers after the portal's 15 s client timeout. All three calls are POSTs, which the client never retries
 * silently (src/api/client.ts), so the partner hears of it after one timeout.
 */
const FAULTS = ['500', 'garbage', 'close', 'delay'] as const;
type Fault = (typeof FAULTS)[number];

const PARTNER = 'partner@example.com';
const injectFault = (context: BrowserContext, value: string) =>
  context.addCookies([{ name: 'tpp_fault', value, url: ORIGIN }]);
const liftFault = (context: BrowserContext) => context.clearCookies({ name: 'tpp_fault' });

/** How long the page may take to give up: one 15 s client timeout for `delay`, at once otherwise. */
const patience = (fault: Fault) => (fault === 'delay' ? 30_000 : 15_000);

function watchUncaughtErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function signIn(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(PARTNER);
  await page.waitForURL(/\/tpp\/$/);
}

/** What the toast says for each fault, in the portal's words (src/format/failure-text.ts). */
const WORDS: Readonly<Record<Fault, string>> = {
  '500': 'something went wrong on our side',
  garbage: 'an answer we could not read',
  close: 'could not reach the server',
  delay: 'took too long to answer',
};

const toast = (page: Page, text: string | RegExp) => page.locator('.toast').filter({ hasText: text });

/** Closes every toast, as a partner does before trying again (a toast may lie over the page's own button). */
async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await close.count()) > 0) await close.first().click();
}

for (const [index, fault] of FAULTS.entries()) {
  test(`find work's search answered with ${fault}: the error toast, the search kept, and searching again works`, async ({
    page,
    context,
  }) => {
    test.setTimeout(fault === 'delay' ? 90_000 : 60_000);
    const errors = watchUncaughtErrors(page);
    await signIn(page);
    const findWork = new FindWorkPage(page);
    await findWork.open();
    // the opening search (around the registered address) is answered before the fault is switched on
    await expect(findWork.total()).toBeVisible();
    await findWork.choosePickup('Leeds');
    await findWork.chooseRadius(20);
    await findWork.chooseCategories(['House move', 'Piano']);

    await injectFault(context, `${fault}@/v1/jobs`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const failed = toast(page, 'The search failed').first();
    await expect(failed).toBeVisible({ timeout: patience(fault) });
    await expect(failed).toContainText(WORDS[fault]);

    // everything the partner chose is still there
    await expect(page.locator('input[name="pickup-place"]')).toHaveValue(/^Leeds/);
    await expect(page.locator('select[name="pickup-radius"]')).toHaveValue('20');
    await expect(page.getByRole('checkbox', { name: 'House move', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Piano', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Freight', exact: true })).not.toBeChecked();

    await liftFault(context);
    await dismissToasts(page);
    const answer = await findWork.search();
    expect(answer.data.length).toBeGreaterThan(0);
    for (const row of answer.data) expect(['house_move', 'piano']).toContain(row.category);
    await expect(findWork.cards().first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test(`the reservation wizard's review answered with ${fault}: the error toast, the request kept, and the review works next time`, async ({
    page,
    context,
  }) => {
    test.setTimeout(fault === 'delay' ? 90_000 : 60_000);
    const errors = watchUncaughtErrors(page);
    // a day of its own per fault, far from the days the reservation tests book
    const day = londonDateIn(18 + index);
    await signIn(page);
    const wizard = new CreateReservationPage(page);
    await wizard.open();
    await wizard.chooseVehicle('CA17 DPU');
    await expect(page.getByText('Found: Manchester')).toBeVisible();
    await wizard.toggleDay(day);
    await wizard.choose('people', '2 people');
    await wizard.field('capacity').fill('12');

    await injectFault(context, `${fault}@/v1/reservations`);
    await wizard.next().click();
    const refused = toast(page, 'Unable to create this reservation').first();
    await expect(refused).toBeVisible({ timeout: patience(fault) });
    // in the partner's words: never the decoder's or the browser's own text
    await expect(refused).toContainText(
      fault === 'close' || fault === 'delay' ? 'could not reach the server' : 'unexpected error happened',
    );
    await expect(wizard.step()).toHaveText('Your request');
    await expect(wizard.day(day)).toHaveAttribute('data-selected', 'true');
    await expect(page.locator('.resv-choice:has(input[name="people"]) label.resv-radio[data-selected]')).toHaveText(
      '2 people',
    );
    await expect(wizard.field('capacity')).toHaveValue('12');

    await liftFault(context);
    await dismissToasts(page);
    await wizard.next().click();
    await expect(wizard.step()).toHaveText('Review prices');
    await expect(wizard.reviewDay(day).getByTestId('review-price')).toHaveText(/^£\d+(\.\d\d)? – £\d+/);
    expect(errors).toEqual([]);
  });

  test(`a journey claim answered with ${fault}: the error toast, the choices kept, and claiming again gets the journey`, async ({
    page,
    context,
  }) => {
    test.setTimeout(fault === 'delay' ? 90_000 : 60_000);
    const errors = watchUncaughtErrors(page);
    const api = await JourneyApi.signIn(PARTNER);
    try {
      const row = await api.anyOpenJourney('click_and_claim');
      const vehicle = (await api.vehicles(row.id)).filter((v) => v.eligible).at(-1)!;
      const driver = (await api.drivers()).find((d) => d.active)!;
      await signIn(page);
      const journey = new JourneyPage(page);
      await journey.open(row.id);
      await journey.expectPanel('offered');
      await journey.chooseVehicle(vehicle.registration_number);
      await journey.chooseDriver(driver.full_name);

      await injectFault(context, `${fault}@/journey/api/v1/journey/${row.id}/register-driver`);
      await journey.claimButton().click();
      const refused = toast(page, 'Unable to claim this journey').first();
      await expect(refused).toBeVisible({ timeout: patience(fault) });
      await expect(refused).toContainText(WORDS[fault]);
      await journey.expectPanel('offered');
      await expect(
        journey.panel().locator('.journey-choice', { hasText: vehicle.registration_number }),
      ).toHaveAttribute('data-selected', 'true');
      await expect(journey.chosenDriver()).toHaveText(driver.full_name);

      await liftFault(context);
      await journey.claimButton().click();
      await expect(journey.toast('Journey claimed: it is yours')).toBeVisible();
      await journey.expectPanel('allocated');
      // one allocation, to this partner, with this driver — however many attempts reached the server
      const stored = (await api.journey(row.id)).data!;
      expect(stored.allocationDetails?.status).toBe('ALLOCATED');
      expect(stored.driver?.id).toBe(driver.id);
      expect(errors).toEqual([]);
    } finally {
      await api.dispose();
    }
  });
}
