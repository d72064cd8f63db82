import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './chromium-flags';
import { JourneyApi } from './journey-api';
import { FindWorkPage, isJobsPage, type JobsAnswer } from './pages/find-work-page';
import { JourneyPage } from './pages/journey-page';
import { LoginPage } from './pages/login-page';
import { ORIGIN } from './ports';

// The route map draws with WebGL, which Chromium gives headless through SwiftShader unless the GPU is switched off.
test.use({
  launchOptions: {
    executablePath: TEST_CHROMIUM_PATH,
    args: CHROMIUM_FLAGS.filter((flag) => flag !== '--disable-gpu'),
  },
});

const PARTNER = 'partner@example.com';

async function signIn(page: Page, email = PARTNER): Promise<void> {
  await page.goto('login');
  await new LoginPage(page).signIn(email);
  await page.waitForURL(/\/tpp\/$/);
}

/** A second person at another browser, signed in as `email`. */
async function secondSession(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: `${ORIGIN}/tpp/`, locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function seriousViolations(page: Page) {
  return (
    await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze()
  ).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

let partner: JourneyApi;
test.beforeAll(async () => {
  partner = await JourneyApi.signIn(PARTNER);
});
test.afterAll(async () => {
  await partner.dispose();
});

test('express interest makes it pending with a cancel option counted down; cancelling offers it again', async ({
  page,
}) => {
  // more than 48 hours ahead: the interest stays cancellable for a day or more
  const row = await partner.anyOpenJourney('express_interest', 72);
  const vehicle = (await partner.vehicles(row.id)).find((v) => v.eligible)!;
  // the page's own clock, to move it on later (the server's stays where it is)
  await page.clock.install();
  await signIn(page);
  const journey = new JourneyPage(page);
  await journey.open(row.id);
  const stored = (await partner.journey(row.id)).data!;
  await expect(journey.heading()).toHaveText(`${stored.journey.start_town} to ${stored.journey.end_town}`);
  await journey.expectPanel('offered');
  // the schedule lists every stop in order, with its type
  await expect(journey.schedule().locator('li')).toHaveCount(stored.journey.nodes.length);
  await expect(journey.schedule().locator('li').first()).toContainText('Start');
  await expect(journey.schedule().locator('li').last()).toContainText('End');
  // customer details are not sent before allocation, and the page shows none
  await expect(journey.customers()).toHaveCount(0);

  // a price the portal cannot read is refused beside the field, and nothing is sent
  await journey.typePrice('12 quid');
  await journey.expressInterestButton().click();
  await expect(journey.panel().getByText('Enter an amount such as 120.50.')).toBeVisible();
  expect(await partner.interest(row.id)).toBeNull();

  await journey.typePrice('');
  await journey.chooseVehicle(vehicle.registration_number);
  await journey.chooseOption('Two people');
  await journey.expressInterestButton().click();
  await expect(journey.toast('Interest expressed')).toBeVisible();
  await journey.expectPanel('pending');
  await expect(journey.cancelInterestButton()).toBeVisible();
  await expect(journey.countdown()).toContainText(/You can change or cancel it for \d+ days?/);
  const interest = await partner.interest(row.id);
  expect(interest).not.toBeNull();
  // the countdown ticks (on this device's clock plus the server's offset): three hours on, three hours less
  const before = (await journey.countdown().textContent()) ?? '';
  await page.clock.fastForward('03:00:00');
  await expect(journey.countdown()).not.toHaveText(before);
  await expect(journey.countdown()).toContainText(/until \d+\w\w \w+ \d{4}, \d\d:\d\d/);

  await journey.cancelInterestButton().click();
  await expect(journey.toast('Interest cancelled')).toBeVisible();
  await journey.expectPanel('offered');
  await expect(journey.expressInterestButton()).toHaveText('Express interest');
  expect(await partner.interest(row.id)).toBeNull();
});

test('editing a pending interest changes its price and people: the pending panel and the server have the new ones', async ({
  page,
}) => {
  const row = await partner.anyOpenJourney('express_interest', 72);
  const vehicle = (await partner.vehicles(row.id)).find((v) => v.eligible)!;
  await signIn(page);
  const journey = new JourneyPage(page);
  await journey.open(row.id);
  await journey.expectPanel('offered');
  await journey.chooseVehicle(vehicle.registration_number);
  await journey.typePrice('150');
  await journey.expressInterestButton().click();
  await expect(journey.toast('Interest expressed')).toBeVisible();
  await journey.expectPanel('pending');
  const expressed = (await partner.interest(row.id))!;
  expect([expressed.tp_quote.amount, expressed.provider_vehicle_id]).toEqual([15_000, vehicle.id]);
  const interest = page.getByTestId('journey-interest');
  await expect(interest).toContainText(vehicle.registration_number);
  await expect(interest).toContainText('£150');

  // the form opens on the interest as it stands; closing it changes nothing
  const edit = page.getByRole('button', { name: 'Edit interest' });
  await edit.click();
  await expect(journey.panel().getByLabel('Your price (optional)')).toHaveValue('150');
  await expect(journey.panel().locator('.journey-choice', { hasText: vehicle.registration_number })).toHaveAttribute(
    'data-selected',
    'true',
  );
  await journey.typePrice('999');
  await page.getByRole('button', { name: 'Keep it as it was' }).click();
  await expect(interest).toContainText('£150');

  await edit.click();
  await journey.typePrice('162.50');
  await journey.chooseOption('Two people');
  await page.getByRole('button', { name: 'Send changes' }).click();
  await expect(journey.toast('Interest updated')).toBeVisible();
  await journey.expectPanel('pending');
  await expect(interest).toContainText('£162.50');
  await expect(interest).toContainText('Two people');
  await expect(page.getByTestId('journey-price')).toHaveText('£162.50');
  // the server changed the same interest: it keeps its place (when it was expressed)
  expect(await partner.interest(row.id)).toMatchObject({
    id: expressed.id,
    tp_quote: { amount: 16_250 },
    selected_number_of_men_option: 2,
    expressed_at: expressed.expressed_at,
  });

  // an interest cancelled elsewhere while the form is open can no longer be changed: the server says so, and the page
  // reads the journey again, open for interest
  await edit.click();
  expect(await partner.cancelInterest(row.id)).toBe(200);
  await journey.typePrice('170');
  await page.getByRole('button', { name: 'Send changes' }).click();
  await expect(journey.toast('Unable to change your interest')).toBeVisible();
  await expect(journey.toast('You have no pending interest in this journey.')).toBeVisible();
  await journey.expectPanel('offered');
  expect(await partner.interest(row.id)).toBeNull();
});

test('click and claim with a vehicle and a driver allocates the journey and shows the customers', async ({ page }) => {
  const row = await partner.anyOpenJourney('click_and_claim');
  const vehicle = (await partner.vehicles(row.id)).filter((v) => v.eligible).at(-1)!;
  const driver = (await partner.drivers()).find((d) => d.active)!;
  await signIn(page);
  const journey = new JourneyPage(page);
  await journey.open(row.id);
  await journey.expectPanel('offered');

  // without a driver the claim is refused beside the field (spec §5 'Please select a driver')
  await journey.chooseVehicle(vehicle.registration_number);
  await journey.claimButton().click();
  await expect(journey.panel().getByText('Please select a driver')).toBeVisible();
  expect((await partner.journey(row.id)).data?.allocationDetails?.status).toBe('UNALLOCATED');

  await journey.chooseDriver(driver.full_name);
  // a double click claims once (the Idempotency-Key of the attempt, and the button waits for its answer)
  let claims = 0;
  page.on('request', (r) => {
    if (r.url().includes('/register-driver/')) claims += 1;
  });
  await journey.claimButton().dblclick();
  await expect(journey.toast('Journey claimed: it is yours')).toBeVisible();
  await journey.expectPanel('allocated');
  expect(claims).toBe(1);

  const stored = (await partner.journey(row.id)).data!;
  expect(stored.allocationDetails?.status).toBe('ALLOCATED');
  expect(stored.driver?.id).toBe(driver.id);
  // the customers' names and phones arrive only now, and are shown
  const customers = stored.journey.listings.filter((l) => l.customer !== null);
  expect(customers.length).toBeGreaterThan(0);
  for (const listing of customers) await expect(journey.customers()).toContainText(listing.customer!.name);
  await expect(page.getByTestId('journey-current-driver')).toContainText(driver.full_name);
  await expect(page.getByTestId('journey-tracking')).toBeVisible();

  // another driver is assigned (unconfirmed), then confirmed as the one who will actually drive
  const another = (await partner.drivers()).filter((d) => d.active && d.id !== driver.id)[0]!;
  await journey.chooseDriver(another.full_name);
  await page.getByRole('button', { name: 'Assign driver' }).click();
  await expect(journey.toast('Driver assigned')).toBeVisible();
  await expect(page.getByTestId('journey-current-driver')).toContainText(`${another.full_name} Not confirmed yet`);
  await page.getByRole('button', { name: 'Confirm driver' }).click();
  await expect(journey.toast('Driver confirmed')).toBeVisible();
  await expect(page.getByTestId('journey-current-driver')).toContainText(`${another.full_name} Confirmed`);
  const after = (await partner.journey(row.id)).data!;
  expect([after.driver?.id, after.driver?.confirmed]).toEqual([another.id, true]);
});

test('of two partners claiming the same journey at once, one gets it and the other is told', async ({
  page,
  browser,
}) => {
  const row = await partner.anyOpenJourney('click_and_claim');
  const other = await JourneyApi.signIn('second@example.com');
  // the seed gives the second partner a van that fits every click-and-claim load: without one there is no race to test
  const otherVehicle = (await other.vehicles(row.id)).find((v) => v.eligible);
  expect(otherVehicle, 'the second partner has a van for this load').toBeTruthy();
  await other.dispose();
  const myVehicle = (await partner.vehicles(row.id)).filter((v) => v.eligible).at(-1)!;
  const myDriver = (await partner.drivers()).find((d) => d.active)!;

  await signIn(page);
  const mine = new JourneyPage(page);
  await mine.open(row.id);
  await mine.chooseVehicle(myVehicle.registration_number);
  await mine.chooseDriver(myDriver.full_name);

  const otherPage = await secondSession(browser, 'second@example.com');
  const theirs = new JourneyPage(otherPage);
  await theirs.open(row.id);
  await theirs.chooseVehicle(otherVehicle!.registration_number);
  // their only driver is chosen for them
  await expect(theirs.chosenDriver()).toHaveText('James Anderson');

  await Promise.all([mine.claimButton().click(), theirs.claimButton().click()]);
  const outcomes = await Promise.all(
    [mine, theirs].map(async (p) => {
      await expect(p.panel()).toHaveAttribute('data-panel', /^(allocated|taken)$/);
      return p.panel().getAttribute('data-panel');
    }),
  );
  expect([...outcomes].sort()).toEqual(['allocated', 'taken']);
  const loser = outcomes[0] === 'taken' ? mine : theirs;
  await expect(loser.toast('Unable to claim this journey')).toBeVisible();
  await expect(loser.toast('Sorry, this journey has already been allocated to another partner.')).toBeVisible();
  await expect(loser.panel()).toContainText('This journey has just been allocated to another partner');
  await otherPage.context().close();
});

test('handing a journey back shows the charge first and needs a reason', async ({ page }) => {
  const row = await partner.anyOpenJourney('click_and_claim', 72);
  expect(await partner.claim(row.id)).toBe(200);
  await signIn(page);
  const journey = new JourneyPage(page);
  await journey.open(row.id);
  await journey.expectPanel('allocated');
  // the bands, with the one of now marked: more than 48 hours ahead, £3
  await expect(page.getByTestId('journey-charge-bands').locator('li')).toHaveCount(3);
  await expect(page.getByTestId('journey-charge-bands').locator('li.is-current')).toContainText('£3');

  await journey.handBackButton().click();
  await expect(journey.dialog()).toBeVisible();
  await expect(journey.handBackCharge()).toContainText('Handing it back now costs £3.');
  await journey.confirmHandBack().click();
  await expect(journey.dialog().getByText('Deallocation reason is required')).toBeVisible();
  expect((await partner.journey(row.id)).data?.allocationDetails?.status).toBe('ALLOCATED');

  await journey.chooseReason('Vehicle issues');
  await expect(journey.dialog().getByText('Deallocation reason is required')).toHaveCount(0);
  await journey.confirmHandBack().click();
  await expect(journey.toast('Journey handed back. Charge: £3')).toBeVisible();
  await expect(page.getByTestId('journey-handed-back')).toContainText('Charge: £3');
  await journey.expectPanel('offered');
  expect((await partner.journey(row.id)).data?.allocationDetails?.status).toBe('UNALLOCATED');
});

test('a partner not ready for journeys sees no actions, the tooltip, and a message to contact the team', async ({
  page,
}) => {
  const row = await partner.anyOpenJourney('click_and_claim');
  await signIn(page, 'starter@example.com');
  const journey = new JourneyPage(page);
  await journey.open(row.id);
  await journey.expectPanel('notEligible');
  await expect(journey.panel().getByRole('button', { name: /Claim|Express interest/ })).toHaveCount(0);
  await expect(journey.panel().getByRole('radio')).toHaveCount(0);
  await expect(journey.panel()).toContainText('Please contact our team to become eligible for journeys.');
  await journey
    .panel()
    .getByRole('button', { name: /Not eligible/ })
    .focus();
  await expect(page.getByRole('tooltip')).toHaveText('Not eligible to carry out journeys');
});

test.describe('several journeys at once on find work', () => {
  test.use({ viewport: { width: 1280, height: 1500 } });

  test('a 7th journey is refused, and two selected get one request', async ({ page }) => {
    // a search, a tab, nine ticks, a dialogue and a page: about 25 s on this shared 2-core machine
    test.setTimeout(90_000);
    await signIn(page);
    const findWork = new FindWorkPage(page);
    await findWork.open();
    await findWork.choosePickup('Birmingham');
    await findWork.chooseRadius(200);
    await findWork.search();
    const journeys = page.waitForResponse(isJobsPage(1));
    await findWork.tab('Journeys').click();
    const answer = (await (await journeys).json()) as Omit<JobsAnswer, 'data'> & {
      data: Array<{ allocation_method: string | null }>;
    };
    expect(answer.data.filter((r) => r.allocation_method === 'express_interest').length).toBeGreaterThan(7);
    const boxes = page.locator('.listing-card .listing-select input');
    await expect(boxes.nth(6)).toBeAttached();

    for (let i = 0; i < 6; i += 1) await boxes.nth(i).check();
    await expect(page.getByTestId('journey-selection')).toContainText('6 of 6 journeys selected');
    await boxes.nth(6).click();
    await expect(page.getByTestId('journey-selection-refused')).toHaveText(
      'You can express interest in up to 6 journeys at once. Untick one to choose another.',
    );
    await expect(boxes.nth(6)).not.toBeChecked();
    await expect(page.getByTestId('journey-selection')).toContainText('6 of 6 journeys selected');

    await page.getByRole('button', { name: 'Clear selection' }).click();
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      await boxes.nth(i).check();
      ids.push(Number(await boxes.nth(i).locator('xpath=ancestor::article').getAttribute('data-listing-id')));
    }
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/ng/api/v3/provider/expressInterest')) requests += 1;
    });
    await page.getByRole('button', { name: 'Express interest in 2 journeys' }).click();
    const dialog = page.getByTestId('journey-selection-dialog');
    await expect(dialog).toBeVisible();
    const vehicles = (await partner.vehicles(ids[0]!)).filter((v) => v.eligible);
    const biggest = vehicles.sort((a, b) => b.loading_capacity_m3 - a.loading_capacity_m3)[0]!;
    await new JourneyPage(page).chooseVehicle(biggest.registration_number, dialog);
    await page.getByTestId('journey-selection-confirm').click();
    await expect(page.locator('.toast').filter({ hasText: 'Interest expressed in 2 journeys' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect(requests).toBe(1);
    for (const id of ids) expect(await partner.interest(id)).not.toBeNull();
    // the journey cards lead to the journey's page
    await page.locator(`.listing-card[data-listing-id="${ids[0]}"] h3 a`).click();
    await expect(page).toHaveURL(new RegExp(`/tpp/journey/${ids[0]}$`));
    await new JourneyPage(page).expectPanel('pending');
  });
});

test('the page reads in Spanish', async ({ page }) => {
  const row = await partner.anyOpenJourney('click_and_claim');
  await page.context().addCookies([{ name: 'i18n_locale', value: 'es', url: ORIGIN }]);
  await signIn(page);
  const journey = new JourneyPage(page);
  await journey.open(row.id);
  await journey.expectPanel('offered');
  await expect(page.getByRole('heading', { name: 'Horario' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Desglose' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Requisitos especiales' })).toBeVisible();
  await expect(journey.claimButton()).toHaveText('Reservar ruta');
  await expect(journey.schedule().locator('li').first()).toContainText('Salida');
  await expect(page.getByTestId('journey-price')).toContainText('€');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
});

test("a failed read says 'Error fetching journey', and trying again shows the journey", async ({ page, context }) => {
  const row = await partner.anyOpenJourney('express_interest');
  await signIn(page);
  // the server's fault injection (FAULT_INJECTION=1, server/http/fault-injection.ts) fails this context's reads
  for (const fault of ['500', 'garbage']) {
    await context.addCookies([{ name: 'tpp_fault', value: `${fault}@/ts/public/find-work/v1/journeys`, url: ORIGIN }]);
    const journey = new JourneyPage(page);
    await journey.open(row.id);
    await expect(page.getByRole('alert')).toContainText('Error fetching journey');
    await context.clearCookies({ name: 'tpp_fault' });
    await page.getByRole('button', { name: 'Try again' }).click();
    await journey.expectPanel('offered');
  }
});

test("an unknown journey says the spec's 404 text", async ({ page }) => {
  await signIn(page);
  const journey = new JourneyPage(page);
  await journey.open(999_999);
  await expect(journey.heading()).toHaveText('The journey does not exist or its not allocated to you.');
  await journey.open('not-a-number');
  await expect(journey.heading()).toHaveText('The journey does not exist or its not allocated to you.');
});

test('the journey page has no serious or critical axe violations, with its dialogue open too', async ({ page }) => {
  // three pages and three axe runs, the dialogue's included
  test.setTimeout(60_000);
  // A journey more than one of the partner's vans can carry: when only one can, the panel chooses it for the partner
  // (journey-offer.machine), and the press below expresses interest instead of asking for a vehicle.
  let row = await partner.anyOpenJourney('express_interest');
  for (let tries = 1; (await partner.vehicles(row.id)).filter((v) => v.eligible).length < 2; tries += 1) {
    expect(tries, 'an open journey two of the vans can carry').toBeLessThan(10);
    row = await partner.anyOpenJourney('express_interest');
  }
  const held = await partner.anyOpenJourney('click_and_claim', 72);
  expect(await partner.claim(held.id)).toBe(200);
  await signIn(page);
  const journey = new JourneyPage(page);
  await journey.open(row.id);
  await journey.expectPanel('offered');
  await journey.expressInterestButton().click(); // no vehicle: the field says so
  await expect(journey.panel().getByText('Please select a vehicle')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await journey.open(held.id);
  await journey.expectPanel('allocated');
  expect(await seriousViolations(page)).toEqual([]);
  await journey.handBackButton().click();
  await expect(journey.dialog()).toBeVisible();
  await journey.confirmHandBack().click();
  await expect(journey.dialog().getByText('Deallocation reason is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(journey.dialog()).toHaveCount(0);
  await expect(journey.handBackButton()).toBeFocused();
});
