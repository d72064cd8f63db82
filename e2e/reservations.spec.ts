import 'temporal-polyfill/global';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { formatDate } from '@/src/format/date';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import { CreateReservationPage, ReservationsPage } from './pages/reservations-page';
import { ORIGIN } from './ports';
import { londonDateIn, londonTimeOn, ReservationApi } from './reservation-api';

/**
 * Reservations (issue 6) against the seeded server. The tests of this file run in order on one server: each works on
 * its own vehicle and days (the return offer is answered last, since accepting it changes the other reservations of
 * its vehicle on its day). The seeded return offer of partner@example.com expires 3 hours after the server started;
 * the short one is made by the reservation team (the admin's POST v1/admin/reservations/{id}/return-offer).
 */
const PARTNER = 'partner@example.com';
const HOUR = 3_600_000;

async function signIn(page: Page, email = PARTNER): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email);
  await new DashboardPage(page).expectGreeting(email === PARTNER ? 'Dan' : 'Priya');
}

/** Every POST of new reservations the page sends. */
function recordCreates(page: Page) {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/v1\/reservations(\/accept-drafts)?$/.test(new URL(r.url()).pathname))
      sent.push(new URL(r.url()).pathname);
  });
  return sent;
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// A fresh API sign-in per test: a connection left idle while the browser works is closed by the server.
let api: ReservationApi;
test.beforeEach(async () => {
  api = await ReservationApi.signIn(PARTNER);
});
test.afterEach(async () => {
  await api.dispose();
});

test('creates reservations for days chosen, shows their prices, leaves out a removed day, and lists them as pending', async ({
  page,
}) => {
  const days = [londonDateIn(10), londonDateIn(11), londonDateIn(12)];
  await signIn(page);
  const sent = recordCreates(page);
  const wizard = new CreateReservationPage(page);
  await wizard.open();
  await wizard.chooseVehicle('CA17 DPU');
  // the van's base fills the start postcode, which is looked up; its volume (15.4 m³) the capacity
  await expect(wizard.field('capacity')).toHaveValue('15');
  await expect(page.getByText('Found: Manchester')).toBeVisible();
  for (const day of days) await wizard.toggleDay(day);
  await wizard.choose('people', '2 people');
  await wizard.next().click();

  await expect(wizard.step()).toHaveText('Review prices');
  await expect(wizard.step()).toBeFocused();
  await expect(wizard.reviewDays()).toHaveCount(3);
  for (const day of days)
    await expect(wizard.reviewDay(day).getByTestId('review-price')).toHaveText(/^£\d+(\.\d\d)? – £\d+/);
  await wizard.removeDay(days[1]!);
  await expect(wizard.reviewDays()).toHaveCount(2);
  await expect(wizard.submit()).toHaveText('Submit 2 reservations');
  // a double click submits once
  await wizard.submit().dblclick();
  await expect(wizard.submitted()).toBeVisible();
  await expect(page.locator('.toast').filter({ hasText: 'Reservations requested' })).toBeVisible();
  expect(sent.filter((p) => p.endsWith('accept-drafts'))).toHaveLength(1);

  const stored = (await api.current()).filter((r) => r.vehicle.registration === 'CA17 DPU' && days.includes(r.date));
  expect(stored.map((r) => [r.date, r.status, r.people])).toEqual([
    [days[0], 'pending', 2],
    [days[2], 'pending', 2],
  ]);
  const list = new ReservationsPage(page);
  await page.getByRole('link', { name: 'See my reservations' }).click();
  for (const r of stored) await list.expectStatus(r.id, 'pending');
  await expect(list.card(stored[0]!.id)).toContainText(formatDate(days[0], 'en'));
  await expect(list.card(stored[0]!.id).getByTestId('reservation-price')).toHaveText(/£/);
});

