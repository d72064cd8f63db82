import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { emailVerificationMachine } from '@/machines/sign-up/email-verification.machine';
import { canResend, verificationView } from '@/machines/sign-up/email-verification.selectors';
import { signUpMachine } from '@/machines/sign-up/sign-up.machine';
import { checkSignUpForm, emptySignUpForm, signUpPayload } from '@/machines/sign-up/sign-up.rules';
import { currentStep, passwordChecks, visibleErrors } from '@/machines/sign-up/sign-up.selectors';
import type { SignUpForm } from '@/machines/sign-up/sign-up.types';
import { STEP_FIELDS, type SignUpField, type SignUpStep } from '@/schemas/sign-up';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, delayEvents, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof signUpMachine>;
const TODAY = '2026-11-18';

/** Every step filled in one order, one field an event (each step's fields in the order the page shows them). */
const FILL: Readonly<Record<SignUpStep, readonly (readonly [SignUpField, SignUpForm[keyof SignUpForm]])[]>> = {
  login: [
    ['email', 'alex@example.com'],
    ['password', 'vanman2026'],
    ['password_confirmation', 'vanman2026'],
  ],
  details: [
    ['full_name', 'Alex Carter'],
    ['phone', '07700 900123'],
    ['account_type', 'individual'],
    ['address_line_1', '12 Deansgate'],
    ['postcode', 'M3 4LQ'],
  ],
  vehicle: [
    ['vehicle_type', 'lwb'],
    ['registration_number', 'MX21 ABC'],
    ['make', 'Ford'],
    ['model', 'Transit'],
    ['seats', '3'],
    ['loading_capacity_m3', '11.5'],
    ['total_payload_kg', '1350'],
    ['operating_radius_mi', '50'],
    ['days_available', ['mon', 'fri']],
  ],
  insurance: [
    ['third_party_cover', '1000000'],
    ['third_party_expiry', '2027-06-30'],
    ['goods_in_transit_cover', '5000'],
    ['goods_in_transit_expiry', '2027-06-30'],
    ['vehicle_cover', '10000'],
    ['vehicle_expiry', '2027-03-31'],
  ],
  identity: [
    ['date_of_birth', '1988-04-02'],
    ['driving_licence_number', 'CARTE804028AB9CD'],
  ],
};

const isEmpty = (value: unknown) => value === '' || (Array.isArray(value) && value.length === 0);
const refusal = (errors: Record<string, string[]>) =>
  new HttpError({ status: 422, message: 'messages.validation', errors, code: null, url: 'v1/sign-up' });
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1/sign-up/validate-step' });
const throttled = new HttpError({
  status: 429,
  message: 'Too many attempts. Please try again later.',
  errors: {},
  code: null,
  url: 'v1/sign-up',
});
const postcodeRefused = refusal({ postcode: ['We do not know this postcode area'] });
const emailTaken = refusal({ email: ['This e-mail is already registered.'] });
const licenceRefused = refusal({ driving_licence_number: ['Driving licence number must be 16 characters'] });

/**
 * The partner's moves, kept to one order so the graph stays small: each step is filled field by field; on the way the
 * empty first step is tried once (its messages show), a weak password is typed and put right, and the e-mail field is
 * left once. The server refuses the details step once (an unknown postcode area, put right by another postcode) and
 * cannot be reached once on the vehicle step; the sign-up is refused for an e-mail taken meanwhile (back to step 1)
 * or for the licence (stays on step 5), or throttled, or goes through.
 */
