import { afterAll, describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { emptyPrivateJob, EMPTY_REQUEST, toReservationInputs } from '@/machines/reservation-wizard/reservation-request';
import { reservationWizard } from '@/machines/reservation-wizard/reservation-wizard.machine';
import {
  canSubmit,
  createdOf,
  hasLoadFailed,
  hasSubmitFailed,
  isNotEligible,
  blockedWorkOf,
  issuesOf,
  reviewDaysOf,
  shownIssuesOf,
  stepOf,
  wasRestored,
} from '@/machines/reservation-wizard/reservation-wizard.selectors';
import type {
  AcceptInput,
  RequestForm,
  ResolvedPlace,
  ReviewResult,
  ValidateInput,
  WizardSetup,
} from '@/machines/reservation-wizard/reservation-wizard.types';
import type { ReservationNotice } from '@/machines/reservations/reservation-notices';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import type { Reservation, ReservationDraft } from '@/schemas/reservation';
import type { UserId } from '@/schemas/user';
import type { ProviderVehicle } from '@/schemas/vehicle';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath, settled } from './model-harness';

type Snap = SnapshotFrom<typeof reservationWizard>;

const USER = 5 as UserId;
const VAN = {
  id: 7 as ProviderVehicleId,
  registration: 'OE19 HCK',
  type: 'lwb',
  loading_capacity_m3: 11.3,
  place: null,
};
const SETUP: WizardSetup = {
  info: {
    reservation_period: { start: '2026-11-21', end: '2026-12-18' },
    custom_reservation: true,
    eligible_vehicle_types: ['lwb'],
    eligible: true,
  },
  vehicles: [VAN as unknown as ProviderVehicle],
};
const NOT_ELIGIBLE: WizardSetup = { ...SETUP, info: { ...SETUP.info, eligible: false } };
/** The work rule's decision (schemas/onboarding.ts): a journey-ready partner suspended after a false completion. */
const SUSPENDED = {
  may_work: false,
  reasons: ['suspended' as const],
  suspended_until: '2026-11-27T10:00:00.000Z',
  documents: { missing: [], expired: [] },
};
const WORK_BLOCKED: WizardSetup = { ...SETUP, info: { ...SETUP.info, work: SUSPENDED } };
const MANCHESTER: ResolvedPlace = { lat: 53.4808, lng: -2.2426, town: 'Manchester', postcode: 'M1 1AE' };
const D1 = '2026-11-24';
const D2 = '2026-11-25';

/** The request a partner had typed before the page reloaded: valid once its postcode is found. */
const SAVED: RequestForm = {
  ...EMPTY_REQUEST,
  vehicleId: VAN.id,
  dates: [D1, D2],
  startPostcode: 'M1 1AE',
  capacity: '11',
};
const draft = (id: number, date: string) =>
  ({ id, date, min_price: { amount: 14100 }, max_price: { amount: 16100 } }) as unknown as ReservationDraft;
const created = [{ id: 95, date: D1, status: 'pending' }] as unknown as Reservation[];
const allPriced = { drafts: [draft(1, D1), draft(2, D2)], dayErrors: [] };
const oneRefused = {
  drafts: [draft(3, D1)],
  dayErrors: [{ date: D2, code: 'location_out_of_range', field: 'nodes.0.place.postcode' }],
};
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1' });
const refused = new HttpError({
  status: 403,
  message: 'You are not eligible to make reservations.',
  errors: {},
  code: null,
  url: 'v1',
});
/** The server refused the validate or the create: the partner may not take work any more (a refusal by the rule). */
const workRefused = new HttpError({
  status: 403,
  message: 'Your account is suspended until 27 November 2026 at 10:00 (London time) after a false completion.',
  errors: {},
  code: null,
  work: SUSPENDED,
  url: 'v1',
});
const expired = new HttpError({
  status: 422,
  message: 'messages.validation',
  errors: { 'reservations.0': ['This reservation is no longer waiting to be created (used or expired)'] },
  code: null,
  url: 'v1',
});

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e });

/** Keys the model can predict (the real ones are random UUIDs, tested below). */
const machine = reservationWizard.provide({
  actions: {
    addPrivateJob: assign({
      request: ({ context }: { context: Snap['context'] }) => ({
        ...context.request,
        privateJob: emptyPrivateJob('1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed'),
      }),
    }),
    issueSubmitKey: assign({
      submitKey: ({ context }: { context: Snap['context'] }) => context.submitKey ?? 'submit-key',
      submitFailed: false,
    }),
  } as never,
});