test('a private job window of 90 minutes shows the rule beside the field, and nothing is sent', async ({ page }) => {
  await signIn(page);
  const sent = recordCreates(page);
  const wizard = new CreateReservationPage(page);
  await wizard.open();
  await wizard.chooseVehicle('OU22 BPF');
  await wizard.toggleDay(londonDateIn(13));
  await wizard.addPrivateJob();
  // its buttons stay readable under the pointer (app.css turned a hovered secondary button teal on navy)
  await page.getByRole('button', { name: 'Remove private job' }).hover();
  const hovered = await new AxeBuilder({ page }).include('.resv-private-job').withRules(['color-contrast']).analyze();
  expect(hovered.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  await wizard.field('pickupPostcode').fill('SK1 1AA');
  await wizard.chooseOption('Pickup from', '10:00');
  await wizard.chooseOption('Pickup until', '11:30');
  await expect(wizard.messageOf('pickupTo')).toHaveText('A pickup or delivery window lasts at least 2 hours');
  await wizard.next().click();
  await expect(page.getByTestId('request-problems')).toBeVisible();
  await expect(wizard.step()).toHaveText('Your request');
  await expect(wizard.messageOf('pickupTo')).toHaveText('A pickup or delivery window lasts at least 2 hours');
  await expect(wizard.messageOf('deliveryPostcode')).toHaveText('Please Enter a Valid UK Postcode');
  expect(sent).toEqual([]);
});

test('a day the van already holds is refused with its toast, and the other days are still reserved', async ({
  page,
}) => {
  const [held, free] = [londonDateIn(24), londonDateIn(25)];
  await api.create(await api.vehicleId('DA68 KFA'), held);
  await signIn(page);
  const wizard = new CreateReservationPage(page);
  await wizard.open();
  await wizard.chooseVehicle('DA68 KFA');
  await expect(page.getByText('Found: Manchester')).toBeVisible();
  await wizard.toggleDay(held);
  await wizard.toggleDay(free);
  await wizard.next().click();
  const refused = page.locator('.toast').filter({ hasText: 'This vehicle already has a reservation on this day' });
  await expect(refused).toBeVisible();
  await expect(refused).toContainText(formatDate(held, 'en'));
  await expect(wizard.step()).toHaveText('Review prices');
  await expect(wizard.submit()).toHaveText('Submit 1 reservation');
  await wizard.submit().click();
  await expect(wizard.submitted()).toBeVisible();
  const onVan = (await api.current()).filter(
    (r) => r.vehicle.registration === 'DA68 KFA' && [held, free].includes(r.date),
  );
  // the day it held before, once, and the new one
  expect(onVan.map((r) => [r.date, r.status])).toEqual([
    [held, 'pending'],
    [free, 'pending'],
  ]);
});

test('keeps the request through a reload', async ({ page }) => {
  const day = londonDateIn(15);
  await signIn(page);
  const wizard = new CreateReservationPage(page);
  await wizard.open();
  await wizard.chooseVehicle('DA68 KFA');
  await wizard.toggleDay(day);
  await wizard.field('capacity').fill('5');
  await page.reload();
  await expect(page.getByText('We kept what you had entered before the page reloaded.')).toBeVisible();
  await expect(wizard.day(day)).toHaveAttribute('data-selected', 'true');
  await expect(wizard.field('capacity')).toHaveValue('5');
});

test('the wizard can be completed with the keyboard alone', async ({ page }) => {
  const day = londonDateIn(16);
  await signIn(page);
  const wizard = new CreateReservationPage(page);
  await wizard.open();
  const tabTo = async (test: () => boolean | Promise<boolean>, most = 150) => {
    for (let i = 0; i < most && !(await test()); i += 1) await page.keyboard.press('Tab');
    expect(await test()).toBe(true);
  };
  const focusedIs = (selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

  await page.locator('#main').focus();
  await tabTo(() => focusedIs('input[name="vehicle"]'));
  // arrows move through the vans and choose one
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowDown');
  await expect(page.locator('label.resv-radio', { hasText: 'KP74 VNN' })).toHaveAttribute('data-selected', 'true');
  await tabTo(() => focusedIs(`input[value="${day}"]`));
  await page.keyboard.press('Space');
  await expect(wizard.day(day)).toHaveAttribute('data-selected', 'true');
  await expect(page.getByText('Found: Manchester')).toBeVisible();
  await tabTo(() => focusedIs('[data-testid="wizard-next"]'));
  await page.keyboard.press('Enter');
  await expect(wizard.step()).toHaveText('Review prices');
  await tabTo(() => focusedIs('[data-testid="wizard-submit"]'));
  await page.keyboard.press('Enter');
  await expect(wizard.submitted()).toBeVisible();
  const made = (await api.current()).filter((r) => r.date === day && r.vehicle.registration === 'KP74 VNN');
  expect(made.map((r) => r.status)).toEqual(['pending']);
});

test('cancels a reservation with a reason and a note; the dialogue has no serious axe violations', async ({ page }) => {
  const reservation = await api.create(1, londonDateIn(14));
  await signIn(page);
  const list = new ReservationsPage(page);
  await list.open();
  await list.startCancel(reservation.id, 'Driver unable to work', 'My driver is off sick.');
  await expect(page.getByTestId('cancel-mode')).toHaveText('The reservation will be cancelled straight away.');
  expect(await seriousViolations(page)).toEqual([]);
  await list.confirmCancel();
  await expect(list.toast('Cancellation successful')).toBeVisible();
  await expect(list.dialog()).toHaveCount(0);
  await list.expectStatus(reservation.id, 'tp_withdrawn');
  const stored = await api.byId(reservation.id);
  expect([stored?.status, stored?.cancel_reason, stored?.cancel_note]).toEqual([
    'tp_withdrawn',
    'driver_unable_to_work',
    'My driver is off sick.',
  ]);
});

test('a cancel needs a reason, and a note when the reason is other', async ({ page }) => {
  const reservation = await api.create(2, londonDateIn(17));
  await signIn(page);
  const list = new ReservationsPage(page);
  await list.open();
  await list.card(reservation.id).getByRole('button', { name: 'Cancel reservation' }).click();
  await list.confirmCancel();
  await expect(list.dialog().getByText('Choose a reason')).toBeVisible();
  await list.chooseReason('Other');
  await list.confirmCancel();
  await expect(list.dialog().getByText('Tell us why in a few words')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list.dialog()).toHaveCount(0);
  expect((await api.byId(reservation.id))?.status).toBe('pending');
});

test('changes the hours of a pending reservation: an own window checked as typed, priced, saved at once', async ({
  page,
}) => {
  const day = londonDateIn(20);
  const reservation = await api.create(4, day);
  const checks: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith(`/v1/reservations/${reservation.id}`)) checks.push(r.method());
  });
  await signIn(page);
  const list = new ReservationsPage(page);
  await list.open();
  await list.startEdit(reservation.id);
  await expect(page.getByTestId('edit-mode')).toHaveText('The change applies straight away.');
  await list.chooseInEdit('edit-timing', 'My own time window');
  await list.chooseEditTime('Start time', '09:00');
  await list.chooseEditTime('End time', '09:30');
  // 30 minutes leave no time between the two 20-minute buffers: said beside the end, and nothing is sent
  await expect(list.editMessageOf('edit-endTime')).toHaveText('The reservation ends too early');
  await list.checkEdit();
  await expect(list.editPreview()).toHaveCount(0);
  expect(checks).toEqual([]);
  await list.chooseEditTime('End time', '15:00');
  await expect(list.editMessageOf('edit-endTime')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await list.checkEdit();
  await expect(list.editPreview()).toContainText('09:00');
  await expect(list.editPreview()).toContainText('15:00');
  await expect(list.editPreview().getByTestId('reservation-price')).toHaveText(/^£\d+(\.\d\d)? – £\d+/);
  await list.confirmEdit();
  await expect(list.toast('Edit successful')).toBeVisible();
  await expect(list.dialog()).toHaveCount(0);
  await expect(list.fact(reservation.id, 'Start')).toContainText('09:00');
  await expect(list.fact(reservation.id, 'End')).toContainText('15:00');
  await expect(list.fact(reservation.id, 'Type')).toHaveText('Own time window');
  const stored = await api.byId(reservation.id);
  expect([stored?.status, Date.parse(stored!.startNode.time!), Date.parse(stored!.endNode.time!)]).toEqual([
    'pending',
    londonTimeOn(day, '09:00'),
    londonTimeOn(day, '15:00'),
  ]);
  expect(checks).toEqual(['POST', 'PUT']);
});

