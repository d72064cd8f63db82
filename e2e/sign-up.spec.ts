import { expect, test } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import { linkIn, newestMail, SignUpPage } from './pages/sign-up-page';
import { ORIGIN } from './ports';

/**
 * Partner sign-up, e-mail verification with resend, and password reset (issue 8; spec §2), against the real server:
 * the mails are read from its outbox (GET /dev/outbox). Each run signs up a new e-mail; the password reset acts on
 * the slice's own seeded account (reset@example.com, server/seed/sign-up.ts).
 */

const PASSWORD = 'vanman2026';
/** A year ahead of any clock these tests run on, for the insurance expiry dates. */
const nextYear = `${new Date().getFullYear() + 1}-06-30`;

test('a new partner signs up through every step, verifies the e-mail from the mail, and signs in', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const email = `robin.${Date.now()}@example.com`;
  const wizard = new SignUpPage(page);
  await wizard.open();
  await expect(page.locator('main h1')).toHaveText('Become a transport partner');

  // 1 login details: the hint's list follows the password as it is typed
  await wizard.expectStep('login');
  await wizard.fill({ email, password: 'vanman' });
  await expect(page.locator('.password-rules li.is-met')).toHaveCount(1);
  await wizard.fill({ password: PASSWORD, password_confirmation: PASSWORD });
  await expect(page.locator('.password-rules li.is-met')).toHaveCount(3);
  await wizard.next();

  // 2 your details: the server cannot place the postcode (a refused field), everything typed stays
  await wizard.expectStep('details');
  await wizard.fill({ full_name: 'Robin Fletcher', phone: '07700 900456' });
  await wizard.choose('account_type', 'Individual');
  await wizard.fill({ address_line_1: '12 Deansgate', postcode: 'QQ1 1AA' });
  await wizard.next();
  await expect(wizard.fieldError('postcode')).toHaveText('We do not know this postcode area');
  await expect(wizard.input('full_name')).toHaveValue('Robin Fletcher');
  await wizard.fill({ postcode: 'M3 4LQ' });
  await expect(wizard.fieldError('postcode')).toHaveCount(0);
  await wizard.next();

  // 3 vehicle and operational information; Back and Next keep both steps' values
  await wizard.expectStep('vehicle');
  await wizard.choose('vehicle_type', 'Long wheelbase van (LWB)');
  await wizard.fill({ registration_number: 'MX21 ABC', seats: '3', make: 'Ford', model: 'Transit' });
  await wizard.fill({ loading_capacity_m3: '11.5', total_payload_kg: '1350' });
  await wizard.choose('operating_radius_mi', 'Up to 50 miles from home');
  await wizard.back();
  await wizard.expectStep('details');
  await expect(wizard.input('postcode')).toHaveValue('M3 4LQ');
  await wizard.next();
  await wizard.expectStep('vehicle');
  await expect(wizard.input('make')).toHaveValue('Ford');
  await wizard.next();
  // no day chosen yet: the step stays, with its message
  await expect(page.locator('#days_available-error')).toHaveText('Choose at least one day');
  await wizard.tick('day_mon');
  await wizard.tick('day_fri');
  await wizard.next();

  // 4 insurance: a cover under its minimum is refused with the minimum in the message
  await wizard.expectStep('insurance');
  await expect(wizard.field('third_party_cover')).toContainText('Minimum £1,000,000');
  await wizard.fill({
    third_party_cover: '999999',
    third_party_expiry: nextYear,
    goods_in_transit_cover: '10000',
    goods_in_transit_expiry: nextYear,
    vehicle_cover: '15000',
    vehicle_expiry: nextYear,
  });
  await wizard.next();
  await expect(wizard.fieldError('third_party_cover')).toHaveText('Third party cover (£) must be at least £1,000,000');
  await wizard.fill({ third_party_cover: '1000000' });
  await wizard.next();

  // 5 identity, then the account: the verify-e-mail page, signed in with the new session
  await wizard.expectStep('identity');
  await wizard.fill({ date_of_birth: '1988-04-02', driving_licence_number: 'FLETC804028RF9AB' });
  await wizard.next();
  await expect(page).toHaveURL(/\/tpp\/verify-email$/);
  await expect(page.locator('main h1')).toHaveText('Verify your e-mail');
  await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();

  // the mail's link verifies the account
  const mail = await newestMail(request, email, 'Please verify your e-mail address');
  await page.goto(linkIn(mail, 'verify-email'));
  await expect(page.locator('main h1')).toHaveText('Your e-mail is verified');
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  const dashboard = new DashboardPage(page);
  await dashboard.expectGreeting('Robin');
  await expect(dashboard.banner('unverified')).toHaveCount(0);

  // signed out, then in again with the new password
  await dashboard.chooseMenuItem('Sign out');
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email, PASSWORD);
  await dashboard.expectGreeting('Robin');
  await expect(dashboard.banner('unverified')).toHaveCount(0);
});

