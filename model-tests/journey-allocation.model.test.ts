import { Schema } from 'effect';
import { afterAll, describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { journeyAllocationMachine } from '@/machines/journey-allocation/journey-allocation.machine';
import {
  allocationPanel,
  canCancelInterest,
  canEditInterest,
  cancelMsLeft,
  handedBackOf,
  interestOf,
  offerActor,
  hasFleetFailed,
  hasLoadFailed,
  isDeallocationOpen,
  isEditingInterest,
  isInterestLocked,
  isNotFound,
  isSubmitting,
  shownOfferErrors,
  trackingOf,
  viewOf,
} from '@/machines/journey-allocation/journey-allocation.selectors';
import type {
  JourneyLoaded,
  JourneyNotice,
  OfferFleet,
  SubmitOfferInput,
} from '@/machines/journey-allocation/journey-allocation.types';
import { journeyDriverMachine } from '@/machines/journey-allocation/journey-driver.machine';
import { amountText, journeyOfferMachine } from '@/machines/journey-allocation/journey-offer.machine';
import { DeallocationResponse, ExpressedInterest, JourneyResponse, JourneyVehicle } from '@/schemas/journey';
import { ProviderDriver, type DriverId } from '@/schemas/driver';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import { HttpError, NetworkError } from '@/src/api/errors';
import {
  byIncomingEvent,
  Coverage,
  describePath,
  edgeCoveringPaths,
  runPath,
  settled,
  startMachine,
} from './model-harness';

const HOUR = 3_600_000;
/** Now on the server's clock when the page reads the journey. */
const T0 = Date.parse('2026-11-20T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

// ---------------------------------------------------------------------------------------------------------------
// Answers of the server

type Patch = Record<string, unknown>;

/** Journey 42 as the server answers it (first pickup in 72 hours), changed by the patches. */
const view = (allocation: Patch | null, actions: Patch, journey: Patch = {}, driver: Patch | null = null) =>
  Schema.decodeUnknownSync(JourneyResponse)({
    journey: {
      id: 42,
      status: 'open',
      category: 'journey_general_goods_move',
      first_pickup_at: iso(T0 + 72 * HOUR),
      start_town: 'Nuneaton',
      end_town: 'Whitburn',
      volume_m3: 6,
      distance_m: 478_490,
      stops: 2,
      tp_quote: { amount: 40_000 },
      tp_quote_return: { amount: 22_000 },
      completed_at: null,
      customer_details: 'hidden_until_allocation',
      nodes: [],
      listings: [],
      ...journey,
    },
    allocationDetails:
      allocation === null
        ? null
        : {
            status: 'UNALLOCATED',
            allocationMethod: 'EXPRESS_INTEREST',
            providerId: null,
            providerVehicleId: null,
            tpQuote: { amount: 40_000 },
            tpQuoteReturn: { amount: 22_000 },
            allocatedAt: null,
            ...allocation,
          },
    driver:
      driver === null
        ? null
        : { id: 9, user_id: 9, full_name: 'Charlie Watson', phone: '07700 900123', email: 'c@example.com', ...driver },
    actions: {
      eligible: true,
      reason: null,
      express_interest: false,
      cancel_interest: false,
      edit_interest: false,
      click_and_claim: false,
      allocate_driver: false,
      allocate_driver_real: false,
      deallocate_driver: false,
      ...actions,
    },
  });

const HELD = { allocate_driver: true, allocate_driver_real: true, deallocate_driver: true };
const ALLOCATED: Patch = { status: 'ALLOCATED', providerId: 1, providerVehicleId: 5, allocatedAt: iso(T0 - 48 * HOUR) };

const views = {
  interest: view({}, { express_interest: true }),
  claim: view({ allocationMethod: 'CLICK_AND_CLAIM' }, { click_and_claim: true }),
  pending: view(
    { allocationMethod: 'EXPRESSED_INTEREST', providerVehicleId: 5 },
    { cancel_interest: true, edit_interest: true },
  ),
  notEligible: view({}, { eligible: false, reason: 'not_journey_ready' }),
  closed: view(null, {}, { first_pickup_at: iso(T0 - HOUR) }),
  allocated: view(ALLOCATED, HELD, { status: 'allocated', customer_details: 'shown' }, { confirmed: true }),
  allocatedSoon: view(
    ALLOCATED,
    HELD,
    { status: 'allocated', first_pickup_at: iso(T0 + 12 * HOUR) },
    { confirmed: true },
  ),
  completed: view(ALLOCATED, {}, { status: 'completed', customer_details: 'removed', completed_at: iso(T0 - HOUR) }),
  noDriver: view(ALLOCATED, HELD, { status: 'allocated' }),
};

const interest = (cancellableUntil: number) =>
  Schema.decodeUnknownSync(ExpressedInterest)({
    id: 7,
    journey_id: 42,
    provider_vehicle_id: 5,
    registration_number: 'AB52 CDE',
    tp_quote: { amount: 40_000 },
    tp_quote_return: { amount: 22_000 },
    selected_number_of_men_option: 2,
    expressed_at: iso(T0 - 5 * HOUR),
    cancellable_until: iso(cancellableUntil),
    can_cancel: cancellableUntil > T0,
  });

const loaded = (v: JourneyResponse, pending: ExpressedInterest | null = null): JourneyLoaded => ({
  view: v,
  interest: pending,
  serverNow: T0,
  clockOffsetMs: 0,
});
const pendingInterestOf = (read: JourneyLoaded): ExpressedInterest => read.interest!;
const reads = {
  interest: loaded(views.interest),
  claim: loaded(views.claim),
  pending: loaded(views.pending, interest(T0 + 48 * HOUR)),
  pendingLate: loaded(views.pending, interest(T0 - HOUR)),
  notEligible: loaded(views.notEligible),
  closed: loaded(views.closed),
  allocated: loaded(views.allocated),
  allocatedSoon: loaded(views.allocatedSoon),
  completed: loaded(views.completed),
};

const http = (status: number, message: string, reason: string | null, errors: Record<string, string[]> = {}) =>
  new HttpError({ status, message, errors, code: null, reason, url: 'journey' });
const notFound = http(404, 'The journey does not exist or its not allocated to you.', 'not_found');
const serverDown = http(500, 'Sorry, something went wrong', null);
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'journey' });
const deadlinePassed = http(
  409,
  'Interest can be cancelled only until 24 hours before the first pickup.',
  'cancel_deadline_passed',
);
const noInterest = http(404, 'You have no pending interest in this journey.', 'no_interest');
const taken = http(409, 'Sorry, this journey has already been allocated to another partner.', 'taken');
const notEligible = Object.assign(
  http(403, "You are currently not eligible for the provider's journeys...", 'not_eligible'),
  { detail: 'AB12 CDE holds 3 m³; this journey needs 6 m³.' },
);
/** Refused by the work rule (server/partner/work-eligibility.ts): suspended since the page was read. */
const workRefused = new HttpError({
  status: 403,
  message: "You are currently not eligible for the provider's journeys...",
  errors: {},
  code: null,
  reason: 'not_eligible',
  detail: 'Your account is suspended until 25 November 2026 at 14:30 (London time).',
  work: {
    may_work: false,
    reasons: ['suspended'],
    suspended_until: '2026-11-25T14:30:00.000Z',
    documents: { missing: [], expired: [] },
  },
  url: 'journey',
});
const selectDriver = http(422, 'messages.validation', null, { driver_id: ['Please select a driver'] });
const cannotChange = http(409, 'You cannot edit or cancel this job at this time.', 'cannot_change');