const events = (s: Snap): AnyEventObject[] => {
  const { step, values, touched, serverErrors } = s.context;
  const next = FILL[step].find(([field]) => isEmpty(values[field]));
  const stepFilled = next === undefined;
  const untouched = Object.keys(touched).length === 0;
  return [
    ...(next ? [{ type: 'signUp.field.changed', field: next[0], value: next[1] }] : []),
    ...(step === 'login' && values.email !== '' && values.password === ''
      ? [{ type: 'signUp.field.changed', field: 'password', value: 'weakpass' }]
      : []),
    ...(values.password === 'weakpass'
      ? [{ type: 'signUp.field.changed', field: 'password', value: 'vanman2026' }]
      : []),
    ...(step === 'login' && values.email !== '' && !touched.email
      ? [{ type: 'signUp.field.blurred', field: 'email' }]
      : []),
    ...(serverErrors.postcode ? [{ type: 'signUp.field.changed', field: 'postcode', value: 'LS1 4AP' }] : []),
    ...(serverErrors.email ? [{ type: 'signUp.field.changed', field: 'email', value: 'alex.carter@example.com' }] : []),
    ...(stepFilled || (step === 'login' && values.email === '' && untouched) ? [{ type: 'signUp.next' }] : []),
    // Back from the details step once, as soon as it opens (everything typed on step 1 must still be there)
    ...(step === 'details' && values.full_name === '' ? [{ type: 'signUp.back' }] : []),
    ...(s.matches('refused') && step === 'details' ? [{ type: 'signUp.back' }] : []),
    { type: 'xstate.done.actor.validateStep', output: { ok: true } },
    ...(step === 'details' && values.postcode === 'M3 4LQ'
      ? [{ type: 'xstate.error.actor.validateStep', error: postcodeRefused }]
      : []),
    ...(step === 'vehicle' && s.context.failure === null
      ? [{ type: 'xstate.error.actor.validateStep', error: offline }]
      : []),
    { type: 'xstate.done.actor.submitSignUp', output: { user_id: 42, email: values.email } },
    ...(values.email === 'alex@example.com'
      ? [
          { type: 'xstate.error.actor.submitSignUp', error: emailTaken },
          { type: 'xstate.error.actor.submitSignUp', error: throttled },
        ]
      : []),
    ...(values.email === 'alex.carter@example.com'
      ? [{ type: 'xstate.error.actor.submitSignUp', error: licenceRefused }]
      : []),
  ];
};

const SIZE = { states: 5, transitions: 17 };
const coverage = new Coverage(signUpMachine);

/** Every value typed so far, in the fill order: none is ever lost by Back, Next or a refusal. */
const keptValues = (snap: Snap) => {
  for (const fields of Object.values(FILL))
    for (const [field] of fields) {
      const value = snap.context.values[field];
      if (!isEmpty(value) && field !== 'password' && field !== 'email' && field !== 'postcode')
        expect(value).toEqual(Object.fromEntries(fields)[field]);
    }
};

const check = (
  snap: Snap,
  _step: unknown,
  record: { calls: { src: string; input: unknown }[]; actions: { type: string }[] },
) => {
  // a rule's message shows only for a field the partner left or whose step they tried to leave
  for (const field of Object.keys(visibleErrors(snap))) expect(snap.context.touched[field as SignUpField]).toBe(true);
  // the errors are the rules' verdict on the values, always current
  expect(snap.context.errors).toEqual(checkSignUpForm(snap.context.values, TODAY));
  keptValues(snap);
  // a later step opens only with the steps before it clean
  const order = Object.keys(STEP_FIELDS) as SignUpStep[];
  for (const earlier of order.slice(0, order.indexOf(currentStep(snap))))
    for (const field of STEP_FIELDS[earlier]) expect(snap.context.errors[field]).toBeUndefined();
  for (const call of record.calls) {
    const input = call.input as { step?: SignUpStep; values: ReturnType<typeof signUpPayload> };
    // the server gets every field, CMR and company as null for an individual working at home
    expect(input.values).toMatchObject({ company_name: null, company_number: null, cmr_cover: null, cmr_expiry: null });
    if (call.src === 'submitSignUp') expect(input.values.driving_licence_number).toBe('CARTE804028AB9CD');
  }
  // the verify-e-mail page opens once, when signed up
  expect(record.actions.filter((a) => a.type === 'announceSignedUp')).toHaveLength(snap.matches('done') ? 1 : 0);
};

/**
 * Of the shortest paths, those that no longer path continues: a sign-up path is thirty events long, and replaying each
 * of its prefixes as a path of its own checks nothing the whole path does not (the checks run after every step).
 */