test('pages through the historic reservations, 20 a page, newest first, the page kept in the address', async ({
  page,
}) => {
  const [first, second] = [await api.historic(1), await api.historic(2)];
  const last = first.meta.last_page;
  expect(last).toBeGreaterThanOrEqual(2);
  await signIn(page);
  const list = new ReservationsPage(page);
  await list.openHistoric();
  await expect(list.heading()).toHaveText('Historic reservations');
  await expect(list.cards()).toHaveCount(20);
  await expect(list.pageLabel()).toHaveText(`Page 1 of ${last}`);
  await expect(list.range()).toHaveText(`1–20 of ${first.meta.total}`);
  await expect(list.cards().first()).toHaveAttribute('data-reservation-id', String(first.data[0]!.id));
  // a past reservation is neither priced nor actionable
  await expect(list.cards().getByTestId('reservation-price')).toHaveCount(0);
  await expect(list.cards().getByRole('button')).toHaveCount(0);
  const onPage = async (n: number, rows: { data: { id: number }[] }) => {
    await expect(list.pageLabel()).toHaveText(`Page ${n} of ${last}`);
    await expect(list.cards()).toHaveCount(rows.data.length);
    await expect(list.cards().first()).toHaveAttribute('data-reservation-id', String(rows.data[0]!.id));
    await expect(page).toHaveURL(
      n === 1 ? /\/tpp\/reservations\/historic$/ : new RegExp(`/tpp/reservations/historic\\?page=${n}$`),
    );
  };
  await list.nextPage();
  await onPage(2, second);
  // a reload and back/forward keep the page
  await page.reload();
  await onPage(2, second);
  await page.goBack();
  await onPage(1, first);
  await page.goForward();
  await onPage(2, second);
  await list.previousPage();
  await onPage(1, first);
  // a deep link opens its page; one past the last page shows the last one
  await list.openHistoricPage(2);
  await onPage(2, second);
  await list.openHistoricPage(last + 5);
  await onPage(last, last === 2 ? second : await api.historic(last));
});