const deallocation = Schema.decodeUnknownSync(DeallocationResponse)({
  data: {
    journey_id: 42,
    reason: 'vehicle_issues',
    note: null,
    charge: { amount: 300 },
    charge_band: 'from_48h',
    job_value: { amount: 40_000 },
    deallocated_at: iso(T0),
  },
}).data;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e });

/** The toasts the machines ask for, as the page receives them. */
const told = (actions: ReadonlyArray<{ params: unknown }>) => actions.map((a) => a.params as JourneyNotice);

// ---------------------------------------------------------------------------------------------------------------
// The page's machine

type PageSnap = SnapshotFrom<typeof journeyAllocationMachine>;

const pageEvents: AnyEventObject[] = [
  ...Object.values(reads).map((read) => done('loadJourney', read)),
  error('loadJourney', notFound),
  error('loadJourney', serverDown),
  { type: 'journey.retried' },
  { type: 'clock.ticked', now: T0 + 60_000 },
  // past the cancellation deadline (T0 + 48 h) and the opening of tracking (T0 + 48 h)
  { type: 'clock.ticked', now: T0 + 49 * HOUR },
  { type: 'interest.cancelled' },
  { type: 'interest.editStarted' },
  { type: 'interest.editDiscarded' },
  done('cancelInterest', undefined),
  error('cancelInterest', deadlinePassed),
  error('cancelInterest', noInterest),
  done('journeyOffer', { outcome: 'accepted' }),
  done('journeyOffer', { outcome: 'taken' }),
  done('journeyOffer', { outcome: 'changed' }),
  done('journeyDriver', deallocation),
  { type: 'journey.changed', view: views.noDriver },
];

/**
 * The server's answers as they would come: a first read of any journey; after an offer was accepted the journey
 * allocated or the interest pending; after a cancellation or a hand-back the journey open again. The clock only moves
 * forward, and a driver change answers only for a journey the partner holds.
 */
const pageTraversal = {
  input: { id: '42' },
  filterEvents: (s: PageSnap, event: AnyEventObject) => {
    if (!s.can(event as never)) return false;
    if (event.type === 'clock.ticked') return (event as unknown as { now: number }).now > s.context.serverNow;
    // the driver panel reports changes only while it runs, for the journey it holds (the first pickup stays put)
    if (event.type === 'journey.changed')
      return (
        s.children.journeyDriver !== undefined &&
        s.context.view?.journey.first_pickup_at === views.noDriver.journey.first_pickup_at
      );
    if (event.type === 'xstate.done.actor.loadJourney' && s.context.view !== null) {
      const read = (event as unknown as { output: JourneyLoaded }).output;
      const before = s.context.view.allocationDetails?.allocationMethod;
      if (s.context.handedBack !== null || before === 'EXPRESSED_INTEREST') return read === reads.interest;
      if (before === 'CLICK_AND_CLAIM') return read === reads.allocated;
      return read === reads.pending;
    }
    return true;
  },
};