const maximalPaths = <P extends { steps: readonly { event: AnyEventObject }[] }>(paths: readonly P[]): P[] => {
  const keys = paths.map((p) => p.steps.map((step) => JSON.stringify(step.event)).join('\n'));
  return paths.filter((_p, i) => !keys.some((other, j) => j !== i && other.startsWith(`${keys[i]}\n`)));
};

describe('partner sign-up', () => {
  const paths = getShortestPaths(signUpMachine, { events, input: { today: TODAY }, ...byIncomingEvent } as never);

  it.each(maximalPaths(paths).map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      signUpMachine,
      path,
      {
        input: { today: TODAY },
        promiseActors: ['validateStep', 'submitSignUp'],
        actions: ['announceSignedUp'],
        check,
      },
      coverage,
    );
  });

  it('shows the empty first step’s messages only after Next, and keeps the typed values through a refusal', () => {
    const tried = paths.find((p) => p.steps.length === 2 && p.steps[1]?.event.type === 'signUp.next')!;
    expect(Object.keys(visibleErrors(tried.state))).toEqual(['email', 'password', 'password_confirmation']);
    const refused = paths.find((p) => p.state.matches('refused') && p.state.context.step === 'login')!;
    expect(refused.state.context.serverErrors).toEqual({ email: ['This e-mail is already registered.'] });
    expect(refused.state.context.values.driving_licence_number).toBe('CARTE804028AB9CD');
  });

  it('says which parts of the password hint are met, as typed', () => {
    const weak = paths.find((p) => p.state.context.values.password === 'weakpass')!;
    expect(passwordChecks(weak.state)).toEqual({ length: true, letters: true, numbers: false });
  });
});

describe('sign-up rules', () => {
  const filled: SignUpForm = {
    ...emptySignUpForm(),
    ...Object.fromEntries(Object.values(FILL).flat()),
  } as SignUpForm;

  it('asks company fields of a business, and the CMR cover with its minimum for international work', () => {
    expect(checkSignUpForm(filled, TODAY)).toEqual({});
    expect(checkSignUpForm({ ...filled, account_type: 'business' }, TODAY)).toEqual({
      company_name: { rule: 'required_if' },
      company_number: { rule: 'required_if' },
    });
    expect(checkSignUpForm({ ...filled, international_work: true, cmr_cover: '49999' }, TODAY)).toEqual({
      cmr_cover: { rule: 'min_value', params: { min: 50_000 } },
      cmr_expiry: { rule: 'required_if' },
    });
    // CMR typed and then international work switched off: not checked, not sent
    const away = { ...filled, international_work: false, cmr_cover: '1', cmr_expiry: '2020-01-01' };
    expect(checkSignUpForm(away, TODAY)).toEqual({});
    expect(signUpPayload(away)).toMatchObject({ cmr_cover: null, cmr_expiry: null });
  });

  it('names each cover’s minimum, refuses past expiry dates and an age under 18, and reads numbers as typed', () => {
    expect(
      checkSignUpForm(
        {
          ...filled,
          third_party_cover: '999999',
          goods_in_transit_cover: '4999',
          vehicle_cover: '10000.5',
          vehicle_expiry: TODAY,
          date_of_birth: '2008-11-19',
          registration_number: 'mx21abc',
          driving_licence_number: 'carte 804028 ab9cd',
          postcode: 'M1',
          phone: '123',
          days_available: [],
        },
        TODAY,
      ),
    ).toEqual({
      third_party_cover: { rule: 'min_value', params: { min: 1_000_000 } },
      goods_in_transit_cover: { rule: 'min_value', params: { min: 5_000 } },
      vehicle_cover: { rule: 'integer' },
      vehicle_expiry: { rule: 'min_value', params: { min: TODAY } },
      date_of_birth: { rule: 'max_value', params: { max: '2008-11-18' } },
      postcode: { rule: 'postcode' },
      phone: { rule: 'regex' },
      days_available: { rule: 'required' },
    });
  });
});

// E-mail verification with resend.

