/**
 * Sign-up, e-mail verification, password reset and the developers' outbox (server/http/sign-up-routes.ts, rules in
 * schemas/sign-up.ts): every rule's message, the account a sign-up makes, links that work once and expire, no account
 * enumeration on reset, and the throttles.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@/server/app';
import { exampleSignUp } from '@/server/sign-up/sign-up-example';
import { SIGN_UP_LIMIT_DEFAULTS } from '@/server/sign-up/sign-up-limits';
import { outboxFolder } from '@/server/mail/outbox';
import {
  createSeededApp,
  getWithToken,
  jsonPost,
  login,
  requestToken,
  sessionCookieOf,
  SETUP_TIMEOUT_MS,
  signIn,
  type SeededApp,
} from '@/server/testing/seeded-app';

const valid = exampleSignUp;

let t: SeededApp;
beforeAll(async () => {
  // Port 8080 and no PUBLIC_ORIGIN: the links in mails are on http://localhost:8080, whatever the request says.
  t = await createSeededApp({ devOutbox: true, port: 8080 });
}, SETUP_TIMEOUT_MS);

/** Each test signs up from an address of its own, so the per-address throttles only bite where a test wants them. */
let client = 0;
const fromNewClient = () => ({ 'x-test-client': `sign-up-${++client}` });

const validateStep = (step: string, values: Record<string, unknown>, headers = fromNewClient()) =>
  t.app.request('/v1/sign-up/validate-step', jsonPost({ payload: { step, values } }, headers));
const signUp = (values: Record<string, unknown>, headers: Record<string, string> = fromNewClient()) =>
  t.app.request('/v1/sign-up', jsonPost({ payload: values }, headers));
const errorsOf = async (response: Response) => ((await response.json()) as { errors: Record<string, string[]> }).errors;

interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}
const mailsTo = async (to: string): Promise<OutboxMail[]> => {
  const response = await t.app.request(`/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: OutboxMail[] }).data;
};
/** The token of the newest mail to `to` with a link to `page`. */
const tokenFrom = async (to: string, page: string): Promise<string> => {
  const [mail] = await mailsTo(to);
  const match = new RegExp(`/tpp/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no ${page} link in the mail to ${to}`);
  return match[1];
};
const verify = (token: string) => t.app.request('/v1/email-verification/verify', jsonPost({ payload: { token } }));
const userRow = async (email: string) =>
  (
    await t.db.query<{ id: number; verified: boolean; role: string; account_type: string; town: string }>(
      `select id, email_verified_at is not null as verified, role, account_type, address_town as town
         from users where email = $1`,
      [email],
    )
  ).rows[0];

describe('validate-step: each step is checked by the server as the partner goes', () => {
  it('login details: blank fields, the password rule, the confirmation and an e-mail already registered', async () => {
    const blank = await validateStep('login', {});
    expect(blank.status).toBe(422);
    expect(await errorsOf(blank)).toEqual({
      email: ["Email can't be blank"],
      password: ["Password can't be blank"],
      password_confirmation: ["Password confirmation can't be blank"],
    });
    const weak = await validateStep('login', {
      email: 'not-an-email',
      password: 'onlyletters',
      password_confirmation: 'different1',
    });
    expect(await errorsOf(weak)).toEqual({
      email: ['Email must be a valid e-mail address'],
      password: ['Password must be at least 8 characters, with letters and numbers combined'],
      password_confirmation: ['Password confirmation does not match'],
    });
    for (const password of ['short1a', '12345678', 'abcdefgh']) {
      const response = await validateStep('login', { email: 'a@b.co', password, password_confirmation: password });
      expect((await errorsOf(response)).password).toEqual([
        'Password must be at least 8 characters, with letters and numbers combined',
      ]);
    }
    // Taken whatever the case it is typed in.
    const taken = await validateStep('login', {
      email: ' Partner@Example.com ',
      password: 'abcd1234',
      password_confirmation: 'abcd1234',
    });
    expect(await errorsOf(taken)).toEqual({ email: ['This e-mail is already registered.'] });
    const ok = await validateStep('login', {
      email: 'new.partner@example.co.uk',
      password: 'abcd1234',
      password_confirmation: 'abcd1234',
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });
  });

  it('your details: company name and number only for business kinds, a UK phone, and the UK postcode rule', async () => {
    const base = valid('x@example.com');
    const individual = await validateStep('details', {
      ...base,
      account_type: 'individual',
      company_name: '',
      company_number: '',
    });
    expect(individual.status).toBe(200);
    const business = await validateStep('details', {
      ...base,
      account_type: 'business_pro',
      company_name: ' ',
      company_number: null,
    });
    expect(await errorsOf(business)).toEqual({
      company_name: ["Company name can't be blank"],
      company_number: ["Company number can't be blank"],
    });
    const wrong = await validateStep('details', {
      ...base,
      account_type: 'customer',
      phone: '12345',
      postcode: 'M1',
      full_name: 'A\u0000B',
    });
    expect(await errorsOf(wrong)).toEqual({
      account_type: ['Account type must be individual, business or business pro'],
      phone: ['Phone must be a UK phone number (10 or 11 digits)'],
      postcode: ['Please Enter a Valid UK Postcode'],
      full_name: ['Full name contains characters that are not allowed'],
    });
    const companyNumber = await validateStep('details', { ...base, company_number: '1234' });
    expect(await errorsOf(companyNumber)).toEqual({
      company_number: ['Company number must be 8 digits, or 2 letters and 6 digits'],
    });
    expect((await validateStep('details', { ...base, company_number: 'SC123456' })).status).toBe(200);
    // Shaped like a postcode, but no such area: the server cannot place it.
    const nowhere = await validateStep('details', { ...base, postcode: 'QQ1 1AA' });
    expect(await errorsOf(nowhere)).toEqual({ postcode: ['We do not know this postcode area'] });
  });

  it('vehicle and operational information: size, registration, numbers in range, a radius option, at least one day', async () => {
    const base = valid('x@example.com');
    expect((await validateStep('vehicle', base)).status).toBe(200);
    const wrong = await validateStep('vehicle', {
      ...base,
      vehicle_type: 'lorry',
      registration_number: 'ABCDEFGH',
      seats: '0',
      loading_capacity_m3: '41',
      total_payload_kg: '12.5',
      operating_radius_mi: '15',
      days_available: [],
    });
    expect(await errorsOf(wrong)).toEqual({
      vehicle_type: ['Vehicle size must be one of swb, mwb, lwb, xlwb, luton_van'],
      registration_number: ['Registration must be a UK registration mark (letters and numbers, up to 7)'],
      seats: ['Seats must be a whole number from 1 to 9'],
      loading_capacity_m3: ['Loading capacity must be more than 0 and at most 40 m³, with at most 2 decimals'],
      total_payload_kg: ['Payload must be a whole number of kilograms from 1 to 5000'],
      operating_radius_mi: ['Operating radius must be one of 5, 10, 20, 50, 100, 200 miles'],
      days_available: ['Choose at least one day'],
    });
    const decimals = await validateStep('vehicle', {
      ...base,
      loading_capacity_m3: 10.125,
      days_available: ['someday'],
    });
    expect(await errorsOf(decimals)).toEqual({
      loading_capacity_m3: ['Loading capacity must be more than 0 and at most 40 m³, with at most 2 decimals'],
      days_available: ['Days available must be days of the week'],
    });
  });

  it('insurance: each cover at least its minimum (named in the message), expiry dates after today, CMR for international work', async () => {
    const base = valid('x@example.com');
    const low = await validateStep('insurance', {
      ...base,
      third_party_cover: '999999',
      goods_in_transit_cover: '4999',
      vehicle_cover: '9999',
      vehicle_expiry: '2026-11-18',
      third_party_expiry: '2026-02-30',
    });
    expect(await errorsOf(low)).toEqual({
      third_party_cover: ['Third party cover must be at least £1,000,000'],
      third_party_expiry: ['Third party expiry date must be a date (yyyy-mm-dd)'],
      goods_in_transit_cover: ['Goods in transit cover must be at least £5,000'],
      vehicle_cover: ['Vehicle cover must be at least £10,000'],
      vehicle_expiry: ['Vehicle cover expiry date must be in the future'],
    });
    const international = await validateStep('insurance', { ...base, international_work: true, cmr_cover: '49999.5' });
    expect(await errorsOf(international)).toEqual({
      cmr_cover: ['CMR cover must be a whole number of pounds'],
      cmr_expiry: ["CMR expiry date can't be blank"],
    });
    const cmrLow = await validateStep('insurance', {
      ...base,
      international_work: true,
      cmr_cover: 49_999,
      cmr_expiry: '2027-01-01',
    });
    expect(await errorsOf(cmrLow)).toEqual({ cmr_cover: ['CMR cover must be at least £50,000'] });
    const exact = await validateStep('insurance', {
      ...base,
      third_party_cover: 1_000_000,
      goods_in_transit_cover: '5,000',
      vehicle_cover: '10000',
      international_work: true,
      cmr_cover: '50000',
      cmr_expiry: '2026-11-19',
    });
    expect(exact.status).toBe(200);
  });

  it('identity: 18 or older on the day, and a driving licence number as on the card', async () => {
    const base = valid('x@example.com');
    // TEST_NOW is 2026-11-18: born 2008-11-18 is 18 today, a day later is not.
    expect((await validateStep('identity', { ...base, date_of_birth: '2008-11-18' })).status).toBe(200);
    const young = await validateStep('identity', {
      ...base,
      date_of_birth: '2008-11-19',
      driving_licence_number: 'CARTE80402',
    });
    expect(await errorsOf(young)).toEqual({
      date_of_birth: ['You must be at least 18 years old'],
      driving_licence_number: ['Driving licence number must be 16 characters, as on the card (e.g. MORGA753116SM9IJ)'],
    });
    expect((await validateStep('identity', { ...base, driving_licence_number: 'carte 804028 ab9cd' })).status).toBe(
      200,
    );
  });

  it('refuses a cross-origin call and an unknown step', async () => {
    const cross = await t.app.request(
      '/v1/sign-up/validate-step',
      jsonPost({ payload: { step: 'login', values: {} } }, { origin: 'https://evil.example' }),
    );
    expect(cross.status).toBe(403);
    const unknown = await validateStep('payment', {});
    expect(unknown.status).toBe(422);
    expect(Object.keys(await errorsOf(unknown))).toEqual(['step']);
  });
});

describe('POST /v1/sign-up', () => {
  it('creates the partner, the first vehicle and the covers, mails the verification link and signs in', async () => {
    const email = 'Alex.Carter@Example.co.uk';
    const response = await signUp(valid(email), { ...fromNewClient(), host: 'portal.test:8080' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { data: { user_id: number; email: string } };
    expect(body.data.email).toBe('alex.carter@example.co.uk');
    const user = await userRow('alex.carter@example.co.uk');
    expect(user).toMatchObject({
      id: body.data.user_id,
      verified: false,
      role: 'transport_partner',
      account_type: 'business',
      town: 'Manchester',
    });

    const vehicles = await t.db.query(
      'select type, registration_number, make, model, seats, loading_capacity_m3, total_payload_kg, status, place_postcode from vehicles where user_id = $1',
      [body.data.user_id],
    );
    expect(vehicles.rows).toEqual([
      {
        type: 'lwb',
        registration_number: 'MX21ABC',
        make: 'Ford',
        model: 'Transit',
        seats: 3,
        loading_capacity_m3: 11.5,
        total_payload_kg: 1350,
        status: 'PENDING',
        place_postcode: 'M3 4LQ',
      },
    ]);
    const documents = await t.db.query(
      'select type, status, expires_at::text as expires_at, cover_amount_pence from documents where user_id = $1 order by type',
      [body.data.user_id],
    );
    expect(documents.rows).toEqual([
      {
        type: 'goods_in_transit_insurance',
        status: 'pending_review',
        expires_at: '2027-06-30',
        cover_amount_pence: 1_000_000,
      },
      {
        type: 'third_party_insurance',
        status: 'pending_review',
        expires_at: '2027-06-30',
        cover_amount_pence: 100_000_000,
      },
      { type: 'vehicle_insurance', status: 'pending_review', expires_at: '2027-03-31', cover_amount_pence: 1_500_000 },
    ]);
    const details = await t.db.query(
      'select phone, company_number, operating_radius_mi, days_available, date_of_birth::text as dob, driving_licence_number from partner_sign_up_details where user_id = $1',
      [body.data.user_id],
    );
    expect(details.rows).toEqual([
      {
        phone: '07700 900123',
        company_number: '12345678',
        operating_radius_mi: 50,
        days_available: ['mon', 'tue', 'fri'],
        dob: '1988-04-02',
        driving_licence_number: 'CARTE804028AB9CD',
      },
    ]);

    // Signed in like /login: the cookie gives a token, and the partner is not verified yet.
    const cookie = sessionCookieOf(response);
    expect(cookie).not.toBeNull();
    const { access_token } = (await (await requestToken(t.app, cookie)).json()) as { access_token: string };
    const info = (await (await getWithToken(t.app, '/v1/user-info', access_token)).json()) as {
      email_verified: boolean;
    };
    expect(info.email_verified).toBe(false);
    const flags = (await (await getWithToken(t.app, '/v1/app-init', access_token)).json()) as {
      data: { features: Record<string, boolean> };
    };
    expect(Object.values(flags.data.features).every(Boolean)).toBe(true);

    // The mail: to the address as stored, with an absolute link on the server's own origin (not the request's Host).
    const [mail] = await mailsTo('ALEX.CARTER@example.co.uk');
    expect(mail).toMatchObject({ to: 'alex.carter@example.co.uk', subject: 'Please verify your e-mail address' });
    expect(mail?.text).toMatch(/^Hello Alex Carter,/);
    expect(mail?.text).toMatch(/http:\/\/localhost:8080\/tpp\/verify-email\?token=[A-Za-z0-9_-]{43}\n/);
    expect(mail?.html).toContain('<a href="http://localhost:8080/tpp/verify-email?token=');
    expect(mail?.text).not.toContain('portal.test');

    // The link verifies the account, once.
    const token = await tokenFrom(email, 'verify-email');
    const verified = await verify(token);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ data: { email_verified: true } });
    expect((await userRow('alex.carter@example.co.uk'))?.verified).toBe(true);
    const onboarding = (await (await getWithToken(t.app, '/v1/onboarding-status', access_token)).json()) as {
      data: { email_verified: boolean };
    };
    expect(onboarding.data.email_verified).toBe(true);
    const again = await verify(token);
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual({
      message: 'This link was already used.',
      code: 'used',
      errors: { token: ['This link was already used.'] },
    });

    // The new password signs in.
    expect((await login(t.app, email, 'vanman2026')).status).toBe(200);
  });

  it('refuses every failing field at once, and an e-mail already registered (case-insensitive)', async () => {
    const response = await signUp({ ...valid('PARTNER@example.com'), postcode: 'nope', third_party_cover: '5' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'messages.validation',
      errors: {
        email: ['This e-mail is already registered.'],
        postcode: ['Please Enter a Valid UK Postcode'],
        third_party_cover: ['Third party cover must be at least £1,000,000'],
      },
    });
    expect(sessionCookieOf(response)).toBeNull();
  });

  it('with CMR cover for international work stores a fourth cover; an individual keeps no company', async () => {
    const email = 'intl@example.com';
    const response = await signUp({
      ...valid(email),
      account_type: 'individual',
      company_name: 'ignored',
      international_work: true,
      cmr_cover: '60000',
      cmr_expiry: '2027-01-31',
    });
    expect(response.status).toBe(201);
    const { rows } = await t.db.query<{ types: string[]; company: string | null }>(
      `select array_agg(d.type order by d.type) as types, max(s.company_name) as company
         from users u join documents d on d.user_id = u.id join partner_sign_up_details s on s.user_id = u.id
        where u.email = $1`,
      [email],
    );
    expect(rows[0]).toEqual({
      types: ['cmr_insurance', 'goods_in_transit_insurance', 'third_party_insurance', 'vehicle_insurance'],
      company: null,
    });
  });

  it('throttles accounts created per client address (429 with Retry-After), counting only accounts made', async () => {
    const throttled = createApp({
      db: t.db,
      config: {
        ...t.config,
        signUpLimits: { ...SIGN_UP_LIMIT_DEFAULTS, accountsPerAddress: { limit: 1, windowS: 3600 } },
      },
    });
    const headers = { 'x-test-client': 'one-household' };
    const refused = await throttled.request('/v1/sign-up', jsonPost({ payload: { email: '' } }, headers));
    expect(refused.status).toBe(422);
    const first = await throttled.request(
      '/v1/sign-up',
      jsonPost({ payload: valid('first@household.example') }, headers),
    );
    expect(first.status).toBe(201);
    const second = await throttled.request(
      '/v1/sign-up',
      jsonPost({ payload: valid('second@household.example') }, headers),
    );
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('3600');
    expect(await second.json()).toEqual({ message: 'Too many attempts. Please try again later.' });
    expect(await userRow('second@household.example')).toBeUndefined();
  });

  it('throttles e-mail look-ups per client address', async () => {
    const throttled = createApp({
      db: t.db,
      config: {
        ...t.config,
        signUpLimits: { ...SIGN_UP_LIMIT_DEFAULTS, emailChecksPerAddress: { limit: 2, windowS: 900 } },
      },
    });
    const check = () =>
      throttled.request(
        '/v1/sign-up/validate-step',
        jsonPost(
          { payload: { step: 'login', values: { email: 'someone@example.com' } } },
          { 'x-test-client': 'prober' },
        ),
      );
    expect((await check()).status).toBe(422);
    expect((await check()).status).toBe(422);
    const third = await check();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('e-mail verification', () => {
  const signUpAndToken = async (email: string) => {
    const response = await signUp(valid(email));
    expect(response.status).toBe(201);
    const cookie = sessionCookieOf(response);
    const { access_token } = (await (await requestToken(t.app, cookie)).json()) as { access_token: string };
    return access_token;
  };
  const resend = (token: string | null) =>
    t.app.request('/v1/email-verification/resend', {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('resend: signed in only, at most once a minute (429 with Retry-After), each mail a new link', async () => {
    const email = 'resend@example.com';
    const token = await signUpAndToken(email);
    expect((await resend(null)).status).toBe(401);
    const status = () =>
      t.app.request('/v1/email-verification/status', { headers: { authorization: `Bearer ${token}` } });
    expect(await (await status()).json()).toEqual({ data: { email, email_verified: false, resend_in_s: 0 } });
    const first = await resend(token);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ data: { sent: true, retry_after_s: 60 } });
    t.clock.advance(20);
    const second = await resend(token);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('40');
    expect(await second.json()).toEqual({
      message: 'Please wait before asking for another e-mail.',
      retry_after_s: 40,
    });
    expect(((await (await status()).json()) as { data: { resend_in_s: number } }).data.resend_in_s).toBe(40);
    t.clock.advance(40);
    expect((await resend(token)).status).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(3);
    // Newest first, each with its own link; every link verifies (the first one used ends the others).
    expect(mails[0]!.id).toBeGreaterThan(mails[1]!.id);
    expect(new Set(mails.map((m) => m.text)).size).toBe(3);
    expect((await verify(await tokenFrom(email, 'verify-email'))).status).toBe(200);
    const verifiedResend = await resend(token);
    expect(verifiedResend.status).toBe(409);
    expect(await verifiedResend.json()).toEqual({ message: 'Your e-mail is already verified.', code: 'verified' });
    expect(await (await status()).json()).toEqual({ data: { email, email_verified: true, resend_in_s: 0 } });
  });

  it('a link expires after 24 hours, and an unknown or malformed token is refused', async () => {
    const email = 'late@example.com';
    await signUpAndToken(email);
    const token = await tokenFrom(email, 'verify-email');
    t.clock.advance(24 * 3600);
    const expired = await verify(token);
    expect(expired.status).toBe(422);
    expect(await expired.json()).toMatchObject({ message: 'This link has expired.', code: 'expired' });
    expect((await userRow(email))?.verified).toBe(false);
    for (const bad of ['', 'x'.repeat(43), 'not a token', `${token}x`]) {
      const response = await verify(bad);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ message: 'This link is not valid.', code: 'invalid' });
    }
  });
});

describe('password reset', () => {
  const requestReset = (email: string, headers: Record<string, string> = fromNewClient()) =>
    t.app.request('/v1/password-reset/request', jsonPost({ payload: { email } }, headers));
  const confirm = (token: string, password: string, confirmation = password) =>
    t.app.request(
      '/v1/password-reset/confirm',
      jsonPost({ payload: { token, password, password_confirmation: confirmation } }),
    );

  it('answers 202 with the same body whether or not the account exists, and mails only an existing account', async () => {
    const known = await requestReset('Reset@Example.com');
    const unknown = await requestReset('nobody@example.com');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const [knownBody, unknownBody] = [await known.text(), await unknown.text()];
    expect(knownBody).toBe(unknownBody);
    expect(JSON.parse(knownBody)).toEqual({
      message: 'If an account exists for this e-mail, we sent a link to reset the password. It works for one hour.',
    });
    expect(await mailsTo('nobody@example.com')).toEqual([]);
    const [mail] = await mailsTo('reset@example.com');
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.text).toContain('8am to 6pm');
    const blank = await requestReset('');
    expect(blank.status).toBe(422);
    expect(await errorsOf(blank)).toEqual({ email: ["Email can't be blank"] });
  });

  it('sets a new password with the password rule, signs the account out everywhere, and the link works once', async () => {
    const before = await signIn(t.app, 'reset@example.com');
    await requestReset('reset@example.com');
    const token = await tokenFrom('reset@example.com', 'password-reset');

    const weak = await confirm(token, 'weakpass');
    expect(weak.status).toBe(422);
    expect(await errorsOf(weak)).toEqual({
      password: ['Password must be at least 8 characters, with letters and numbers combined'],
    });
    const mismatch = await confirm(token, 'strong2026', 'strong2027');
    expect(await errorsOf(mismatch)).toEqual({ password_confirmation: ['Password confirmation does not match'] });
    // A refused password leaves the link usable.
    const done = await confirm(token, 'strong2026');
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ ok: true });

    expect((await getWithToken(t.app, '/v1/user-info', before.token)).status).toBe(401);
    expect((await requestToken(t.app, before.cookie)).status).toBe(401);
    expect((await login(t.app, 'reset@example.com', 'demo1234')).status).toBe(401);
    expect((await login(t.app, 'reset@example.com', 'strong2026')).status).toBe(200);
    const reused = await confirm(token, 'another2026');
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ code: 'used' });
  });

  it('a reset link expires after one hour', async () => {
    await requestReset('starter@example.com');
    const token = await tokenFrom('starter@example.com', 'password-reset');
    t.clock.advance(3600);
    const expired = await confirm(token, 'strong2026');
    expect(expired.status).toBe(422);
    expect(await expired.json()).toMatchObject({ code: 'expired', message: 'This link has expired.' });
    expect((await login(t.app, 'starter@example.com')).status).toBe(200);
  });

  it('throttles requests per client address (429), and mails an account at most 3 times an hour (still 202)', async () => {
    const throttled = createApp({
      db: t.db,
      config: {
        ...t.config,
        signUpLimits: { ...SIGN_UP_LIMIT_DEFAULTS, resetRequestsPerAddress: { limit: 2, windowS: 900 } },
      },
    });
    const ask = () =>
      throttled.request(
        '/v1/password-reset/request',
        jsonPost({ payload: { email: 'nobody@example.com' } }, { 'x-test-client': 'asker' }),
      );
    expect((await ask()).status).toBe(202);
    expect((await ask()).status).toBe(202);
    const third = await ask();
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('900');

    t.clock.advance(7200);
    const before = (await mailsTo('admin@example.com')).length;
    for (let i = 0; i < 5; i++) expect((await requestReset('admin@example.com')).status).toBe(202);
    expect((await mailsTo('admin@example.com')).length - before).toBe(3);
  });

  it('mails a link on the configured origin whatever Host, X-Forwarded-Host or Origin the request carries', async () => {
    // A forged request from curl passes the same-origin guard (its Origin matches its own Host), so only the link's
    // origin keeps the token from the attacker's host.
    const hostile = {
      host: 'attacker.example',
      origin: 'https://attacker.example',
      'x-forwarded-host': 'attacker.example',
      'x-forwarded-proto': 'https',
    };
    const linkOf = async (email: string) =>
      /(\S+)\/tpp\/password-reset\?token=[A-Za-z0-9_-]{43}/.exec((await mailsTo(email))[0]?.text ?? '')?.[1];

    t.clock.advance(7200);
    expect((await requestReset('reset@example.com', { ...fromNewClient(), ...hostile })).status).toBe(202);
    expect(await linkOf('reset@example.com')).toBe('http://localhost:8080');

    const behindProxy = createApp({ db: t.db, config: { ...t.config, publicOrigin: 'https://partners.example.com' } });
    const response = await behindProxy.request(
      '/v1/password-reset/request',
      jsonPost(
        { payload: { email: 'reset@example.com' } },
        { ...fromNewClient(), ...hostile, origin: 'https://partners.example.com' },
      ),
    );
    expect(response.status).toBe(202);
    expect(await linkOf('reset@example.com')).toBe('https://partners.example.com');
  });

  it('refuses a cross-origin request', async () => {
    const response = await t.app.request(
      '/v1/password-reset/request',
      jsonPost({ payload: { email: 'reset@example.com' } }, { origin: 'https://evil.example' }),
    );
    expect(response.status).toBe(403);
  });
});

describe('the outbox', () => {
  it('lists mails newest first, filters by recipient, and serves one mail by id', async () => {
    const all = (await (await t.app.request('/dev/outbox')).json()) as { data: OutboxMail[] };
    expect(all.data.length).toBeGreaterThan(3);
    const ids = all.data.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = all.data[0]!;
    const one = await t.app.request(`/dev/outbox/${first.id}`);
    expect(await one.json()).toEqual({ data: first });
    expect((await t.app.request('/dev/outbox/999999')).status).toBe(404);
    expect((await t.app.request('/dev/outbox/abc')).status).toBe(404);
    expect(await mailsTo('%00')).toEqual([]);
  });

  it('does not exist unless config.devOutbox (DEV_OUTBOX=1)', async () => {
    const withoutOutbox = createApp({ db: t.db, config: { ...t.config, devOutbox: false } });
    expect((await withoutOutbox.request('/dev/outbox')).status).toBe(404);
    expect((await withoutOutbox.request('/dev/outbox/1')).status).toBe(404);
  });

  it('tells what became of each mail: stored, when no SMTP relay is configured', async () => {
    const [mail] = await mailsTo('reset@example.com');
    expect(mail).toMatchObject({ status: 'stored', sent_at: null, message_id: null, error: null });
  });

  it('writes each mail as an .eml file beside the data folder when there is one', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tpp-data-'));
    try {
      const dataDir = join(folder, 'pglite');
      const withFolder = createApp({ db: t.db, config: { ...t.config, dataDir } });
      const response = await withFolder.request(
        '/v1/password-reset/request',
        jsonPost({ payload: { email: 'unverified@example.com' } }, fromNewClient()),
      );
      expect(response.status).toBe(202);
      const files = readdirSync(outboxFolder(dataDir));
      expect(files).toHaveLength(1);
      const eml = readFileSync(join(outboxFolder(dataDir), files[0]!), 'utf8');
      expect(eml).toContain('To: unverified@example.com\r\n');
      expect(eml).toContain('Subject: Reset your password\r\n');
      expect(eml).toContain('Content-Type: multipart/alternative');
      expect(existsSync(join(dataDir, 'outbox'))).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

afterAll(() => {
  expect(t.errors).toEqual([]);
});