/** Loading, its failure and a partner who may not reserve. */
const loadEvents = (s: Snap): AnyEventObject[] =>
  s.matches('loading') || s.matches('failed')
    ? [
        done('loadSetup', SETUP),
        done('loadSetup', NOT_ELIGIBLE),
        done('loadSetup', WORK_BLOCKED),
        error('loadSetup', offline),
        { type: 'wizard.retried' },
      ]
    : [];

/** Step 1, from an empty request: each kind of edit once, the look-up's answers, and Next (refused). */
const editEvents = (s: Snap): AnyEventObject[] => {
  if (!s.matches('requesting')) return loadEvents(s).slice(0, 1);
  const job = s.context.request.privateJob;
  return [
    ...(s.context.request.people === '1' ? [{ type: 'request.changed', patch: { people: '2' } }] : []),
    ...(s.context.request.dates.length === 0 ? [{ type: 'date.toggled', date: D1 }] : []),
    ...(job === null && !s.context.touched.includes('volume') ? [{ type: 'privateJob.added' }] : []),
    ...(job && job.volume === '' ? [{ type: 'privateJob.changed', patch: { volume: '4' } }] : []),
    ...(job && job.volume !== '' ? [{ type: 'privateJob.removed' }] : []),
    ...(s.context.places['M1 1AE'] === undefined
      ? [
          { type: 'postcode.resolved', postcode: 'M1 1AE', place: MANCHESTER },
          { type: 'postcode.failed', postcode: 'M1 1AE' },
        ]
      : []),
    ...(s.context.revealAll ? [] : [{ type: 'wizard.next' }]),
  ];
};

/** Steps 2 and 3, from a restored request: review, remove days, back, submit, its failures, and a new request. */
const reviewEvents = (s: Snap): AnyEventObject[] => {
  if (s.matches('loading')) return [done('loadSetup', SETUP)];
  if (s.matches('requesting'))
    return s.context.places['M1 1AE'] === undefined
      ? [{ type: 'postcode.resolved', postcode: 'M1 1AE', place: MANCHESTER }]
      : [{ type: 'wizard.next' }];
  if (s.matches('validating'))
    return [
      done('validateDrafts', allPriced),
      done('validateDrafts', oneRefused),
      error('validateDrafts', refused),
      error('validateDrafts', workRefused),
    ];
  if (s.matches('reviewing'))
    return [
      { type: 'day.removed', date: D1 },
      { type: 'day.removed', date: D2 },
      { type: 'wizard.back' },
      { type: 'wizard.submitted' },
    ];
  if (s.matches('submitting'))
    return [
      done('acceptDrafts', created),
      error('acceptDrafts', offline),
      error('acceptDrafts', expired),
      error('acceptDrafts', workRefused),
    ];
  return [{ type: 'wizard.restarted' }];
};

