import { expect, test, type Page } from '@playwright/test';
import { DRIVER_DEACTIVATED } from '@/server/work/driver-allocation';
import { FLEET_PARTNER, FleetApi } from './fleet-api';
import { DriversPage, VehiclesPage } from './pages/fleet-pages';
import { LoginPage } from './pages/login-page';
import { CreateReservationPage } from './pages/reservations-page';
import { WorkPage } from './pages/work-page';
import { WorkApi } from './work-api';

/**
 * My vehicles and my drivers (issue 8), as the fleet partner (server/seed/fleet-accounts.ts: Sam Walker, Bristol,
 * vehicles WA21 KTF and WR70 BXN approved and WF19 LMO pending; drivers Priya Shah on WA21 KTF and on the allocated
 * won job, Tom Hughes free, Leah Morgan deactivated). The tests run in order on the one account: each leaves the fleet
 * as the next expects it.
 */
test.describe.configure({ mode: 'serial' });

async function signIn(page: Page): Promise<void> {
  await page.goto('login');
  await new LoginPage(page).signIn(FLEET_PARTNER);
  await expect(page).not.toHaveURL(/\/login/);
}

test.beforeEach(async ({ page }) => signIn(page));

test('a new vehicle: refused fields keep what was typed; pending, then approved and offered by the reservation wizard', async ({
  page,
  request,
}) => {
  const vehicles = new VehiclesPage(page);
  await vehicles.open();
  await vehicles.openAdd();
  await vehicles.choose('type', 'Large van (LWB)');
  await vehicles.fill({
    make: 'Renault',
    model: 'Master',
    registration_number: 'NOT A PLATE',
    loading_capacity_m3: '10.5',
    totalPayloadKg: '1200',
    postcode: 'BS2 0QA',
  });
  await vehicles.check('Tail lift');
  await vehicles.save();
  // the form's own rule: the message under the field, nothing sent, everything typed still there
  await expect(vehicles.messageOf('registration_number')).toHaveText('Enter a UK registration such as AB12 CDE');
  await expect(vehicles.field('make')).toHaveValue('Renault');

  // the server's rule: a plate the partner already has (any spacing) comes back under the field
  await vehicles.fill({ registration_number: 'wa21ktf' });
  await vehicles.save();
  await expect(vehicles.messageOf('registration_number')).toHaveText(
    'You already have a vehicle with this registration',
  );
  await expect(vehicles.field('make')).toHaveValue('Renault');
  await expect(vehicles.field('loading_capacity_m3')).toHaveValue('10.5');
  await expect(vehicles.field('registration_number')).toHaveClass(/is-invalid/);

  await vehicles.fill({ registration_number: 'WU24 RMN' });
  await vehicles.save();
  await expect(vehicles.form()).toBeHidden();
  await expect(vehicles.toast('WU24 RMN added')).toBeVisible();
  const card = vehicles.card('WU24 RMN');
  await expect(card.getByTestId('vehicle-status')).toHaveText('Pending review');
  await expect(card).toContainText('Renault Master');
  await expect(card).toContainText('10.5 m³');
  await expect(card).toContainText('Tail lift');
  await expect(card).toContainText('Based in Bristol (BS2)');

  const api = new FleetApi(request);
  await api.review(await api.vehicleId('WU24 RMN'), 'APPROVED');
  await vehicles.open();
  await expect(vehicles.card('WU24 RMN').getByTestId('vehicle-status')).toHaveText('Approved');

  const wizard = new CreateReservationPage(page);
  await wizard.open();
  await expect(page.locator('label.resv-radio', { hasText: 'WU24 RMN' })).toBeVisible();
  // a pending vehicle is not offered
  await expect(page.locator('label.resv-radio', { hasText: 'WF19 LMO' })).toHaveCount(0);
});

test('a deactivated driver is refused for allocation and not offered, until reactivated', async ({ page, request }) => {
  const drivers = new DriversPage(page);
  await drivers.open();
  await drivers.deactivate('Tom Hughes');
  await expect(drivers.toast('Tom Hughes deactivated')).toBeVisible();
  await expect(drivers.status('Tom Hughes')).toHaveText('Deactivated');

  const api = new FleetApi(request);
  const tom = await api.driverId('Tom Hughes');
  const [job] = await new WorkApi(request, FLEET_PARTNER).jobs('active');
  if (!job) throw new Error('the fleet partner has no active won job');
  const refused = await api.allocateDriver(job.listing_id, tom);
  expect(refused.status).toBe(422);
  expect(refused.body).toMatchObject({ errors: { user_id: [DRIVER_DEACTIVATED] } });

  const work = new WorkPage(page);
  await work.open();
  const select = (await work.card(job.listing_id)).getByTestId('driver-select');
  await expect(select.locator('option', { hasText: 'Priya Shah' })).toHaveCount(1);
  await expect(select.locator('option', { hasText: 'Tom Hughes' })).toHaveCount(0);

  await drivers.open();
  await drivers.reactivate('Tom Hughes');
  await expect(drivers.toast('Tom Hughes reactivated')).toBeVisible();
  await expect(drivers.status('Tom Hughes')).toHaveText('Active');
  await work.open();
  await expect(
    (await work.card(job.listing_id)).getByTestId('driver-select').locator('option', { hasText: 'Tom Hughes' }),
  ).toHaveCount(1);
});

test('assign and unassign a driver; edit a vehicle; remove a vehicle', async ({ page }) => {
  const drivers = new DriversPage(page);
  await drivers.open();
  await drivers.assign('Tom Hughes', 'WR70 BXN');
  await expect(drivers.toast('WR70 BXN assigned to Tom Hughes')).toBeVisible();
  await expect(drivers.vehicle('Tom Hughes')).toContainText('Drives WR70 BXN');
  await drivers.unassign('Tom Hughes');
  await expect(drivers.toast('Tom Hughes no longer has a vehicle')).toBeVisible();
  await expect(drivers.vehicle('Tom Hughes')).toHaveText('No vehicle assigned');

  const vehicles = new VehiclesPage(page);
  await vehicles.open();
  await vehicles.openEdit('WR70 BXN');
  await expect(vehicles.field('make')).toHaveValue('Volkswagen');
  await vehicles.fill({ seats: '2', model: 'Transporter T6' });
  await vehicles.save();
  await expect(vehicles.toast('WR70 BXN saved')).toBeVisible();
  const edited = vehicles.card('WR70 BXN');
  await expect(edited).toContainText('Volkswagen Transporter T6');
  await expect(edited).toContainText('2 seats');
  // equipment and model changes keep the approval
  await expect(edited.getByTestId('vehicle-status')).toHaveText('Approved');

  await vehicles.remove('WF19 LMO');
  await expect(vehicles.toast('WF19 LMO removed')).toBeVisible();
  await expect(vehicles.card('WF19 LMO')).toHaveCount(0);
  await vehicles.open();
  await expect(vehicles.card('WF19 LMO')).toHaveCount(0);

  // a vehicle on an active job stays, and the toast says why
  await vehicles.remove('WA21 KTF');
  await expect(vehicles.toast(/Could not remove WA21 KTF/)).toContainText('upcoming reservations or active jobs');
  await expect(vehicles.card('WA21 KTF')).toBeVisible();
});

test('the fleet pages speak Spanish', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('vehicles');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis vehículos' })).toBeVisible();
  await expect(page.locator('article[data-registration="WA21 KTF"]')).toContainText('Aprobado');
  await page.goto('drivers');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis conductores' })).toBeVisible();
  await expect(page.locator('article[data-driver-name="Leah Morgan"]')).toContainText('Desactivado');
  await context.close();
});