test('a second resend within a minute is refused, with the wait shown', async ({ page, context }) => {
  // A partner signed up through the API (the browser context keeps the session cookie it sets).
  const email = `resend.${Date.now()}@example.com`;
  const signUp = await page.request.post(`${ORIGIN}/v1/sign-up`, {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    data: {
      payload: {
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        full_name: 'Sam Resend',
        phone: '07700 900789',
        account_type: 'individual',
        address_line_1: '1 High Street',
        postcode: 'LS1 4AP',
        vehicle_type: 'swb',
        registration_number: 'LS70 XYZ',
        make: 'Ford',
        model: 'Transit Connect',
        seats: '2',
        loading_capacity_m3: '3.5',
        total_payload_kg: '700',
        operating_radius_mi: '20',
        days_available: ['sat'],
        third_party_cover: '1000000',
        third_party_expiry: nextYear,
        goods_in_transit_cover: '5000',
        goods_in_transit_expiry: nextYear,
        vehicle_cover: '10000',
        vehicle_expiry: nextYear,
        date_of_birth: '1990-01-01',
        driving_licence_number: 'RESEN901010SR9AB',
      },
    },
  });
  expect(signUp.status()).toBe(201);

  // Two tabs of the verify-e-mail page, both offering Resend
  const second = await context.newPage();
  for (const tab of [page, second]) {
    await tab.goto('verify-email');
    await expect(tab.getByRole('button', { name: 'Send the e-mail again' })).toBeEnabled();
  }
  await page.getByRole('button', { name: 'Send the e-mail again' }).click();
  await expect(page.getByText('We sent a new link. Check your inbox.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Send again in \d+ seconds/ })).toBeDisabled();

  // the other tab's resend reaches the server, which refuses it: the wait is shown, and Resend waits it out
  await second.getByRole('button', { name: 'Send the e-mail again' }).click();
  await expect(second.getByRole('alert')).toHaveText(
    /You asked for an e-mail a moment ago\. You can ask again in \d+ seconds\./,
  );
  await expect(second.getByRole('button', { name: /Send again in \d+ seconds/ })).toBeDisabled();
  await second.close();
});

test('a partner resets the password from the mail: a weak one is refused, the new one signs in', async ({
  page,
  request,
}) => {
  await page.goto('login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.locator('main h1')).toHaveText('Reset your password');
  await page.locator('input[name=email]').fill('reset@example.com');
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.locator('main h1')).toHaveText('Check your e-mail');
  await expect(page.getByText('we are there from 8am to 6pm')).toBeVisible();

  const mail = await newestMail(request, 'reset@example.com', 'Reset your password');
  await page.goto(linkIn(mail, 'password-reset'));
  await expect(page.locator('main h1')).toHaveText('Choose a new password');
  const newPassword = `fresh${Date.now() % 100000}`;
  await page.locator('input[name=password]').fill('weakpassword');
  await page.locator('input[name=password_confirmation]').fill('weakpassword');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.locator('[data-field=password] .field-error')).toHaveText(
    'Password must be at least 8 characters, with letters and numbers combined',
  );
  await page.locator('input[name=password]').fill(newPassword);
  await page.locator('input[name=password_confirmation]').fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.locator('main h1')).toHaveText('Your password is changed');

  await page.getByRole('link', { name: 'Sign in' }).click();
  const login = new LoginPage(page);
  await login.signIn('reset@example.com', newPassword);
  await new DashboardPage(page).expectGreeting('Jordan');
});

test('the sign-up renders in Spanish', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  await page.goto('sign-up');
  await expect(page.locator('main h1')).toHaveText('Hazte socio transportista');
  await expect(page.locator('form h2')).toHaveText('Paso 1 de 5: Datos de acceso');
  await expect(page.locator('[data-field=password]')).toContainText(
    'Mínimo 8 caracteres, combinando letras y números.',
  );
  await page.locator('form button[type=submit]').click();
  await expect(page.locator('[data-field=password_confirmation] .field-error')).toBeVisible();
  await context.close();
});