/** Of many generated paths, one per last step: the state and context before it, the event, the state after it. */
const onePerStep = <P extends { steps: Array<{ state: PageSnap; event: AnyEventObject }> }>(paths: P[]): P[] => {
  const seen = new Set<string>();
  return paths.filter((p) => {
    const last = p.steps.at(-1)!;
    const before = p.steps.at(-2)?.state ?? null;
    const key = JSON.stringify([before?.value, before?.context, last.event, last.state.value]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const pageShortest = onePerStep(
  getShortestPaths(journeyAllocationMachine, {
    events: pageEvents,
    ...pageTraversal,
    serializeState: byIncomingEvent.serializeState,
  } as never) as never[],
) as ReturnType<typeof getShortestPaths>;
// Simple paths through the interest that waits (cancel, the deadline, the refusals) and the journey held (tracking,
// a driver change, a hand-back): every edge of those, in longer routes.
const pageSimple = edgeCoveringPaths(
  getSimplePaths(journeyAllocationMachine, {
    events: pageEvents.filter((e) => {
      const output = (e as { output?: unknown }).output;
      return e.type !== 'xstate.done.actor.loadJourney' || output === reads.pending || output === reads.allocated;
    }),
    ...pageTraversal,
  } as never) as ReturnType<typeof getSimplePaths>,
);

const pageCoverage = new Coverage(journeyAllocationMachine);

/** What the page must show in each state, read through the selectors it uses. */
function expectPageLooksRight(snap: PageSnap) {
  const shown = viewOf(snap);
  expect(hasLoadFailed(snap)).toBe(snap.matches('failed'));
  expect(isNotFound(snap)).toBe(snap.matches('notFound'));
  if (!snap.matches('showing')) {
    expect(allocationPanel(snap)).toBeNull();
    expect(trackingOf(snap)).toEqual({ kind: 'off' });
    return;
  }
  expect(shown).not.toBeNull();
  const panel = allocationPanel(snap);
  const details = shown!.allocationDetails;
  // the panel follows allocationDetails (spec §4) and eligibility (spec §6)
  if (panel === 'allocated') expect([details?.status, shown!.journey.status]).toEqual(['ALLOCATED', 'allocated']);
  if (panel === 'completed') expect(shown!.journey.status).toBe('completed');
  if (panel === 'pending') expect(details?.allocationMethod).toBe('EXPRESSED_INTEREST');
  if (panel === 'offered') expect(shown!.actions.express_interest || shown!.actions.click_and_claim).toBe(true);
  if (panel === 'notEligible') expect(shown!.actions.eligible).toBe(false);
  if (panel === 'notOffered') expect(details).toBeNull();
  // cancel interest is offered only before the deadline, on the server's clock; so is its edit, when the server allows
  if (canCancelInterest(snap)) expect(cancelMsLeft(snap)).toBeGreaterThan(0);
  if (canEditInterest(snap)) expect([canCancelInterest(snap), shown!.actions.edit_interest]).toEqual([true, true]);
  if (isEditingInterest(snap)) {
    expect(panel).toBe('pending');
    expect(cancelMsLeft(snap)).toBeGreaterThan(0);
  }
  // tracking: only for the journey the partner holds, open from 24 hours before the first pickup
  const tracking = trackingOf(snap);
  const holds = details?.status === 'ALLOCATED' && shown!.journey.status === 'allocated';
  if (!holds) expect(tracking).toEqual({ kind: 'off' });
  else {
    const opensAt = Date.parse(shown!.journey.first_pickup_at) - 24 * HOUR;
    expect(tracking).toEqual(snap.context.serverNow >= opensAt ? { kind: 'open' } : { kind: 'waiting', opensAt });
  }
}

describe.each([
  ['shortest', pageShortest],
  ['simple', pageSimple],
] as const)('journey page machine: %s paths', (_kind, paths) => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let notices = 0;
    await runPath(
      journeyAllocationMachine,
      path,
      {
        input: { id: '42' },
        promiseActors: ['loadJourney', 'cancelInterest', 'journeyOffer', 'journeyDriver'],
        callbackActors: ['serverClock'],
        actions: ['notify'],
        check: (snap, step, record) => {
          expectPageLooksRight(snap);
          const calls = (src: string) => record.calls.filter((c) => c.src === src);
          for (const call of [...calls('loadJourney'), ...calls('cancelInterest')])
            expect(call.input).toEqual({ id: '42' });
          // the clock ticks exactly while the journey is shown, from the offset of the first read
          const clocks = calls('serverClock');
          expect(clocks.length - record.stopped.filter((s) => s === 'serverClock').length).toBe(
            snap.matches('showing') ? 1 : 0,
          );
          for (const clock of clocks) expect(clock.input).toEqual({ offsetMs: 0 });
          // the offer panel is told how the journey is offered and the pay of its return leg; to edit, the interest
          for (const call of calls('journeyOffer')) {
            const editing = (call.input as { editing: unknown }).editing;
            expect(call.input).toEqual({
              journeyId: '42',
              method:
                editing === null ? expect.stringMatching(/^(EXPRESS_INTEREST|CLICK_AND_CLAIM)$/) : 'EXPRESS_INTEREST',
              returnQuote: 22_000,
              editing: editing === null ? null : reads.pending.interest,
              ...(editing === null ? {} : { decimalSeparator: '.' }),
            });
          }
          if (isEditingInterest(snap))
            expect(calls('journeyOffer').at(-1)?.input).toMatchObject({ editing: { id: 7 } });
          for (const call of calls('journeyDriver'))
            expect(call.input).toMatchObject({ journeyId: '42', view: { allocationDetails: { status: 'ALLOCATED' } } });
          // a hand-back is remembered with what it cost, and the journey read again
          if (step.event.type === 'xstate.done.actor.journeyDriver') {
            expect(handedBackOf(snap)).toEqual(deallocation);
            expect(allocationPanel(snap)).toBe('reloading');
          }
          if (step.event.type === 'journey.changed') expect(viewOf(snap)).toBe(views.noDriver);
          // the clock passing the deadline takes cancel and edit away; an open edit reads the journey again
          if (step.event.type === 'clock.ticked' && snap.context.interest && cancelMsLeft(snap) === 0) {
            expect([canCancelInterest(snap), canEditInterest(snap), isEditingInterest(snap)]).toEqual([
              false,
              false,
              false,
            ]);
          }
          // an edit that ended (changed, or refused as outdated) reads the journey again; taken says so
          if (step.event.type === 'xstate.done.actor.journeyOffer') {
            const outcome = (step.event as { output?: { outcome: string } }).output!.outcome;
            expect(allocationPanel(snap)).toBe(outcome === 'taken' ? 'taken' : 'reloading');
          }
          // toasts: the panels' come through as they are; a cancellation's own
          const out = told(record.actions.slice(notices));
          notices = record.actions.length;
          const outcome = step.event.type;
          if (outcome === 'xstate.done.actor.cancelInterest')
            expect(out).toEqual([{ type: 'journey.notice', tone: 'success', action: 'cancel_interest' }]);
          else if (outcome === 'xstate.error.actor.cancelInterest') {
            const e = (step.event as { error?: HttpError }).error!;
            expect(out).toEqual([
              {
                type: 'journey.notice',
                tone: 'danger',
                action: 'cancel_interest',
                messages: [e.message],
                failure: e.status >= 500 ? 'server' : 'refused',
              },
            ]);
            // the server's word that the deadline passed locks it, as does the clock
            expect(isInterestLocked(snap)).toBe(e === deadlinePassed || cancelMsLeft(snap) === 0);
          } else expect(out).toEqual([]);
        },
      },
      pageCoverage,
    );
  });
});

describe("journey page machine: the panels' toasts", () => {
  // An emitted toast changes no state, so no generated path can take it (each step must change the actor): sent here.
  it.each([
    ['the offer panel', reads.claim],
    ['the driver panel', reads.allocated],
  ] as const)('passes on the toasts of %s as they are', async (_name, read) => {
    const live = startMachine(
      journeyAllocationMachine,
      {
        input: { id: '42' },
        promiseActors: ['loadJourney', 'journeyOffer', 'journeyDriver'],
        callbackActors: ['serverClock'],
        actions: ['notify'],
      },
      pageCoverage,
    );
    await live.settle(0, 'done', read);
    const notice: JourneyNotice = {
      type: 'journey.notice',
      tone: 'danger',
      action: 'click_and_claim',
      messages: ['No'],
    };
    live.actor.send(notice);
    expect(live.record.actions).toEqual([{ type: 'notify', params: notice }]);
    live.actor.stop();
  });
});

describe('journey page machine: the deadline and tracking on the server clock', () => {
  it('locks the interest when the clock passes cancellable_until, and opens tracking 24 hours before pickup', async () => {
    const actor = createActor(
      journeyAllocationMachine.provide({
        actors: {
          loadJourney: fromPromise(() => Promise.resolve(reads.pending)),
          serverClock: fromPromise(() => new Promise(() => undefined)) as never,
        },
      }),
      { input: { id: '42' } },
    );
    actor.start();
    await settled();
    expect(canCancelInterest(actor.getSnapshot())).toBe(true);
    expect(cancelMsLeft(actor.getSnapshot())).toBe(48 * HOUR);
    actor.send({ type: 'clock.ticked', now: T0 + 48 * HOUR - 1 });
    expect(cancelMsLeft(actor.getSnapshot())).toBe(1);
    expect(canCancelInterest(actor.getSnapshot())).toBe(true);
    // cancelling is allowed strictly before the deadline: at it, the interest stands
    actor.send({ type: 'clock.ticked', now: T0 + 48 * HOUR });
    expect(isInterestLocked(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'interest.cancelled' });
    expect(isInterestLocked(actor.getSnapshot())).toBe(true);
  });

  it('says tracking opens at the first pickup less 24 hours, then opens it', async () => {
    const actor = createActor(
      journeyAllocationMachine.provide({
        actors: {
          loadJourney: fromPromise(() => Promise.resolve(reads.allocated)),
          serverClock: fromPromise(() => new Promise(() => undefined)) as never,
          journeyDriver: fromPromise(() => new Promise(() => undefined)) as never,
        },
      }),
      { input: { id: '42' } },
    );
    actor.start();
    await settled();
    expect(trackingOf(actor.getSnapshot())).toEqual({ kind: 'waiting', opensAt: T0 + 48 * HOUR });
    actor.send({ type: 'clock.ticked', now: T0 + 48 * HOUR });
    expect(trackingOf(actor.getSnapshot())).toEqual({ kind: 'open' });
  });
});

describe('journey page machine: editing a pending interest (spec §4 edit)', () => {
  it('opens the form on the interest, sends the change as an edit, and shows the interest as the server then reads it', async () => {
    const edited = loaded(
      view(
        { allocationMethod: 'EXPRESSED_INTEREST', providerVehicleId: 6, tpQuote: { amount: 35_050 } },
        { cancel_interest: true, edit_interest: true },
      ),
      Schema.decodeUnknownSync(ExpressedInterest)({
        ...Schema.encodeSync(ExpressedInterest)(pendingInterestOf(reads.pending)),
        provider_vehicle_id: 6,
        registration_number: 'AB62 CDE',
        tp_quote: { amount: 35_050 },
        selected_number_of_men_option: 1,
      }),
    );
    const answers = [reads.pending, edited];
    const sent: SubmitOfferInput[] = [];
    const actor = createActor(
      journeyAllocationMachine.provide({
        actors: {
          loadJourney: fromPromise(() => Promise.resolve(answers.shift()!)),
          serverClock: fromPromise(() => new Promise(() => undefined)) as never,
          journeyOffer: journeyOfferMachine.provide({
            actors: {
              loadFleet: fromPromise(() => Promise.resolve(withoutDrivers(bigFleet))),
              submitOffer: fromPromise<void, SubmitOfferInput>(({ input }) => {
                sent.push(input);
                return Promise.resolve();
              }),
            },
          }),
        },
      }),
      { input: { id: '42' } },
    );
    const notices: JourneyNotice[] = [];
    actor.on('journey.notice', (notice) => void notices.push(notice));
    actor.start();
    await settled();
    expect(canEditInterest(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'interest.editStarted' });
    await settled();
    const form = () => offerActor(actor.getSnapshot())!;
    expect(isEditingInterest(actor.getSnapshot())).toBe(true);
    expect(form().getSnapshot().context).toMatchObject({
      vehicleId: 5,
      quoteText: '400',
      returnQuoteText: '220',
      people: 2,
    });
    // closing the form leaves the interest as it was; opening it again starts from the interest once more
    form().send({ type: 'quote.changed', text: '999' });
    actor.send({ type: 'interest.editDiscarded' });
    expect(canCancelInterest(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'interest.editStarted' });
    await settled();
    expect(form().getSnapshot().context.quoteText).toBe('400');

    form().send({ type: 'vehicle.chosen', id: 6 as ProviderVehicleId });
    form().send({ type: 'quote.changed', text: '350,50' });
    form().send({ type: 'people.chosen', people: 1 });
    form().send({ type: 'offer.submitted' });
    await settled();
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'EXPRESS_INTEREST',
        vehicleId: 6,
        quote: 35_050,
        returnQuote: 22_000,
        people: 1,
        edit: true,
      }),
    ]);
    expect(notices).toEqual([{ type: 'journey.notice', tone: 'success', action: 'edit', count: 1 }]);
    const after = actor.getSnapshot();
    expect(allocationPanel(after)).toBe('pending');
    expect(canCancelInterest(after)).toBe(true);
    expect(interestOf(after)).toMatchObject({ provider_vehicle_id: 6, tp_quote: { amount: 35_050 } });
    actor.stop();
  });

  it('does not offer the edit to a partner the server does not let change it (cancel stays)', async () => {
    const actor = createActor(
      journeyAllocationMachine.provide({
        actors: {
          loadJourney: fromPromise(() =>
            Promise.resolve(
              loaded(
                view({ allocationMethod: 'EXPRESSED_INTEREST' }, { cancel_interest: true, eligible: false }),
                pendingInterest,
              ),
            ),
          ),
          serverClock: fromPromise(() => new Promise(() => undefined)) as never,
        },
      }),
      { input: { id: '42' } },
    );
    actor.start();
    await settled();
    expect([canCancelInterest(actor.getSnapshot()), canEditInterest(actor.getSnapshot())]).toEqual([true, false]);
    actor.send({ type: 'interest.editStarted' });
    expect(isEditingInterest(actor.getSnapshot())).toBe(false);
    actor.stop();
  });

  it('writes an amount as a partner would type it, in the language of the page', () => {
    expect([amountText(40_000), amountText(13_359), amountText(13_350), amountText(5)]).toEqual([
      '400',
      '133.59',
      '133.50',
      '0.05',
    ]);
    expect([amountText(40_000, ','), amountText(13_359, ',')]).toEqual(['400', '133,59']);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The offer panel

type OfferSnap = SnapshotFrom<typeof journeyOfferMachine>;

const vehicle = (id: number, eligible: boolean) =>
  Schema.decodeUnknownSync(JourneyVehicle)({
    id,
    name: 'Ford Transit',
    type: 'lwb',
    userId: 1,
    make: 'Ford',
    model: 'Transit',
    registration_number: `AB${id}2 CDE`,
    status: 'APPROVED',
    haveTailLift: false,
    loading_capacity_m3: eligible ? 14 : 3,
    totalPayloadKg: 1200,
    eligible,
    ineligible_reason: eligible ? null : 'vehicle_too_small',
  });
const driver = (id: number) =>
  Schema.decodeUnknownSync(ProviderDriver)({
    id,
    user_id: id,
    provider_id: 1,
    full_name: `Driver ${id}`,
    email: `d${id}@example.com`,
    phone: '07700 900000',
    active: true,
    created_at: iso(T0 - 900 * HOUR),
  });
/** Two vans that fit and one too small, two drivers (read to claim only): the partner must choose. */
const bigFleet: OfferFleet = {
  vehicles: [vehicle(5, true), vehicle(6, true), vehicle(7, false)],
  drivers: [driver(9), driver(10)],
};
/** One van that fits and one driver: both chosen for the partner. */
const smallFleet: OfferFleet = { vehicles: [vehicle(5, true), vehicle(7, false)], drivers: [driver(9)] };
const withoutDrivers = (fleet: OfferFleet): OfferFleet => ({ ...fleet, drivers: [] });

const closed = http(409, 'This journey is no longer open.', 'closed');
/** An edit refused from the deadline on (server/journeys/journey-interest.ts changeRefusal). */
const changeTooLate = Object.assign(
  http(409, 'You cannot edit or cancel this job at this time.', 'cancel_deadline_passed'),
  {
    detail: 'Interest can be changed or cancelled only until 24 hours before the first pickup.',
  },
);

/** The pending interest an edit starts from: van 5, £400 (return £220), two people. */
const pendingInterest = interest(T0 + 48 * HOUR);

const interestChoices = [
  { type: 'quote.changed', text: 'abc' },
  { type: 'quote.changed', text: '320' },
  { type: 'returnQuote.changed', text: '-4' },
];
const offerScenarios = [
  {
    name: 'express interest',
    input: { journeyId: '42', method: 'EXPRESS_INTEREST' as const, returnQuote: 22_000, editing: null },
    extra: [...interestChoices, { type: 'people.chosen', people: 2 }],
    failures: [taken, notEligible, closed, workRefused],
  },
  {
    name: 'click and claim',
    input: { journeyId: '42', method: 'CLICK_AND_CLAIM' as const, returnQuote: 22_000, editing: null },
    extra: [
      { type: 'driver.chosen', id: 10 as DriverId },
      { type: 'return.toggled', withReturn: true },
    ],
    failures: [taken, notEligible, workRefused],
  },
  {
    name: 'edit of a pending interest',
    input: { journeyId: '42', method: 'EXPRESS_INTEREST' as const, returnQuote: 22_000, editing: pendingInterest },
    extra: [...interestChoices, { type: 'people.chosen', people: 1 }],
    // cancelled elsewhere meanwhile, or past its deadline on the server's clock; the journey given to another partner
    failures: [noInterest, changeTooLate, taken],
  },
];

const offerEvents = (method: string, extra: AnyEventObject[], failures: unknown[]): AnyEventObject[] => [
  ...[bigFleet, smallFleet].map((fleet) =>
    done('loadFleet', method === 'CLICK_AND_CLAIM' ? fleet : withoutDrivers(fleet)),
  ),
  error('loadFleet', offline),
  { type: 'offer.retried' },
  { type: 'vehicle.chosen', id: 6 as ProviderVehicleId },
  ...extra,
  { type: 'offer.submitted' },
  done('submitOffer', undefined),
  error('submitOffer', offline),
  ...failures.map((e) => error('submitOffer', e)),
];

/**
 * A predictable key per attempt (the real ones are random UUIDs, tested below), and no parent to tell: the graph
 * runs the panel on its own, and the runs spy on `notify`.
 */
const offerMachine = journeyOfferMachine.provide({
  actions: { issueKey: assign({ key: 'offer-key' }), notify: () => undefined } as never,
});

/** The texts an offer starts with: empty, or the pending interest's amounts when it is an edit. */
const startText = (c: OfferSnap['context']) =>
  c.editing === null
    ? { quote: '', returnQuote: '' }
    : { quote: amountText(c.editing.tp_quote.amount), returnQuote: amountText(c.editing.tp_quote_return!.amount) };

/** Each choice is made once per path: the graph is every order of a few choices, not every value of each. */
const onceEach = (s: OfferSnap, event: AnyEventObject) => {
  if (!s.can(event as never)) return false;
  const c = s.context;
  switch (event.type) {
    case 'vehicle.chosen':
      return c.vehicleId !== 6;
    case 'driver.chosen':
      return c.driverId !== 10;
    case 'quote.changed':
      return (event as unknown as { text: string }).text === 'abc'
        ? c.quoteText === startText(c).quote
        : c.quoteText === 'abc';
    case 'returnQuote.changed':
      return c.returnQuoteText === startText(c).returnQuote;
    case 'people.chosen':
      return c.people !== (event as unknown as { people: number }).people && c.people === (c.editing ? 2 : 1);
    case 'return.toggled':
      return !c.withReturn;
    default:
      return true;
  }
};

const onePerOfferStep = <P extends { steps: Array<{ state: OfferSnap; event: AnyEventObject }> }>(paths: P[]): P[] => {
  const seen = new Set<string>();
  return paths.filter((p) => {
    const last = p.steps.at(-1)!;
    const before = p.steps.at(-2)?.state ?? null;
    const key = JSON.stringify([
      before?.value,
      before?.context.key,
      Object.keys(before?.context.errors ?? {}).length > 0,
      last.event,
      last.state.value,
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const offerCoverage = new Coverage(journeyOfferMachine);

function expectOfferLooksRight(snap: OfferSnap) {
  expect(hasFleetFailed(snap)).toBe(snap.matches('fleetFailed'));
  if (isSubmitting(snap)) expect(snap.context.key).toBe('offer-key');
  if (snap.matches('editing') && snap.context.key === null) expect(snap.context.unanswered).toBe(false);
  // an interest has no driver and no return choice; a claim no price and no people
  if (snap.context.method === 'EXPRESS_INTEREST')
    expect([snap.context.driverId, snap.context.withReturn]).toEqual([null, false]);
  else expect([snap.context.quoteText, snap.context.people]).toEqual(['', 1]);
}

describe.each(offerScenarios)('journey offer: $name', ({ input, extra, failures }) => {
  const paths = onePerOfferStep(
    getShortestPaths(offerMachine, {
      events: offerEvents(input.method, extra, failures),
      input,
      filterEvents: onceEach,
      serializeState: byIncomingEvent.serializeState,
    } as never) as never[],
  ) as ReturnType<typeof getShortestPaths>;

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let notices = 0;
    await runPath(
      offerMachine,
      path,
      {
        input,
        promiseActors: ['loadFleet', 'submitOffer'],
        actions: ['notify'],
        check: (snap, step, record) => {
          expectOfferLooksRight(snap);
          const last = record.calls.at(-1);
          if (snap.matches('loadingFleet'))
            expect(last).toEqual({ src: 'loadFleet', input: { journeyId: '42', method: input.method } });
          // an edit starts from the interest: its van (while it fits), its prices as typed text, its people
          if (step.event.type === 'xstate.done.actor.loadFleet' && input.editing)
            expect([
              snap.context.vehicleId,
              snap.context.quoteText,
              snap.context.returnQuoteText,
              snap.context.people,
            ]).toEqual([5, '400', '220', 2]);
          // what is sent is what was chosen and typed, in pence, with the attempt's key
          if (isSubmitting(snap)) {
            const c = snap.context;
            const interest = input.method === 'EXPRESS_INTEREST';
            const pence: Record<string, number> = { '320': 32_000, '400': 40_000, '220': 22_000 };
            expect(last).toEqual({
              src: 'submitOffer',
              input: {
                journeyId: '42',
                method: input.method,
                vehicleId: c.vehicleId!,
                driverId: interest ? null : c.driverId,
                quote: interest ? pence[c.quoteText] : undefined,
                returnQuote: interest ? pence[c.returnQuoteText] : undefined,
                people: c.people,
                withReturn: !interest && c.withReturn,
                edit: input.editing !== null,
                key: 'offer-key',
              } satisfies SubmitOfferInput,
            });
            expect(c.vehicleId).not.toBeNull();
          }
          // a refused send says what is missing beside each field, and sends nothing
          if (step.event.type === 'offer.submitted' && snap.matches('editing')) {
            const errors = shownOfferErrors(snap);
            expect(Object.keys(errors).length).toBeGreaterThan(0);
            if (errors.driver) expect(snap.context.driverId).toBeNull();
          }
          const out = told(record.actions.slice(notices));
          notices = record.actions.length;
          const action = input.editing
            ? 'edit'
            : input.method === 'EXPRESS_INTEREST'
              ? 'express_interest'
              : 'click_and_claim';
          if (step.event.type === 'xstate.done.actor.submitOffer') {
            expect(out).toEqual([{ type: 'journey.notice', tone: 'success', action, count: 1 }]);
            expect(snap.output).toEqual({ outcome: 'accepted' });
          } else if (step.event.type === 'xstate.error.actor.submitOffer') {
            const e = (step.event as { error?: unknown }).error;
            if (e === offline) {
              // no answer: the toast says the connection failed, and the same attempt (same key) is offered again
              expect(out).toEqual([
                { type: 'journey.notice', tone: 'danger', action, messages: ['Failed to fetch'], failure: 'offline' },
              ]);
              expect([snap.value, snap.context.unanswered, snap.context.key]).toEqual(['editing', true, 'offer-key']);
            } else {
              const f = e as { message: string; detail?: string };
              const messages = f.detail ? [f.message, f.detail] : [f.message];
              expect(out).toEqual([{ type: 'journey.notice', tone: 'danger', action, messages, failure: 'refused' }]);
              // taken: the page says so; outdated (closed, no interest left, too late, the partner may no longer
              // work): the page reads it again
              if (e === taken) expect(snap.output).toEqual({ outcome: 'taken' });
              else if (e === notEligible) expect(snap.value).toBe('editing');
              else expect(snap.output).toEqual({ outcome: 'changed' });
            }
          } else expect(out).toEqual([]);
        },
      },
      offerCoverage,
    );
  });
});

describe('journey offer against fake calls', () => {
  it('claims once for a double click, and reuses the key only to send the same claim again after no answer', async () => {
    const sent: Array<{ input: SubmitOfferInput; fail: (e: unknown) => void; answer: () => void }> = [];
    const actor = createActor(
      journeyOfferMachine.provide({
        actors: {
          loadFleet: fromPromise(() => Promise.resolve(smallFleet)),
          submitOffer: fromPromise<void, SubmitOfferInput>(
            ({ input }) => new Promise((answer, fail) => sent.push({ input, fail, answer })),
          ),
        },
        actions: { notify: () => undefined },
      }),
      { input: { journeyId: '42', method: 'CLICK_AND_CLAIM', returnQuote: null, editing: null } },
    );
    actor.start();
    await settled();
    // the only van that fits and the only driver are chosen for the partner
    expect([actor.getSnapshot().context.vehicleId, actor.getSnapshot().context.driverId]).toEqual([5, 9]);
    actor.send({ type: 'offer.submitted' });
    actor.send({ type: 'offer.submitted' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.input.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    sent[0]!.fail(offline);
    await settled();
    actor.send({ type: 'offer.submitted' });
    expect(sent[1]!.input.key).toBe(sent[0]!.input.key);
    sent[1]!.fail(serverDown);
    await settled();
    actor.send({ type: 'vehicle.chosen', id: 5 as ProviderVehicleId });
    actor.send({ type: 'offer.submitted' });
    expect(sent[2]!.input.key).not.toBe(sent[0]!.input.key);
    sent[2]!.answer();
    await settled();
    expect(actor.getSnapshot().output).toEqual({ outcome: 'accepted' });
  });

  it('refuses an unreadable price and a missing driver beside the fields, sending nothing', async () => {
    const sent: unknown[] = [];
    const start = (method: 'EXPRESS_INTEREST' | 'CLICK_AND_CLAIM') => {
      const actor = createActor(
        journeyOfferMachine.provide({
          actors: {
            loadFleet: fromPromise(() => Promise.resolve(bigFleet)),
            submitOffer: fromPromise(({ input }) => {
              sent.push(input);
              return Promise.resolve();
            }),
          },
        }),
        { input: { journeyId: '42', method, returnQuote: 22_000, editing: null } },
      );
      actor.start();
      return actor;
    };
    const interest = start('EXPRESS_INTEREST');
    await settled();
    interest.send({ type: 'quote.changed', text: '12 quid' });
    interest.send({ type: 'returnQuote.changed', text: '0' });
    interest.send({ type: 'offer.submitted' });
    expect(shownOfferErrors(interest.getSnapshot())).toEqual({
      vehicle: 'required',
      quote: 'notANumber',
      returnQuote: 'notPositive',
    });
    interest.send({ type: 'quote.changed', text: '' });
    expect(shownOfferErrors(interest.getSnapshot())).toEqual({ vehicle: 'required', returnQuote: 'notPositive' });
    const claim = start('CLICK_AND_CLAIM');
    await settled();
    claim.send({ type: 'vehicle.chosen', id: 5 as ProviderVehicleId });
    claim.send({ type: 'offer.submitted' });
    expect(shownOfferErrors(claim.getSnapshot())).toEqual({ driver: 'required' });
    expect(sent).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The driver panel

type DriverSnap = SnapshotFrom<typeof journeyDriverMachine>;

const withDriver10 = view(ALLOCATED, HELD, { status: 'allocated' }, { id: 10, user_id: 10, confirmed: false });
const driverScenarios = [
  { name: 'with a confirmed driver', view: views.allocated },
  { name: 'with no driver yet', view: views.noDriver },
];
const driverEvents: AnyEventObject[] = [
  done('loadDrivers', [driver(9), driver(10)]),
  error('loadDrivers', offline),
  { type: 'drivers.retried' },
  { type: 'driver.chosen', id: 10 as DriverId },
  { type: 'driver.allocated' },
  { type: 'driver.confirmed' },
  done('allocateDriver', withDriver10),
  error('allocateDriver', selectDriver),
  done('confirmDriver', views.allocated),
  error('confirmDriver', selectDriver),
  { type: 'deallocation.started' },
  { type: 'reason.chosen', reason: 'vehicle_issues' },
  { type: 'note.changed', text: 'Flat tyre' },
  { type: 'deallocation.confirmed' },
  { type: 'deallocation.cancelled' },
  done('deallocate', deallocation),
  error('deallocate', cannotChange),
];

const onePerDriverStep = <P extends { steps: Array<{ state: DriverSnap; event: AnyEventObject }> }>(
  paths: P[],
): P[] => {
  const seen = new Set<string>();
  return paths.filter((p) => {
    const last = p.steps.at(-1)!;
    const before = p.steps.at(-2)?.state ?? null;
    const c = before?.context;
    const key = JSON.stringify([
      before?.value,
      c?.chosenDriverId,
      c?.driver?.id,
      c?.reason,
      last.event,
      last.state.value,
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const driverCoverage = new Coverage(journeyDriverMachine);
/** No parent to tell: the graph runs the panel on its own, and the runs spy on `notify` and `reportChange`. */
const driverMachine = journeyDriverMachine.provide({
  actions: { notify: () => undefined, reportChange: () => undefined },
});

describe.each(driverScenarios)('journey driver panel $name', ({ view: held }) => {
  const input = { journeyId: '42', view: held };
  const paths = onePerDriverStep(
    getShortestPaths(driverMachine, {
      events: driverEvents,
      input,
      filterEvents: (s: DriverSnap, e: AnyEventObject) =>
        s.can(e as never) &&
        !(e.type === 'driver.chosen' && s.context.chosenDriverId === 10) &&
        !(e.type === 'reason.chosen' && s.context.reason !== null) &&
        !(e.type === 'note.changed' && s.context.note !== ''),
      serializeState: byIncomingEvent.serializeState,
    } as never) as never[],
  ) as ReturnType<typeof getShortestPaths>;

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let notices = 0;
    let changes = 0;
    await runPath(
      driverMachine,
      path,
      {
        input,
        promiseActors: ['loadDrivers', 'allocateDriver', 'confirmDriver', 'deallocate'],
        actions: ['notify', 'reportChange'],
        check: (snap, step, record) => {
          const c = snap.context;
          const last = record.calls.at(-1);
          if (snap.matches('allocatingDriver'))
            expect(last).toEqual({ src: 'allocateDriver', input: { journeyId: '42', driverId: c.chosenDriverId } });
          if (snap.matches('confirmingDriver'))
            expect(last).toEqual({ src: 'confirmDriver', input: { journeyId: '42', driverId: c.chosenDriverId } });
          // a hand-back needs a reason: it is sent with the note, and the dialogue stays open until it settles
          if (snap.matches('deallocating')) {
            expect(last).toEqual({
              src: 'deallocate',
              input: { journeyId: '42', reason: 'vehicle_issues', note: c.note },
            });
          }
          expect(isDeallocationOpen(snap)).toBe(snap.matches('confirmingDeallocation') || snap.matches('deallocating'));
          if (c.reasonMissing) expect(c.reason).toBeNull();
          if (c.driverMissing) expect(c.chosenDriverId).toBeNull();
          if (step.event.type === 'deallocation.cancelled') expect([c.reason, c.note]).toEqual([null, '']);
          const all = record.actions.filter((a) => a.type === 'notify');
          const out = told(all.slice(notices));
          notices = all.length;
          const reported = record.actions.filter((a) => a.type === 'reportChange');
          const newChanges = reported.slice(changes);
          changes = reported.length;
          const kind = step.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:');
          const action = {
            allocateDriver: 'allocate_driver',
            confirmDriver: 'allocate_driver_real',
            deallocate: 'deallocate_driver',
          }[kind.split(':')[1] ?? ''];
          if (kind.startsWith('done:') && action === 'deallocate_driver') {
            expect(out).toEqual([{ type: 'journey.notice', tone: 'success', action, amount: 300 }]);
            expect(snap.output).toEqual(deallocation);
          } else if (kind.startsWith('done:') && action) {
            expect(out).toEqual([{ type: 'journey.notice', tone: 'success', action }]);
            // the journey as answered goes to the page's machine
            expect(newChanges.map((r) => r.params)).toEqual([(step.event as { output?: unknown }).output]);
          } else if (kind.startsWith('error:') && action) {
            const e = (step.event as { error?: HttpError }).error!;
            const messages = e === selectDriver ? ['Please select a driver'] : [e.message];
            const failure = e.status >= 500 ? 'server' : 'refused';
            expect(out).toEqual([{ type: 'journey.notice', tone: 'danger', action, messages, failure }]);
          } else expect(out).toEqual([]);
          if (!kind.startsWith('done:') || action === 'deallocate_driver') expect(newChanges).toEqual([]);
        },
      },
      driverCoverage,
    );
  });
});

describe('journey driver panel against fake calls', () => {
  it("says 'Please select a driver' when there is none to assign or confirm, and 'Deallocation reason is required'", async () => {
    const calls: string[] = [];
    const actor = createActor(
      journeyDriverMachine.provide({
        actors: {
          loadDrivers: fromPromise<readonly ProviderDriver[]>(() => Promise.resolve([driver(9)])),
          allocateDriver: fromPromise(() => {
            calls.push('allocate');
            return Promise.resolve(views.noDriver);
          }),
          confirmDriver: fromPromise(() => {
            calls.push('confirm');
            return Promise.resolve(views.noDriver);
          }),
          deallocate: fromPromise(() => {
            calls.push('deallocate');
            return Promise.resolve(deallocation);
          }),
        },
        actions: { notify: () => undefined, reportChange: () => undefined },
      }),
      { input: { journeyId: '42', view: views.noDriver } },
    );
    actor.start();
    await settled();
    actor.send({ type: 'driver.allocated' });
    expect(actor.getSnapshot().context.driverMissing).toBe(true);
    actor.send({ type: 'driver.confirmed' });
    expect(actor.getSnapshot().context.driverMissing).toBe(true);
    actor.send({ type: 'deallocation.started' });
    actor.send({ type: 'deallocation.confirmed' });
    expect(actor.getSnapshot().context.reasonMissing).toBe(true);
    expect(calls).toEqual([]);
    actor.send({ type: 'reason.chosen', reason: 'other' });
    expect(actor.getSnapshot().context.reasonMissing).toBe(false);
    actor.send({ type: 'deallocation.confirmed' });
    await settled();
    expect(calls).toEqual(['deallocate']);
    expect(actor.getSnapshot().status).toBe('done');
  });
});

afterAll(() => {
  pageCoverage.expectComplete({ states: 22, transitions: 34 });
  offerCoverage.expectComplete({ states: 7, transitions: 17 });
  driverCoverage.expectComplete({ states: 8, transitions: 21 });
});