type VSnap = SnapshotFrom<typeof emailVerificationMachine>;
const linkRefused = (reason: string) =>
  new HttpError({ status: 422, message: 'This link has expired.', errors: {}, code: null, reason, url: 'verify' });
const tooSoon = new HttpError({ status: 429, message: 'Please wait', errors: {}, code: null, url: 'resend' });
const verifiedMeanwhile = new HttpError({
  status: 409,
  message: 'verified',
  errors: {},
  code: null,
  reason: 'verified',
  url: 'resend',
});

const verificationEvents = (s: VSnap): AnyEventObject[] => [
  { type: 'verifyEmail.resend.requested' },
  { type: 'verifyEmail.retried' },
  { type: 'xstate.done.actor.verifyToken', output: { data: { email_verified: true } } },
  { type: 'xstate.error.actor.verifyToken', error: linkRefused('expired') },
  { type: 'xstate.error.actor.verifyToken', error: offline },
  {
    type: 'xstate.done.actor.loadStatus',
    output: { email: 'alex@example.com', email_verified: false, resend_in_s: 0 },
  },
  {
    type: 'xstate.done.actor.loadStatus',
    output: { email: 'alex@example.com', email_verified: false, resend_in_s: 2 },
  },
  { type: 'xstate.done.actor.loadStatus', output: { email: 'alex@example.com', email_verified: true, resend_in_s: 0 } },
  ...(s.context.failure === null ? [{ type: 'xstate.error.actor.loadStatus', error: offline }] : []),
  { type: 'xstate.done.actor.resendMail', output: { sent: true, retry_after_s: 2 } },
  ...(s.context.failure === null ? [{ type: 'xstate.error.actor.resendMail', error: tooSoon }] : []),
  { type: 'xstate.error.actor.resendMail', error: verifiedMeanwhile },
  ...(s.context.failure === null ? [{ type: 'xstate.error.actor.resendMail', error: offline }] : []),
  ...delayEvents(emailVerificationMachine),
];

const VERIFICATION_SIZE = { states: 10, transitions: 19 };
const verificationCoverage = new Coverage(emailVerificationMachine);

describe.each([
  ['opened from the mail’s link, signed in', { token: 'a'.repeat(43), signedIn: true }],
  ['opened from the mail’s link, signed out', { token: 'a'.repeat(43), signedIn: false }],
  ['after sign-up, signed in', { token: null, signedIn: true }],
  ['signed out, without a link', { token: null, signedIn: false }],
] as const)('e-mail verification %s', (_name, input) => {
  const paths = getShortestPaths(emailVerificationMachine, {
    events: verificationEvents,
    input,
    ...byIncomingEvent,
  } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_path, path) => {
    await runPath(
      emailVerificationMachine,
      path,
      {
        input,
        promiseActors: ['verifyToken', 'loadStatus', 'resendMail'],
        delays: { oneSecond: 1000 },
        exactDelays: true,
        check: (snap, _step, record) => {
          // the token is sent once, and only from a link; resending needs a session
          expect(record.calls.filter((c) => c.src === 'verifyToken')).toHaveLength(
            input.token && !snap.matches('starting')
              ? Math.max(1, record.calls.filter((c) => c.src === 'verifyToken').length)
              : 0,
          );
          if (!input.signedIn) expect(record.calls.filter((c) => c.src !== 'verifyToken')).toEqual([]);
          for (const call of record.calls.filter((c) => c.src === 'verifyToken'))
            expect(call.input).toEqual({ token: input.token });
          // Resend is offered only while nothing is counting down or being sent
          expect(canResend(snap)).toBe(input.signedIn && (snap.matches('waiting') || snap.matches('linkRefused')));
          if (snap.matches('coolingDown')) expect(snap.context.secondsLeft).toBeGreaterThan(0);
          expect(verificationView(snap)).not.toBe(undefined);
        },
      },
      verificationCoverage,
    );
  });
});

afterAll(() => {
  coverage.expectComplete(SIZE);
  verificationCoverage.expectComplete(VERIFICATION_SIZE);
});