test('groups the current list by week, with each status badge', async ({ page }) => {
  const current = await api.current();
  await signIn(page);
  const list = new ReservationsPage(page);
  await list.open();
  await expect(list.heading()).toHaveText('Reservations');
  await expect(list.week('thisWeek').or(list.week('nextWeek')).first()).toBeVisible();
  await expect(list.cards()).toHaveCount(current.length);
  await expect(list.week('future').getByRole('heading', { name: 'Future' })).toBeVisible();
  const accepted = current.find((r) => r.status === 'accepted')!;
  await expect(list.status(list.card(accepted.id))).toHaveText('Accepted');
  await expect(list.status(list.card(accepted.id))).toHaveClass(/resv-badge-green/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reservations' }),
  ).toHaveAttribute('aria-current', 'page');
});

test('in Spanish', async ({ page }) => {
  await page.context().addCookies([{ name: 'i18n_locale', value: 'es', url: ORIGIN }]);
  const login = new LoginPage(page);
  await page.goto('login');
  await login.signIn(PARTNER);
  await new DashboardPage(page).expectGreeting('Dan', 'es');
  const list = new ReservationsPage(page);
  await list.open();
  await expect(list.heading()).toHaveText('Reservas');
  await expect(page.getByRole('heading', { name: 'Más adelante' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aceptar oferta' })).toBeVisible();
  const wizard = new CreateReservationPage(page);
  await wizard.open();
  await wizard.field('startPostcode').fill('M11AE');
  await expect(wizard.messageOf('startPostcode')).toHaveText('Introduce un código postal válido del Reino Unido');
  await expect(page.getByText('Terminas a más de 100 millas')).toBeVisible();
});

test('a partner who is not journey-ready is sent to /reservations, which says how to become eligible', async ({
  page,
}) => {
  await signIn(page, 'starter@example.com');
  await page.goto('reservations/create');
  await expect(page).toHaveURL(/\/tpp\/reservations$/);
  await expect(page.getByTestId('reservations-not-eligible')).toContainText('contact our partner support team');
  await expect(page.getByTestId('reservations-not-allowed')).toHaveText('You are not allowed to access this page.');
  await page.goto('reservations/historic');
  await expect(page).toHaveURL(/\/tpp\/reservations$/);
  await expect(page.getByTestId('reservations-not-allowed')).toBeVisible();
  // opened from elsewhere, the list says why, without a page refused
  await page.goto('');
  await page.goto('reservations');
  await expect(page.getByTestId('reservations-not-eligible')).toBeVisible();
  await expect(page.getByTestId('reservations-not-allowed')).toHaveCount(0);
  // the reservation menu flag is off for this partner: no link in the top bar
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reservations' })).toHaveCount(
    0,
  );
});

test.describe('the return offer', () => {
  test('counts down on the server’s clock, whatever the device’s clock says', async ({ page }) => {
    const offer = (await api.current()).find((r) => r.status === 'return_offer')!;
    const left = Date.parse(offer.offer_expires_at!) - Date.now();
    await signIn(page);
    // the device's clock is 5 hours fast: the offer would look ended if the page trusted it
    await page.clock.setSystemTime(new Date(Date.now() + 5 * HOUR));
    const list = new ReservationsPage(page);
    await list.open();
    await expect(list.countdown(offer.id)).toBeVisible();
    const [h, m, s] = (await list.countdown(offer.id).textContent())!.split(':').map(Number);
    const shown = ((h! * 60 + m!) * 60 + s!) * 1000;
    expect(Math.abs(shown - left)).toBeLessThan(60_000);
    await list.expectStatus(offer.id, 'return_offer');
  });

  test('a short offer from the team counts down, turns timed_out at zero without a reload, and the server agrees', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const reservation = await api.create(5, londonDateIn(19));
    await signIn(page);
    const team = await ReservationApi.signIn('admin@example.com');
    const offer = await team.returnOffer(reservation.id, 20).finally(() => team.dispose());
    expect([offer.status, offer.type]).toEqual(['return_offer', 'return']);
    const list = new ReservationsPage(page);
    await list.open();
    await list.expectStatus(reservation.id, 'return_offer');
    await expect(list.countdown(reservation.id)).toHaveText(/^0:00:(0\d|1\d|20)$/);
    await expect(list.countdown(reservation.id)).toHaveAttribute('aria-label', /^\d+ seconds?$/);
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await list.expectStatus(reservation.id, 'timed_out', { timeout: 30_000 });
    await expect(list.offer(reservation.id)).toContainText('This offer has run out.');
    await expect(list.card(reservation.id).getByRole('button', { name: 'Accept offer' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    // the server decided it too (its lifecycle job runs every few seconds here): a reload reads timed_out from it
    await expect.poll(async () => (await api.byId(reservation.id))?.status, { timeout: 20_000 }).toBe('timed_out');
    await page.reload();
    await list.expectStatus(reservation.id, 'timed_out');
    await expect(list.countdown(reservation.id)).toHaveCount(0);
    expect(await api.acceptOffer(reservation.id)).toEqual({
      status: 409,
      body: { message: 'This offer has expired.' },
    });
  });

  test('accepting shows the reservation it replaces, which then turns superseded', async ({ page }) => {
    const offer = (await api.current()).find((r) => r.status === 'return_offer')!;
    const rival = await api.create(offer.vehicle.id, offer.date);
    await signIn(page);
    const list = new ReservationsPage(page);
    await list.open();
    await list.expectStatus(rival.id, 'pending');
    await list.acceptOffer(offer.id);
    await expect(page.getByTestId('offer-replaces')).toContainText(rival.reservation_id);
    await page.getByTestId('offer-confirm').click();
    await expect(list.toast('Offer accepted')).toBeVisible();
    await list.expectStatus(offer.id, 'accepted');
    await list.expectStatus(rival.id, 'superseded');
    expect((await api.byId(rival.id))?.status).toBe('superseded');
  });
});