/** Of the shortest paths to every state, one per last step (state before, event, state after). */
const onePerStep = <P extends { steps: Array<{ state: Snap; event: AnyEventObject }> }>(paths: P[]): P[] => {
  const seen = new Set<string>();
  return paths.filter((p) => {
    const last = p.steps.at(-1)!;
    const before = p.steps.at(-2)?.state ?? null;
    const key = JSON.stringify([before?.value, before?.context.submitKey, last.event, last.state.value]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const scenarios = [
  { name: 'loading and eligibility', events: loadEvents, saved: null },
  { name: 'step 1 as the partner types', events: editEvents, saved: null },
  { name: 'a request restored after a reload, reviewed and submitted', events: reviewEvents, saved: SAVED },
];

function expectLooksRight(snap: Snap) {
  const step = stepOf(snap);
  if (snap.matches('requesting') || snap.matches('validating')) expect(step).toBe(1);
  if (snap.matches('reviewing') || snap.matches('submitting')) expect(step).toBe(2);
  if (snap.matches('submitted')) expect([step, createdOf(snap)]).toEqual([3, created]);
  expect(hasLoadFailed(snap)).toBe(snap.matches('failed'));
  expect(isNotEligible(snap)).toBe(snap.matches('notEligible'));
  // the notice of why work is closed shows exactly in workBlocked, with the server's decision; no form then
  expect(blockedWorkOf(snap)).toEqual(snap.matches('workBlocked') ? SUSPENDED : null);
  if (snap.matches('workBlocked')) expect([stepOf(snap), snap.context.submitKey]).toEqual([null, null]);
  // nothing goes to step 2 with a broken rule
  if (snap.matches('validating')) expect(issuesOf(snap)).toEqual([]);
  // messages show for fields the partner touched, or all of them after Next
  if (!snap.context.revealAll)
    for (const issue of shownIssuesOf(snap)) expect(snap.context.touched).toContain(issue.field);
  if (snap.matches('reviewing')) {
    const days = reviewDaysOf(snap);
    expect(days.length).toBeGreaterThan(0);
    expect(canSubmit(snap)).toBe(snap.context.drafts.length > 0);
    // a day removed from the review is removed from the request too
    for (const day of days) expect(snap.context.request.dates).toContain(day.date);
  }
  if (!snap.matches('reviewing') && !snap.matches('submitting')) expect(snap.context.submitKey).toBeNull();
  if (snap.matches('submitting')) expect(snap.context.submitKey).toBe('submit-key');
  if (!snap.matches('reviewing')) expect(hasSubmitFailed(snap)).toBe(false);
}

const SIZE = { states: 9, transitions: 26 };
const coverage = new Coverage(reservationWizard);

describe.each(scenarios)('reservation wizard: $name', ({ events, saved }) => {
  const input = { userId: USER, saved };
  const paths = onePerStep(
    getShortestPaths(machine, { events, input, ...byIncomingEvent } as never) as never[],
  ) as ReturnType<typeof getShortestPaths>;

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let noticed = 0;
    let saves = 0;
    await runPath(
      machine,
      path,
      {
        input,
        promiseActors: ['loadSetup', 'validateDrafts', 'acceptDrafts'],
        callbackActors: ['lookUpPostcodes'],
        actions: ['persistRequest', 'clearSavedRequest', 'notify'],
        check: (snap, step, record) => {
          expectLooksRight(snap);
          const calls = (src: string) => record.calls.filter((c) => c.src === src);
          const type = step.event.type;
          // the restored request, fitted to the period and the vehicles, is what step 1 shows
          if (type === 'xstate.done.actor.loadSetup' && snap.matches('requesting')) {
            expect(wasRestored(snap)).toBe(saved !== null);
            expect(snap.context.request).toEqual(saved ?? EMPTY_REQUEST);
          }
          // the look-up is asked, when step 1 opens, for the complete postcodes not yet found
          const lookups = calls('lookUpPostcodes');
          if (snap.matches('requesting')) expect(lookups.at(-1)?.input).toBeDefined();
          // step 2 validates each chosen day of the request, for the chosen van and this user
          for (const call of calls('validateDrafts')) {
            const sent = call.input as ValidateInput;
            expect([sent.userId, sent.vehicleId]).toEqual([USER, VAN.id]);
          }
          if (type === 'wizard.next' && snap.matches('validating')) {
            const sent = calls('validateDrafts').at(-1)!.input as ValidateInput;
            expect(sent.reservations).toEqual(toReservationInputs(snap.context.request, snap.context.places));
          }
          // the create sends the drafts listed, with the create's key (the same after no answer)
          for (const call of calls('acceptDrafts')) expect((call.input as AcceptInput).key).toBe('submit-key');
          if (type === 'wizard.submitted')
            expect((calls('acceptDrafts').at(-1)!.input as AcceptInput).ids).toEqual(
              snap.context.drafts.map((d) => d.id),
            );
          if (type === 'xstate.error.actor.acceptDrafts' && (step.event as { error?: unknown }).error === offline) {
            expect(hasSubmitFailed(snap)).toBe(true);
            expect(snap.context.submitKey).toBe('submit-key');
          }
          // every edit of step 1 is saved for a reload; the saved request is dropped once created
          const saving = record.actions.filter((a) => a.type === 'persistRequest');
          if (saving.length > saves) expect(saving.at(-1)!.params).toEqual({ request: snap.context.request });
          saves = saving.length;
          if (type === 'xstate.done.actor.acceptDrafts')
            expect(record.actions.filter((a) => a.type === 'clearSavedRequest')).toHaveLength(1);
          // toasts: a success once created; one per broken rule of a refused day (spec §8); a failure otherwise
          const told = record.actions.slice(noticed).filter((a) => a.type === 'notify');
          noticed = record.actions.length;
          const notices = told.flatMap((t) => (t.params as { notices: ReservationNotice[] }).notices);
          if (type === 'xstate.done.actor.acceptDrafts')
            expect(notices).toEqual([{ tone: 'success', title: 'reservations.toast.created' }]);
          else if (type === 'xstate.done.actor.validateDrafts')
            expect(notices).toEqual(
              snap.context.dayErrors.map((e) => ({
                tone: 'danger',
                title: `reservationError.${e.code}`,
                date: e.date,
              })),
            );
          // refused by the work rule: the page says why instead of a toast
          else if ((step.event as { error?: unknown }).error === workRefused) expect(notices).toEqual([]);
          else if (type === 'xstate.error.actor.validateDrafts')
            expect(notices).toEqual([
              { tone: 'danger', title: 'reservations.toast.createFailed', textId: 'reservations.refusal.notEligible' },
            ]);
          else if (type === 'xstate.error.actor.acceptDrafts' && !hasSubmitFailed(snap))
            expect(notices).toEqual([
              {
                tone: 'danger',
                title: 'reservations.toast.createFailed',
                text: 'This reservation is no longer waiting to be created (used or expired)',
              },
            ]);
          else expect(notices).toEqual([]);
        },
      },
      coverage,
    );
  });
});

describe('reservation wizard against fake calls', () => {
  function start(saved: unknown) {
    const accepts: Array<{
      input: AcceptInput;
      answer: (r: readonly Reservation[]) => void;
      fail: (e: unknown) => void;
    }> = [];
    const actor = createActor(
      reservationWizard.provide({
        actors: {
          loadSetup: fromPromise(() => Promise.resolve(SETUP)),
          lookUpPostcodes: fromCallback(() => undefined),
          validateDrafts: fromPromise<ReviewResult, ValidateInput>(() => Promise.resolve(allPriced)),
          acceptDrafts: fromPromise<readonly Reservation[], AcceptInput>(
            ({ input }) => new Promise((answer, fail) => accepts.push({ input, answer, fail })),
          ),
        },
      }),
      { input: { userId: USER, saved } },
    );
    actor.start();
    return { actor, accepts };
  }
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('submits once on a double click, and again with the same key only after no answer', async () => {
    const { actor, accepts } = start(SAVED);
    await settled();
    actor.send({ type: 'postcode.resolved', postcode: 'M1 1AE', place: MANCHESTER });
    actor.send({ type: 'wizard.next' });
    await settled();
    actor.send({ type: 'wizard.submitted' });
    actor.send({ type: 'wizard.submitted' });
    expect(accepts).toHaveLength(1);
    expect(accepts[0]!.input.key).toMatch(UUID);
    accepts[0]!.fail(offline);
    await settled();
    actor.send({ type: 'wizard.submitted' });
    expect(accepts[1]!.input.key).toBe(accepts[0]!.input.key);
    accepts[1]!.answer(created);
    await settled();
    expect(stepOf(actor.getSnapshot())).toBe(3);
  });

  it('drops what no longer holds from a saved request: past days, a van no longer listed, junk', async () => {
    const { actor } = start({ ...SAVED, vehicleId: 99, dates: ['2026-11-01', D2] });
    await settled();
    expect(actor.getSnapshot().context.request).toMatchObject({ vehicleId: null, dates: [D2] });
    const junk = start({ vehicleId: 'seven' });
    await settled();
    expect(junk.actor.getSnapshot().context.request).toEqual(EMPTY_REQUEST);
    expect(wasRestored(junk.actor.getSnapshot())).toBe(false);
  });

  it('gives a private job a new UUID, and adds only one', async () => {
    const { actor } = start(null);
    await settled();
    actor.send({ type: 'privateJob.added' });
    const first = actor.getSnapshot().context.request.privateJob?.uuid;
    actor.send({ type: 'privateJob.added' });
    expect(first).toMatch(UUID);
    expect(actor.getSnapshot().context.request.privateJob?.uuid).toBe(first);
  });
});

afterAll(() => coverage.expectComplete(SIZE));
