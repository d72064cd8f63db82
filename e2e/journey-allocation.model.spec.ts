import 'temporal-polyfill/global';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Cookie,
  type Page,
} from '@playwright/test';
import { Schema } from 'effect';
import {
  assign,
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyEventObject,
  type AnyStateMachine,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph';
import { journeyAllocationMachine } from '@/machines/journey-allocation/journey-allocation.machine';
import type {
  JourneyAllocationContext,
  JourneyDriverContext,
  JourneyLoaded,
  JourneyNotice,
  JourneyOfferContext,
  JourneyOfferInput,
  OfferErrors,
} from '@/machines/journey-allocation/journey-allocation.types';
import { journeyDriverMachine } from '@/machines/journey-allocation/journey-driver.machine';
import { amountText, journeyOfferMachine } from '@/machines/journey-allocation/journey-offer.machine';
import { deallocationCharge } from '@/machines/journey-allocation/journey-pay';
import { byIncomingEvent, Coverage, describePath, edgeCoveringPaths } from '@/model-tests/model-harness';
import { DeallocationResponse, ExpressedInterest, JourneyResponse, JourneyVehicle } from '@/schemas/journey';
import { ProviderDriver } from '@/schemas/driver';
import { DecodeError, HttpError } from '@/src/api/errors';
import { formatDate, formatTime } from '@/src/format/date';
import { formatMoney } from '@/src/format/money';
import { API_HEADERS, signInForToken } from './partner-api';
import { JourneyPage } from './pages/journey-page';
import { ORIGIN } from './ports';
import { recordUiPath } from './ui-model-coverage';

/**
 * UI-level model test of the journey page (issue 9): the page's machine (journeyAllocation) and the two panels it
 * invokes (journeyOffer, journeyDriver). Each machine's paths come from its own graph (getShortestPaths, each carried on
 * to where the page waits for the partner), then edgeCoveringPaths, then the fewest of those that still enter every
 * state and take every transition they reach together: one test a path, about 25 tests for the three machines, so the
 * file stays near 90 s on a busy 2-core machine. Each path is played in Chromium against the seeded server:
 *
 * - a user event is a browser action through the page object (a click, a typed price, the page's clock moved on with
 *   `page.clock` for the server clock the page ticks); a panel's outcome as the page's machine sees it
 *   (`done.actor.journeyOffer`, `journey.changed`, …) is played as the panel's own actions;
 * - an invoked actor's outcome is arranged on the server before the action that starts it: seeded journeys and
 *   accounts, a request the server refuses (a rival claims the journey first, the interest is withdrawn from another
 *   session), or a fault injected on one endpoint with the `tpp_fault` cookie (server/http/fault-injection.ts).
 *
 * In every settled state a path passes, the page is checked against the state and the server's truth: the panel, the
 * buttons, the fields with their values, the field errors, the toasts and their words, tracking. A panel's test also
 * records what the page's machine went through meanwhile (pageStepsOf), and the page's own paths are chosen for what
 * the panels' tests leave out.
 *
 * Data: the partner is a seeded journey-ready partner that no other browser test signs in as (two vans that carry every
 * journey's load, two active drivers), and each test takes a journey of its own: one nobody has touched (no interest,
 * not held) among the hundred oldest open ones, while the other browser tests draw theirs from the newest hundred; so
 * tests depend neither on each other nor on the order they run in. Other accounts are only read (a partner not ready
 * for journeys; the demo partner's completed journey, its journey due tomorrow and its journey with no driver yet), or
 * claim a journey first (the rival).
 *
 * Left out, because no browser action and no server arrangement can produce them (the server's clock is real, and an
 * express-interest journey is allocated by the team, which has no API here): the cancellation refused for the deadline
 * while the page still offers it (cancelling onError #0), an edit answered 'taken' (editing done #0), and the re-read
 * after an action answered 404 (reloading onError #0).
 */

// ---------------------------------------------------------------------------------------------------------------
// Who plays

/** Journey-ready, vans of 18.6 and 20.9 m³ (every journey fits both), drivers Scarlett King and Oscar Edwards. */
const PARTNER = 'emily.smith@example.co.uk';
/** Another journey-ready partner who may take work (server/seed/test-accounts.ts), who claims a journey first. */
const RIVAL = 'second@example.com';
/** Not journey-ready: sees journeys without actions (read only). */
const NOT_READY = 'starter@example.com';
/** The demo partner: its completed journey, its journey due tomorrow, its journey with no driver yet (read only). */
const DEMO = 'partner@example.com';

// ---------------------------------------------------------------------------------------------------------------
// The model's answers of the server (as in model-tests/journey-allocation.model.test.ts). Only their shape and the
// relations the guards read matter (the deadline before or after now, which method, held or not): the journeys the
// browser plays on are chosen to have the same relations, and the page is checked against their real values.

const HOUR = 3_600_000;
/** Now on the server's clock at the page's first read, in the model. */
const T0 = Date.parse('2026-01-05T10:00:00Z');
/** How far the page's clock is moved on to pass the cancellation deadline and the opening of tracking. */
const JUMP = 49 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

type Patch = Record<string, unknown>;

const modelView = (allocation: Patch | null, actions: Patch, journey: Patch = {}, driver: Patch | null = null) =>
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
        : { id: 9, user_id: 9, full_name: 'Driver', phone: '07700 900123', email: 'd@example.com', ...driver },
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
const ALLOCATED: Patch = {
  status: 'ALLOCATED',
  allocationMethod: 'CLICK_AND_CLAIM',
  providerId: 1,
  providerVehicleId: 5,
  allocatedAt: iso(T0 - HOUR),
};
/** A journey the partner holds; model driver 9 is the partner's first driver, 10 its second. */
const heldView = (driver: Patch | null, journey: Patch = {}) =>
  modelView(ALLOCATED, HELD, { status: 'allocated', customer_details: 'shown', ...journey }, driver);
const driverOn = (id: 9 | 10, confirmed: boolean) => heldView({ id, user_id: id, confirmed });

const views = {
  interest: modelView({}, { express_interest: true }),
  claim: modelView({ allocationMethod: 'CLICK_AND_CLAIM' }, { click_and_claim: true }),
  pending: modelView(
    { allocationMethod: 'EXPRESSED_INTEREST', providerVehicleId: 5 },
    { cancel_interest: true, edit_interest: true },
  ),
  notEligible: modelView({}, { eligible: false, reason: 'not_journey_ready' }),
  closed: modelView(null, {}, { first_pickup_at: iso(T0 - 3 * HOUR) }),
  /** Claimed with the first driver, not confirmed yet (a claim does not confirm). */
  held: driverOn(9, false),
  /** The demo partner's journey tomorrow (seeded 18 hours ahead, its driver confirmed): tracking is open. */
  heldSoon: heldView({ id: 9, confirmed: true }, { first_pickup_at: iso(T0 + 18 * HOUR) }),
  /** The second driver assigned through the driver panel. */
  reassigned: driverOn(10, false),
  noDriver: heldView(null),
  completed: modelView(
    ALLOCATED,
    {},
    { status: 'completed', customer_details: 'removed', completed_at: iso(T0 - 24 * HOUR) },
    { confirmed: true },
  ),
};

/** The partner's pending interest: van 5 (its first), the journey's own pay, two people. */
const modelInterest = (cancellableUntil: number) =>
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
const pendingInterest = modelInterest(T0 + 48 * HOUR);

const loaded = (view: JourneyResponse, interest: ExpressedInterest | null = null, offset = 0): JourneyLoaded => ({
  view,
  interest,
  serverNow: T0,
  clockOffsetMs: offset,
});
const reads = {
  interest: loaded(views.interest),
  claim: loaded(views.claim),
  /** Handed back after the page's clock was moved on: open to claim again, the page measured 49 hours ahead. */
  claimJumped: loaded(views.claim, null, -JUMP),
  pending: loaded(views.pending, pendingInterest),
  /**
   * Read again once the page's clock has been moved past the deadline: the server's clock is still before it (the
   * read measures the page 49 hours ahead), while the page's ticking clock keeps the offset of its first read.
   */
  pendingJumped: loaded(views.pending, pendingInterest, -JUMP),
  notEligible: loaded(views.notEligible),
  closed: loaded(views.closed),
  held: loaded(views.held),
  heldSoon: loaded(views.heldSoon),
  completed: loaded(views.completed),
};
type ReadName = keyof typeof reads;
/**
 * What the page can read first, each from a journey the test sets up (see `setUpPage`). Not an interest already past its
 * deadline, nor a journey of this partner's due within a day: the seeded pickups are between 6 and 10 in the morning
 * from tomorrow on, so whether any is due within a day depends on the hour the suite runs (the clock is moved on
 * instead; the demo partner's seeded journey due in 18 hours is read, not changed).
 */
const FIRST_READS: readonly ReadName[] = [
  'interest',
  'claim',
  'pending',
  'notEligible',
  'closed',
  'held',
  'heldSoon',
  'completed',
];

const http = (status: number, message: string, reason: string | null = null) =>
  new HttpError({ status, message, errors: {}, code: null, reason, url: 'journey' });
const TAKEN_TEXT = 'Sorry, this journey has already been allocated to another partner.';
const NO_INTEREST_TEXT = 'You have no pending interest in this journey.';
const failures = {
  notFound: http(404, 'The journey does not exist or its not allocated to you.', 'not_found'),
  /** A 500 injected on the endpoint. */
  serverDown: http(500, 'Sorry, something went wrong'),
  /** The interest was withdrawn from another session meanwhile. */
  noInterest: http(404, NO_INTEREST_TEXT, 'no_interest'),
  /** The rival claimed the journey first. */
  taken: http(409, TAKEN_TEXT, 'taken'),
  /** A 200 whose body does not decode (the `garbage` fault). */
  unreadable: new DecodeError({ schema: 'ExpressInterestResponse', issues: [] }),
};
type FailureName = keyof typeof failures;

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
const TICK = { type: 'clock.ticked', now: T0 + JUMP };
/** The offer panel's danger toast for a claim the server failed (a 500), as it reaches the page's machine. */
const CLAIM_FAILED: JourneyNotice = {
  type: 'journey.notice',
  tone: 'danger',
  action: 'click_and_claim',
  messages: ['Sorry, something went wrong'],
  failure: 'server',
};

/** Names for the model's values in the tests' titles (describePath shows only an event's plain values). */
const LABELS = new Map<unknown, string>([
  ...Object.entries(reads).map(([name, read]) => [read, name] as const),
  ...Object.entries(failures).map(([name, e]) => [e, name] as const),
  [views.reassigned, 'second driver'],
  [deallocation, 'handed back'],
]);

// ---------------------------------------------------------------------------------------------------------------
// Paths: generation and choice

type Step<C = unknown> = {
  readonly event: AnyEventObject;
  readonly state: { readonly value: unknown; readonly context: C };
};
/** A generated path (xstate/graph's StatePath), with its snapshots' contexts typed. */
interface Path<C = unknown> {
  readonly state: unknown;
  readonly steps: ReadonlyArray<Step<C>>;
}

/** The event that led to each snapshot of a traversal, so a filter can tell how the machine got where it is. */
const cameBy = new WeakMap<object, AnyEventObject>();
const serializeState = (snapshot: object, event: AnyEventObject | undefined, previous?: object) => {
  if (event) cameBy.set(snapshot, event);
  return byIncomingEvent.serializeState(snapshot as never, event, previous as never);
};
const via = (snapshot: object) => cameBy.get(snapshot);

/** The machine with its invoked actors never settling: the path's events settle them (as recordUiPath replays). */
const replayables = new WeakMap<AnyStateMachine, AnyStateMachine>();
function replayable(machine: AnyStateMachine): AnyStateMachine {
  const { actors = {} } = machine.implementations as { actors?: Record<string, unknown> };
  if (!replayables.has(machine))
    replayables.set(
      machine,
      machine.provide({
        actors: Object.fromEntries(Object.keys(actors).map((name) => [name, fromPromise(() => new Promise(() => {}))])),
      } as never),
    );
  return replayables.get(machine)!;
}

type Microstep = { source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] }; eventType: string };
/** A transition as the coverage records name it (model-tests/model-harness.ts Coverage). */
const transitionKey = (t: Microstep) => {
  const list = t.eventType ? (t.source.transitions.get(t.eventType) ?? []) : (t.source.always ?? []);
  return `${t.source.id} ${t.eventType || 'always'} #${list.indexOf(t)}`;
};
/** The ids of the state nodes a state value is in: `{ a: { b: 'c' } }` in machine m is m.a, m.a.b, m.a.b.c. */
const activeIds = (value: unknown, prefix: string): string[] =>
  typeof value === 'string'
    ? [`${prefix}.${value}`]
    : Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => [
        `${prefix}.${key}`,
        ...activeIds(inner, `${prefix}.${key}`),
      ]);

/**
 * The states entered (`state <id>`) and the transitions taken by a path, replayed through the machine: what the
 * Coverage of model-harness.ts records, read straight off the inspection events (the greedy choice below replays
 * hundreds of candidates; the recorded coverage itself is model-harness's own, through recordUiPath).
 */
function reachedBy(machine: AnyStateMachine, input: unknown, steps: readonly Step[]): Set<string> {
  const reached = new Set<string>();
  const record = (value: unknown) => activeIds(value, machine.id).forEach((id) => reached.add(`state ${id}`));
  const actor = createActor(replayable(machine), {
    input,
    clock: new SimulatedClock(),
    inspect: (event: InspectionEvent) => {
      if (event.actorRef.sessionId !== event.rootId) return;
      if (event.type === '@xstate.microstep')
        for (const t of event._transitions as unknown as Microstep[]) {
          reached.add(transitionKey(t));
          reached.add(`state ${t.source.id}`);
        }
      if (event.type === '@xstate.microstep' || event.type === '@xstate.snapshot')
        record((event.snapshot as unknown as { value: unknown }).value);
    },
  });
  actor.start();
  for (const step of steps) if (step.event.type !== 'xstate.init') actor.send(step.event);
  actor.stop();
  return reached;
}

/**
 * Of the paths that cover every edge of their graph (edgeCoveringPaths, per graph), the fewest that together still
 * enter every state and take every transition of the machine that any of them does: greedily the one that adds the
 * most, the shorter on a tie. A graph's edges tell contexts apart (every typed price is an edge of its own), and the
 * panels have a graph per way they are opened; the machine's transitions are what the browser has to reach, each once.
 */
function fewestCovering<T extends { readonly path: Path; readonly input: unknown }>(
  machine: AnyStateMachine,
  graphs: ReadonlyArray<readonly T[]>,
  reachedElsewhere: ReadonlySet<string> = new Set(),
): T[] {
  const candidates = graphs.flatMap((items) => {
    const kept = new Set<Path>(edgeCoveringPaths(items.map((item) => item.path) as never) as Path[]);
    return items
      .filter((item) => kept.has(item.path))
      .map((item) => ({ item, reaches: reachedBy(machine, item.input, item.path.steps) }));
  });
  const covered = new Set<string>(reachedElsewhere);
  const chosen: T[] = [];
  for (;;) {
    let best: (typeof candidates)[number] | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = [...candidate.reaches].filter((key) => !covered.has(key)).length;
      const shorter = best !== undefined && candidate.item.path.steps.length < best.item.path.steps.length;
      if (gain > bestGain || (gain === bestGain && gain > 0 && shorter)) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) return chosen;
    for (const key of best.reaches) covered.add(key);
    chosen.push(best.item);
  }
}

/** A test's title: the path's events, with the model's values named. */
function titleOf(path: Path): string {
  const named = {
    ...path,
    steps: path.steps.map((step) => {
      const { type, output, error: e, view, now, ...rest } = step.event as AnyEventObject & Record<string, unknown>;
      const label = LABELS.get(output) ?? LABELS.get(e) ?? LABELS.get(view);
      const outcome = (output as { outcome?: string } | undefined)?.outcome;
      return {
        ...step,
        event: {
          type,
          ...rest,
          ...(label ? { as: label } : outcome ? { as: outcome } : {}),
          ...(typeof now === 'number' ? { at: `T0+${(now - T0) / HOUR}h` } : {}),
        },
      };
    }),
  };
  return describePath(named as never)
    .replaceAll('xstate.done.actor.', 'done:')
    .replaceAll('xstate.error.actor.', 'error:');
}

const withoutInit = <C>(path: Path<C>) => path.steps.filter((s) => s.event.type !== 'xstate.init');

/**
 * The shortest paths to every state of the graph (and, for a graph small enough, its simple paths too: longer routes
 * that take more transitions in one test), each carried on to where the page waits for the partner: a path to a state
 * the page passes through (a request under way) goes on by the shortest way through the graph to a settled one, so
 * that a transition whose target is reached more shortly another way (a retry, an edit sent) is still played.
 */
function settledPaths<C>(
  machine: AnyStateMachine,
  options: Record<string, unknown>,
  isSettled: (step: Step<C>) => boolean,
  { simple = false } = {},
): Path<C>[] {
  type Node = { state: object; transitions: Record<string, { event: AnyEventObject; state: object }> };
  const graph = getAdjacencyMap(machine, { ...options, serializeState } as never) as unknown as Record<string, Node>;
  const onward = (from: string): Step<C>[] | undefined => {
    const queue = [{ key: from, steps: [] as Step<C>[] }];
    const seen = new Set([from]);
    for (let next = queue.shift(); next; next = queue.shift()) {
      const node = graph[next.key]!;
      for (const { event, state } of Object.values(node.transitions)) {
        const key = serializeState(state, event, node.state);
        if (seen.has(key)) continue;
        seen.add(key);
        const steps = [...next.steps, { event, state } as unknown as Step<C>];
        if (isSettled(steps.at(-1)!)) return steps;
        queue.push({ key, steps });
      }
    }
    return undefined;
  };
  const paths = [
    ...getShortestPaths(machine, { ...options, serializeState } as never),
    ...(simple ? getSimplePaths(machine, { ...options, serializeState } as never) : []),
  ] as unknown as Path<C>[];
  return paths.flatMap((path) => {
    const [before, last] = [path.steps.at(-2), path.steps.at(-1)!];
    if (last.event.type === 'xstate.init') return [];
    if (isSettled(last)) return [path];
    const rest = onward(serializeState(last.state as object, last.event, before?.state as object | undefined));
    return rest ? [{ ...path, state: rest.at(-1)!.state, steps: [...path.steps, ...rest] }] : [];
  });
}

// --- the page's machine --------------------------------------------------------------------------------------------

type PageSnap = SnapshotFrom<typeof journeyAllocationMachine>;
type PageStep = Step<JourneyAllocationContext>;
const PAGE_INPUT = { id: '42' };

const PAGE_EVENTS: AnyEventObject[] = [
  ...FIRST_READS.map((name) => done('loadJourney', reads[name])),
  done('loadJourney', reads.pendingJumped),
  done('loadJourney', reads.claimJumped),
  error('loadJourney', failures.notFound),
  error('loadJourney', failures.serverDown),
  { type: 'journey.retried' },
  TICK,
  { type: 'interest.cancelled' },
  { type: 'interest.editStarted' },
  { type: 'interest.editDiscarded' },
  done('cancelInterest', undefined),
  error('cancelInterest', failures.noInterest),
  done('journeyOffer', { outcome: 'accepted' }),
  done('journeyOffer', { outcome: 'taken' }),
  done('journeyDriver', deallocation),
  { type: 'journey.changed', view: views.reassigned },
  CLAIM_FAILED,
];

const methodOf = (s: PageSnap) => s.context.view?.allocationDetails?.allocationMethod;
/** The page's clock has been moved on (or a read measured it ahead): from then on it only follows its clock. */
const hasJumped = (s: PageSnap) => s.context.serverNow > T0 || s.context.clockOffsetMs !== 0;
/** States the ticking clock changes when it passes the deadline and the opening of tracking. */
const tickMatters = (s: PageSnap) =>
  s.matches({ showing: { allocation: { interestPending: 'cancellable' } } }) ||
  s.matches({ showing: { allocation: { interestPending: 'editing' } } }) ||
  s.matches({ showing: { tracking: 'waiting' } });

/** What the server answers when the page reads the journey again, by what happened before. */
function rereadOf(s: PageSnap): JourneyLoaded | undefined {
  if (s.matches('loading')) return reads.held; // the retry after the failed re-read of a claim
  if (s.context.handedBack) return hasJumped(s) ? reads.claimJumped : reads.claim; // handed back: open to claim again
  switch (via(s)?.type) {
    case 'xstate.done.actor.cancelInterest':
      return reads.interest;
    case 'clock.ticked':
      return reads.pendingJumped; // the edit's deadline passed with the form open
    case 'xstate.done.actor.journeyOffer':
      return methodOf(s) === 'CLICK_AND_CLAIM' ? reads.held : reads.pending; // claimed; interest expressed or changed
    default:
      return undefined;
  }
}

/**
 * The events a partner and the server can produce in the browser from each snapshot. A read answers as the server
 * would after what happened; a journey's re-read is failed (a 500) only after a claim; the clock is moved on only
 * where passing the deadline or the opening of tracking changes something, and after that the page follows its clock
 * (a journey whose tracking opened can still be handed back); a journey handed back is where a path ends.
 */
function pageEventsAllowed(s: PageSnap, event: AnyEventObject): boolean {
  if (!s.can(event as never)) return false;
  const { type } = event;
  // the partner acts (and the page's clock is moved on) only on a settled page; after the jump the clock ticks by itself
  const outcome = type.endsWith('.actor.loadJourney') || type.endsWith('.actor.cancelInterest');
  if (!outcome && !isSettledPage(s.value, s.context) && !(type === 'clock.ticked' && hasJumped(s))) return false;
  if (type === 'xstate.done.actor.loadJourney' || type === 'xstate.error.actor.loadJourney') {
    const first = s.matches('loading') && s.context.view === null;
    if (type === 'xstate.error.actor.loadJourney')
      return (
        first ||
        ((event as { error?: unknown }).error === failures.serverDown &&
          via(s)?.type === 'xstate.done.actor.journeyOffer' &&
          methodOf(s) === 'CLICK_AND_CLAIM')
      );
    const read = (event as { output?: JourneyLoaded }).output!;
    return first ? FIRST_READS.some((name) => reads[name] === read) : read === rereadOf(s);
  }
  if (type === 'clock.ticked') return (event as unknown as { now: number }).now > s.context.serverNow && tickMatters(s);
  // the demo partner's journey is only read; a journey handed back is where a path ends
  if (s.context.view === views.heldSoon || s.context.handedBack) return false;
  // once the page's clock is ahead of the server's, the partner only hands back a journey whose tracking opened: the
  // server charges on its own clock, the page no longer counts anything down
  if (hasJumped(s)) return type === 'xstate.done.actor.journeyDriver' && s.matches({ showing: { tracking: 'open' } });
  switch (type) {
    case 'xstate.done.actor.journeyOffer': {
      const outcome = (event as { output?: { outcome: string } }).output!.outcome;
      return (
        outcome === 'accepted' ||
        (outcome === 'taken' && s.matches({ showing: { allocation: 'offered' } }) && methodOf(s) === 'CLICK_AND_CLAIM')
      );
    }
    case 'journey.changed':
      return s.context.view === views.held;
    case 'journey.notice':
      return s.matches({ showing: { allocation: 'offered' } }) && methodOf(s) === 'CLICK_AND_CLAIM';
    default:
      return true;
  }
}

/** Where the page waits for the partner: a path's checks are made there, and a path ends there. */
function isSettledPage(value: unknown, context: JourneyAllocationContext): boolean {
  if (value === 'failed' || value === 'notFound') return true;
  const allocation = (value as { showing?: { allocation: unknown } }).showing?.allocation;
  if (allocation === undefined || ['deciding', 'reloading'].includes(String(allocation))) return false;
  const pending = (allocation as { interestPending?: string }).interestPending;
  if (pending === 'cancelling') return false;
  // after the jump, a state the next tick changes lasts a second at most
  const jumped = context.serverNow > T0 || context.clockOffsetMs !== 0;
  const tracking = (value as { showing: { tracking: string } }).showing.tracking;
  return !(
    jumped &&
    context.serverNow < T0 + JUMP &&
    (pending === 'cancellable' || pending === 'editing' || tracking === 'waiting')
  );
}

// --- the offer panel -------------------------------------------------------------------------------------------

type OfferSnap = SnapshotFrom<typeof journeyOfferMachine>;
type OfferStep = Step<JourneyOfferContext>;
/** The panel without a parent to tell (the page's machine is not in the graph); its toasts are seen on the page. */
const offerModel = journeyOfferMachine.provide({
  actions: { issueKey: assign({ key: 'offer-key' }), notify: () => undefined } as never,
});
/** The panel as played, for the coverage record (a real key; no parent to tell in the replay). */
const offerRecorded = journeyOfferMachine.provide({ actions: { notify: () => undefined } as never });

const fleetVehicle = (id: number) =>
  Schema.decodeUnknownSync(JourneyVehicle)({
    id,
    name: 'Van',
    type: 'lwb',
    userId: 1,
    make: 'Ford',
    model: 'Transit',
    registration_number: `AB${id}2 CDE`,
    status: 'APPROVED',
    haveTailLift: false,
    loading_capacity_m3: 20,
    totalPayloadKg: 1200,
    eligible: true,
    ineligible_reason: null,
  });
const fleetDriver = (id: number) =>
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
/** The partner's fleet as the panel reads it: two vans that fit (model 5 and 6) and, to claim, two drivers (9, 10). */
const FLEET = { vehicles: [fleetVehicle(5), fleetVehicle(6)], drivers: [fleetDriver(9), fleetDriver(10)] };

const OFFER_SCENARIOS = {
  interest: {
    input: { journeyId: '42', method: 'EXPRESS_INTEREST', returnQuote: 22_000, editing: null } as JourneyOfferInput,
    extra: [
      { type: 'quote.changed', text: 'abc' },
      { type: 'quote.changed', text: '320' },
      { type: 'returnQuote.changed', text: '-4' },
      { type: 'people.chosen', people: 2 },
    ],
    refusals: [] as FailureName[],
  },
  claim: {
    input: { journeyId: '42', method: 'CLICK_AND_CLAIM', returnQuote: 22_000, editing: null } as JourneyOfferInput,
    extra: [
      { type: 'driver.chosen', id: 10 },
      { type: 'return.toggled', withReturn: true },
    ],
    refusals: ['taken'] as FailureName[],
  },
  edit: {
    input: {
      journeyId: '42',
      method: 'EXPRESS_INTEREST',
      returnQuote: 22_000,
      editing: pendingInterest,
      decimalSeparator: '.',
    } as JourneyOfferInput,
    extra: [
      { type: 'quote.changed', text: 'abc' },
      { type: 'quote.changed', text: '320' },
      { type: 'returnQuote.changed', text: '-4' },
      { type: 'people.chosen', people: 1 },
    ],
    refusals: ['noInterest'] as FailureName[],
  },
};
type OfferScenario = keyof typeof OFFER_SCENARIOS;

const offerEvents = (scenario: OfferScenario): AnyEventObject[] => {
  const { input, extra, refusals } = OFFER_SCENARIOS[scenario];
  return [
    done('loadFleet', input.method === 'CLICK_AND_CLAIM' ? FLEET : { ...FLEET, drivers: [] }),
    error('loadFleet', failures.serverDown),
    { type: 'offer.retried' },
    { type: 'vehicle.chosen', id: 6 },
    ...extra,
    { type: 'offer.submitted' },
    done('submitOffer', undefined),
    error('submitOffer', failures.serverDown),
    error('submitOffer', failures.unreadable),
    ...refusals.map((name) => error('submitOffer', failures[name])),
  ];
};

/** The texts an offer starts with: empty, or the pending interest's amounts for its edit. */
const startText = (c: JourneyOfferContext) =>
  c.editing === null
    ? { quote: '', returnQuote: '' }
    : { quote: amountText(c.editing.tp_quote.amount), returnQuote: amountText(c.editing.tp_quote_return!.amount) };

/**
 * Each choice once per path (the graph is every order of a few choices, not every value of each), as in the unit
 * model test; and after an answer the page could not read, the offer was made on the server: the path ends there.
 */
function offerEventsAllowed(s: OfferSnap, event: AnyEventObject): boolean {
  if (!s.can(event as never)) return false;
  if (
    via(s)?.type === 'xstate.error.actor.submitOffer' &&
    (via(s) as { error?: unknown }).error === failures.unreadable
  )
    return false;
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
}

const isSettledOffer = (value: unknown) => value !== 'loadingFleet' && value !== 'submitting';

const OFFER_PATHS = fewestCovering(
  offerRecorded,
  (Object.keys(OFFER_SCENARIOS) as OfferScenario[]).map((scenario) => {
    const { input } = OFFER_SCENARIOS[scenario];
    return settledPaths<JourneyOfferContext>(
      offerModel,
      { events: offerEvents(scenario), input, filterEvents: offerEventsAllowed },
      (step) => isSettledOffer(step.state.value),
    ).map((path) => ({ scenario, path, input }));
  }),
);

// --- the driver panel ------------------------------------------------------------------------------------------

type DriverSnap = SnapshotFrom<typeof journeyDriverMachine>;
type DriverStep = Step<JourneyDriverContext>;
const driverModel = journeyDriverMachine.provide({
  actions: { notify: () => undefined, reportChange: () => undefined } as never,
});

const DRIVER_SCENARIOS = {
  /** A journey the partner claimed (through the API) with its first driver. */
  held: {
    input: { journeyId: '42', view: views.held },
    events: [
      done('loadDrivers', FLEET.drivers),
      error('loadDrivers', failures.serverDown),
      { type: 'drivers.retried' },
      { type: 'driver.chosen', id: 10 },
      { type: 'driver.allocated' },
      { type: 'driver.confirmed' },
      ...[9, 10].flatMap((id) => [
        done('allocateDriver', driverOn(id as 9 | 10, false)),
        done('allocateDriver', driverOn(id as 9 | 10, true)),
        done('confirmDriver', driverOn(id as 9 | 10, true)),
      ]),
      error('allocateDriver', failures.serverDown),
      error('confirmDriver', failures.serverDown),
      { type: 'deallocation.started' },
      { type: 'reason.chosen', reason: 'vehicle_issues' },
      { type: 'note.changed', text: 'Flat tyre' },
      { type: 'deallocation.confirmed' },
      { type: 'deallocation.cancelled' },
      done('deallocate', deallocation),
      error('deallocate', failures.serverDown),
    ] as AnyEventObject[],
  },
  /** The demo partner's journey with no driver yet, read only: nothing that would send a change. */
  noDriver: {
    input: { journeyId: '42', view: views.noDriver },
    events: [
      done('loadDrivers', FLEET.drivers),
      { type: 'driver.allocated' },
      { type: 'driver.confirmed' },
      { type: 'deallocation.started' },
      { type: 'deallocation.confirmed' },
      { type: 'deallocation.cancelled' },
    ] as AnyEventObject[],
  },
};
type DriverScenario = keyof typeof DRIVER_SCENARIOS;

/**
 * The server's answer to a driver change is the journey with the driver it now has: the chosen one, still confirmed
 * when it was already on the journey confirmed, else not yet; confirming confirms the chosen one (or the one on it).
 */
function driverEventsAllowed(s: DriverSnap, event: AnyEventObject): boolean {
  if (!s.can(event as never)) return false;
  const c = s.context;
  const answered = (event as { output?: JourneyResponse }).output?.driver;
  switch (event.type) {
    case 'driver.chosen':
      return c.chosenDriverId !== 10;
    case 'reason.chosen':
      return c.reason === null;
    case 'note.changed':
      return c.note === '';
    // Kept out: closing the dialogue opened while the drivers could not be read lands in `idle` with no drivers, and
    // the panel then says 'You have no active drivers' and offers no list to choose from (journey-driver.machine.ts
    // confirmingDeallocation: deallocation.cancelled always targets idle).
    case 'deallocation.cancelled':
      return c.drivers.length > 0;
    case 'xstate.done.actor.allocateDriver':
      return (
        answered?.id === c.chosenDriverId &&
        answered?.confirmed === (c.driver?.id === c.chosenDriverId ? c.driver.confirmed : false)
      );
    case 'xstate.done.actor.confirmDriver':
      return answered?.id === (c.chosenDriverId ?? c.driver?.id) && answered?.confirmed === true;
    default:
      return true;
  }
}

const isSettledDriver = (value: unknown) =>
  !['loadingDrivers', 'allocatingDriver', 'confirmingDriver', 'deallocating'].includes(String(value));

const DRIVER_PATHS = fewestCovering(
  driverModel,
  (Object.keys(DRIVER_SCENARIOS) as DriverScenario[]).map((scenario) => {
    const { input, events } = DRIVER_SCENARIOS[scenario];
    return settledPaths<JourneyDriverContext>(
      driverModel,
      { events, input, filterEvents: driverEventsAllowed },
      (step) => isSettledDriver(step.state.value),
      // the journey held with a driver has too many simple paths to list (several hundred thousand)
      { simple: scenario === 'noDriver' },
    ).map((path) => ({ scenario, path, input }));
  }),
);

// --- the page's machine as the panels' paths drive it ---------------------------------------------------------------

/** The read that opens each panel's scenario (the demo partner's journey with no driver yet: held, no driver). */
const OPENING_READ: Readonly<Record<OfferScenario | DriverScenario, JourneyLoaded>> = {
  interest: reads.interest,
  claim: reads.claim,
  edit: reads.pending,
  held: reads.held,
  noDriver: loaded(views.noDriver),
};
/** A panel's toast as it passes through the page's machine (its wording is checked on the page). */
const PANEL_NOTICE: JourneyNotice = { type: 'journey.notice', tone: 'success', action: 'edit' };
const TOASTING = /^xstate\.(done|error)\.actor\.(submitOffer|allocateDriver|confirmDriver|deallocate)$/;

/** Replays events through a machine (its actors never settling): the steps of a path, with their snapshots. */
function stepsOf(machine: AnyStateMachine, input: unknown, events: readonly AnyEventObject[]): Step[] {
  const actor = createActor(replayable(machine), { input, clock: new SimulatedClock() });
  actor.start();
  const steps: Step[] = [{ event: { type: 'xstate.init' }, state: actor.getSnapshot() }];
  for (const event of events) {
    actor.send(event);
    steps.push({ event, state: actor.getSnapshot() });
  }
  actor.stop();
  return steps;
}

/**
 * What the page's machine goes through while a panel's path is played: the read that shows the panel (and the edit
 * opened), each toast the panel asks for and each driver change it reports, and, when the panel ends, its outcome and
 * the read that follows. The panels' tests record it too, so the page's own paths need not play it again.
 */
function pageStepsOf(scenario: OfferScenario | DriverScenario, path: Path): Step[] {
  const events: AnyEventObject[] = [done('loadJourney', OPENING_READ[scenario])];
  if (scenario === 'edit') events.push({ type: 'interest.editStarted' });
  for (const { event } of withoutInit(path)) {
    if (event.type === 'xstate.done.actor.allocateDriver' || event.type === 'xstate.done.actor.confirmDriver')
      events.push({ type: 'journey.changed', view: event.output });
    if (TOASTING.test(event.type)) events.push(PANEL_NOTICE);
  }
  const end = String(path.steps.at(-1)!.state.value);
  if (end === 'accepted' || end === 'outdated' || end === 'taken')
    events.push(done('journeyOffer', { outcome: end === 'outdated' ? 'changed' : end }));
  if (end === 'accepted') events.push(done('loadJourney', scenario === 'claim' ? reads.held : reads.pending));
  if (end === 'outdated') events.push(done('loadJourney', reads.interest));
  if (end === 'handedBack') events.push(done('journeyDriver', deallocation), done('loadJourney', reads.claim));
  return stepsOf(journeyAllocationMachine, PAGE_INPUT, events);
}

const PANEL_PAGE_RUNS = [...OFFER_PATHS, ...DRIVER_PATHS].map(({ scenario, path }) => pageStepsOf(scenario, path));

/** The page's own paths: those that reach what the panels' tests leave out. */
const PAGE_PATHS = fewestCovering(
  journeyAllocationMachine,
  [
    settledPaths<JourneyAllocationContext>(
      journeyAllocationMachine,
      { events: PAGE_EVENTS, input: PAGE_INPUT, filterEvents: pageEventsAllowed },
      (step) => isSettledPage(step.state.value, step.state.context),
    ).map((path) => ({ path, input: PAGE_INPUT })),
  ],
  new Set(PANEL_PAGE_RUNS.flatMap((steps) => [...reachedBy(journeyAllocationMachine, PAGE_INPUT, steps)])),
).map(({ path }) => path);

// ---------------------------------------------------------------------------------------------------------------
// The server: sessions, journeys and what is arranged on it

const JOURNEY_CATEGORIES = [
  'journey_general_goods_move',
  'journey_vehicle_move',
  'virtual_journey_car',
  'virtual_journey_furniture',
];

interface Row {
  readonly id: number;
  readonly pickup_date: { readonly start: string };
}
/** What the tests read of GET /ts/public/find-work/v1/journeys/{id} (schemas/journey.ts JourneyResponse). */
interface Answer {
  readonly journey: {
    readonly id: number;
    readonly status: string;
    readonly start_town: string;
    readonly end_town: string;
    readonly first_pickup_at: string;
    readonly tp_quote: { readonly amount: number };
    readonly tp_quote_return: { readonly amount: number } | null;
    readonly listings: ReadonlyArray<{ readonly customer: { readonly name: string } | null }>;
  };
  readonly allocationDetails: {
    readonly status: string;
    readonly allocationMethod: string;
    readonly tpQuote: { readonly amount: number };
    readonly tpQuoteReturn: { readonly amount: number } | null;
  } | null;
  readonly driver: { readonly id: number; readonly full_name: string; readonly confirmed: boolean } | null;
  readonly actions: Readonly<Record<string, boolean | string | null>>;
}
interface Vehicle {
  readonly id: number;
  readonly registration_number: string;
  readonly eligible: boolean;
}
interface Driver {
  readonly id: number;
  readonly full_name: string;
  readonly active: boolean;
}
interface Interest {
  readonly registration_number: string;
  readonly tp_quote: { readonly amount: number };
  readonly selected_number_of_men_option: 1 | 2 | null;
}

/** A partner's API session, signed in as the portal does (session cookie, then the cookie grant). */
class Session {
  private constructor(
    private readonly http: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(email: string): Promise<Session> {
    const http = await playwrightRequest.newContext();
    return new Session(http, await signInForToken(http, email));
  }

  private get headers() {
    return { ...API_HEADERS, Authorization: `Bearer ${this.token}` };
  }

  private async read<T>(path: string): Promise<{ status: number; body: T | null }> {
    const res = await this.http.get(`${ORIGIN}${path}`, { headers: this.headers });
    return { status: res.status(), body: res.ok() ? ((await res.json()) as T) : null };
  }

  private async send(path: string, payload: unknown): Promise<void> {
    const res = await this.http.post(`${ORIGIN}${path}`, { headers: this.headers, data: { payload } });
    if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  }

  /** Up to 100 open journeys offered one way, in the order asked. */
  async rows(method: 'express_interest' | 'click_and_claim', order: string): Promise<Row[]> {
    const res = await this.http.post(`${ORIGIN}/v1/jobs`, {
      headers: this.headers,
      data: {
        payload: {
          type: 'journey',
          categories: JOURNEY_CATEGORIES,
          filters: { allocation_method: [method] },
          limit: 100,
          order,
        },
      },
    });
    if (!res.ok()) throw new Error(`v1/jobs: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { data: Row[] }).data;
  }

  async journey(id: number): Promise<Answer | null> {
    return (await this.read<Answer>(`/ts/public/find-work/v1/journeys/${id}`)).body;
  }

  async vehicles(journeyId: number): Promise<Vehicle[]> {
    const { body } = await this.read<{ data: Vehicle[] }>(
      `/journey/api/v1/journey-shells/listProviderVehicles/${journeyId}`,
    );
    return body!.data;
  }

  async drivers(): Promise<Driver[]> {
    const { body } = await this.read<{ data: { rows: Driver[] } }>('/ng/api/v3/provider/drivers');
    return body!.data.rows.filter((driver) => driver.active);
  }

  async interest(journeyId: number): Promise<Interest | null> {
    return (await this.read<{ data: Interest | null }>(`/journey/api/v1/journey/expressed-interest/${journeyId}`)).body!
      .data;
  }

  expressInterest(journeyId: number, vehicleId: number, people: 1 | 2): Promise<void> {
    return this.send('/ng/api/v3/provider/expressInterest', {
      provider_vehicle_id: vehicleId,
      job_id: [journeyId],
      job_type: 'journey',
      selected_number_of_men_option: people,
    });
  }

  claim(journeyId: number, vehicleId: number, driverId: number): Promise<void> {
    return this.send(`/journey/api/v1/journey/${journeyId}/register-driver/${driverId}`, {
      provider_vehicle_id: vehicleId,
    });
  }

  /** Withdraws the interest, as the partner's other tab or device would. */
  async cancelInterest(journeyId: number): Promise<void> {
    const { status } = await this.read(`/ng/api/v3/provider/cancelInterest/${journeyId}`);
    if (status !== 200) throw new Error(`cancelInterest ${journeyId}: ${status}`);
  }

  /** The session's cookies, for a browser context to share. */
  async cookies(): Promise<Cookie[]> {
    return (await this.http.storageState()).cookies;
  }

  dispose(): Promise<void> {
    return this.http.dispose();
  }
}

let partner: Session;
let rival: Session;
let demo: Session;
let notReady: Session;
test.beforeAll(async () => {
  [partner, rival, demo, notReady] = (await Promise.all(
    [PARTNER, RIVAL, DEMO, NOT_READY].map((email) => Session.signIn(email)),
  )) as [Session, Session, Session, Session];
});
test.afterAll(async () => {
  await Promise.all([partner, rival, demo, notReady].map((session) => session?.dispose()));
});

/** A starting point among `n` candidates of the test's own, the same every run (tests spread over the journeys). */
const startOf = (n: number) =>
  [...test.info().title].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7) % Math.max(1, n);

/**
 * An open journey nobody has touched, among the hundred oldest (the other browser tests draw theirs from the newest
 * hundred): offered `method`, with a return leg, its first pickup more than three days ahead, no interest of this
 * partner in it.
 */
const oldest: Partial<Record<'express_interest' | 'click_and_claim', Promise<Row[]>>> = {};
async function freshJourney(kind: 'interest' | 'claim'): Promise<Answer> {
  const method = kind === 'interest' ? 'express_interest' : 'click_and_claim';
  oldest[method] ??= partner.rows(method, 'created_at_asc');
  const rows = (await oldest[method]).filter((row) => Date.parse(row.pickup_date.start) > Date.now() + 72 * HOUR);
  const start = startOf(rows.length);
  for (let i = 0; i < rows.length; i += 1) {
    const answer = await partner.journey(rows[(start + i) % rows.length]!.id);
    if (
      answer?.allocationDetails?.status === 'UNALLOCATED' &&
      answer.allocationDetails.allocationMethod === method.toUpperCase() &&
      answer.actions[method] === true &&
      answer.journey.tp_quote_return !== null
    )
      return answer;
  }
  throw new Error(`no untouched ${method} journey left among the oldest hundred`);
}

/**
 * The seeded journeys that are only read: the demo partner's completed one, its one due tomorrow, its one next week
 * with no driver yet, and the open journey whose first pickup passed unclaimed (no allocation details). They follow
 * the marketplace's journeys in id order: found by reading ids upwards from the highest open one listed.
 */
interface Seeded {
  readonly completed: number;
  readonly dueSoon: number;
  readonly noDriver: number;
  readonly closed: number;
}
let seeded: Promise<Seeded> | undefined;
const seededJourneys = (): Promise<Seeded> =>
  (seeded ??= (async () => {
    const listed = await Promise.all(
      (['express_interest', 'click_and_claim'] as const).flatMap((m) =>
        ['created_at_desc', 'created_at_asc'].map((order) => demo.rows(m, order)),
      ),
    );
    const found: Partial<Record<keyof Seeded, number>> = {};
    let misses = 0;
    for (let id = Math.max(...listed.flat().map((r) => r.id)) + 1; misses < 10; id += 1) {
      const answer = await demo.journey(id);
      if (!answer) {
        misses += 1;
        continue;
      }
      misses = 0;
      const pickup = Date.parse(answer.journey.first_pickup_at);
      const held = answer.allocationDetails?.status === 'ALLOCATED';
      if (answer.journey.status === 'completed') found.completed ??= id;
      else if (held && pickup > Date.now() && pickup < Date.now() + 24 * HOUR) found.dueSoon ??= id;
      else if (held && answer.driver === null && pickup > Date.now() + 48 * HOUR) found.noDriver ??= id;
      else if (answer.journey.status === 'open' && answer.allocationDetails === null) found.closed ??= id;
    }
    const { completed, dueSoon, noDriver, closed } = found;
    if (!completed || !dueSoon || !noDriver || !closed)
      throw new Error(`seeded journeys not found: ${JSON.stringify(found)}`);
    return { completed, dueSoon, noDriver, closed };
  })());

/** The `tpp_fault` cookie: every request of this browser context to `path` fails as `mode` says. */
const injectFault = (context: BrowserContext, mode: '500' | 'garbage', path: string) =>
  context.addCookies([{ name: 'tpp_fault', value: `${mode}@${path}`, url: ORIGIN }]);
const liftFault = (context: BrowserContext) => context.clearCookies({ name: 'tpp_fault' });

const JOURNEY_READ = '/ts/public/find-work/v1/journeys';
const FLEET_READ = '/journey/api/v1/journey-shells/listProviderVehicles';
const DRIVERS_READ = '/ng/api/v3/provider/drivers';
const INTEREST_SEND = '/ng/api/v3/provider/expressInterest';
const journeyCall = (id: number, call: string) => `/journey/api/v1/journey/${id}/${call}`;

// ---------------------------------------------------------------------------------------------------------------
// What the page shows

const FAILURE_TEXT = {
  server: 'Sorry, something went wrong on our side. Please try again.',
  unreadable: 'The server sent an answer we could not read. Please try again; if it keeps happening, contact our team.',
};
const UNANSWERED_TEXT =
  'We did not get an answer, so it may not have gone through. Try again: it will not be sent twice.';
const QUOTE_ERRORS: Readonly<Record<string, string>> = {
  empty: 'Enter your price.',
  notANumber: 'Enter an amount such as 120.50.',
  notPositive: 'The amount must be more than 0.',
};
const money = (minorUnits: number) => formatMoney(minorUnits, 'en');
const when = (ms: number) => `${formatDate(new Date(ms), 'en')}, ${formatTime(new Date(ms), 'en')}`;

/** One browser session playing a path: its page, the journey, and the server's truth about them. */
interface Play {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly journey: JourneyPage;
  /** The account the browser is signed in as; and the API session that reads the truth about the journey. */
  readonly viewer: Session;
  readonly api: Session;
  readonly id: number;
  /** The journey as first read through the API. */
  readonly facts: Answer | null;
  /** The partner's vans that fit the journey (model vehicles 5 and 6) and its active drivers (model 9 and 10). */
  readonly vans: readonly Vehicle[];
  readonly drivers: readonly Driver[];
  /** The toasts due since the last check: a title and, for a refusal, its text. */
  toasts: Toast[];
  /** When the page's clock was moved on. */
  jumped: boolean;
  /** A claim went unanswered (a 500): the panel offers the same attempt again. */
  unanswered: boolean;
  /** What handing the journey back costs, worked out when the partner did. */
  handedBackCharge: number | null;
  /** The pending interest as the page last read it. */
  interest?: Interest | null;
}
interface Toast {
  readonly title: string;
  readonly text?: string;
}

const vanOf = (play: Play, modelId: number) => play.vans[modelId === 6 ? 1 : 0]!;
const driverOf = (play: Play, modelId: number) => play.drivers[modelId === 10 ? 1 : 0]!;

/**
 * Signs the browser context in with the account's server session (the cookie), which the portal restores when it
 * starts: one sign-in per account and worker rather than a password check per test. The route map is not loaded:
 * 1.3 MB of MapLibre that cannot draw without a GPU here (the page then shows its note instead, as it does on such
 * devices), and nothing of the allocation depends on it.
 */
async function signInBrowser(context: BrowserContext, session: Session): Promise<void> {
  await context.addCookies(await session.cookies());
  await context.route(/\/assets\/(journey-route-map|map-style)-[^/]*\.js$/, (route) => route.abort());
}

/** The rival claims the journey first, with a van of its that fits and its first driver. */
async function rivalClaims(id: number): Promise<void> {
  const [vans, drivers] = await Promise.all([rival.vehicles(id), rival.drivers()]);
  await rival.claim(id, vans.find((v) => v.eligible)!.id, drivers[0]!.id);
}

/** The steps after `index` that are outcomes of what the partner did at it (until the partner acts again). */
function outcomesAfter<S extends Step>(steps: readonly S[], index: number, isOutcome: (step: S) => boolean): S[] {
  const outcomes: S[] = [];
  for (const step of steps.slice(index + 1)) {
    if (!isOutcome(step)) break;
    outcomes.push(step);
  }
  return outcomes;
}

async function expectToasts(play: Play): Promise<void> {
  for (const { title, text } of play.toasts) {
    const toast = play.journey.toast(title).last();
    await expect(toast).toBeVisible();
    if (text) await expect(toast.locator('.toast-text')).toHaveText(text);
  }
  play.toasts = [];
}

/** What handing the journey back costs now, on the server's clock and rule (journey-pay.ts, the page's too). */
async function chargeNow(play: Play): Promise<number> {
  const held = (await play.api.journey(play.id))!;
  const value = held.allocationDetails!.tpQuote.amount + (held.allocationDetails!.tpQuoteReturn?.amount ?? 0);
  return deallocationCharge(Date.parse(held.journey.first_pickup_at), Date.now(), value).amount;
}

// --- the page's machine --------------------------------------------------------------------------------------------

type PageValue = 'loading' | 'failed' | 'notFound' | { showing: { allocation: unknown; tracking: string } };
const allocationName = (value: PageValue) => {
  if (typeof value === 'string') return value;
  const allocation = value.showing.allocation;
  return typeof allocation === 'string'
    ? allocation
    : `interestPending.${(allocation as { interestPending: string }).interestPending}`;
};

/** What the page shows in a settled state of its machine, against the server's truth. */
async function expectPageState(play: Play, step: PageStep): Promise<void> {
  const { page, journey } = play;
  // the toasts first: they go after five seconds (danger ones after eight)
  await expectToasts(play);
  const value = step.state.value as PageValue;
  const context = step.state.context;
  if (value === 'failed') {
    await expect(journey.heading()).toHaveText('Journey');
    await expect(page.locator('.journey-page .alert')).toContainText('Error fetching journey');
    await expect(journey.retryButton()).toBeEnabled();
    return;
  }
  if (value === 'notFound') {
    await expect(journey.heading()).toHaveText('The journey does not exist or its not allocated to you.');
    await expect(page.getByText('Another partner may hold it, or the link may be wrong.')).toBeVisible();
    return;
  }
  if (typeof value === 'string') throw new Error(`not a settled state: ${value}`);
  const facts = play.facts!;
  await expect(journey.heading()).toHaveText(`${facts.journey.start_town} to ${facts.journey.end_town}`);
  await expect(page.locator('.journey-facts')).toContainText(`Journey ${facts.journey.id}`);

  const allocation = allocationName(value);
  const claim = context.view?.allocationDetails?.allocationMethod === 'CLICK_AND_CLAIM';
  switch (allocation) {
    case 'offered': {
      await journey.expectPanel('offered');
      await expect(journey.panel().locator('.journey-method')).toHaveText(
        claim ? 'Click and claim' : 'Express interest',
      );
      await expect(page.getByTestId('journey-price')).toHaveText(money(facts.journey.tp_quote.amount));
      await expect(journey.claimButton()).toHaveText(
        play.unanswered ? 'Try again' : claim ? 'Claim journey' : 'Express interest',
      );
      await expect(journey.panel().locator('.alert')).toHaveText(play.unanswered ? UNANSWERED_TEXT : []);
      await expect(journey.claimButton()).toBeEnabled();
      await expect(journey.customers()).toHaveCount(0);
      if (context.handedBack) {
        await expect(page.getByTestId('journey-handed-back')).toContainText(`Charge: ${money(play.handedBackCharge!)}`);
      } else await expect(page.getByTestId('journey-handed-back')).toHaveCount(0);
      break;
    }
    case 'interestPending.cancellable':
    case 'interestPending.locked': {
      await journey.expectPanel('pending');
      await expect(journey.panel()).toContainText('Your interest is pending');
      // the interest as the page last read it (a refused cancellation does not read it again)
      if (step.event.type === 'xstate.done.actor.loadJourney') play.interest = await play.api.interest(play.id);
      const interest = play.interest!;
      await expect(journey.interestFacts()).toContainText(interest.registration_number);
      await expect(journey.interestFacts()).toContainText(money(interest.tp_quote.amount));
      await expect(journey.interestFacts()).toContainText(
        interest.selected_number_of_men_option === 2 ? 'Two people' : 'One person',
      );
      await expect(page.getByTestId('journey-price')).toHaveText(money(interest.tp_quote.amount));
      if (allocation === 'interestPending.cancellable') {
        await expect(journey.countdown()).toContainText(/^You can change or cancel it for \d+ \w+/);
        await expect(journey.cancelInterestButton()).toBeEnabled();
        await expect(journey.editInterestButton()).toBeEnabled();
      } else {
        await expect(page.getByTestId('journey-cancel-closed')).toHaveText(
          'It is now less than 24 hours before the first pickup: your interest stands and can no longer be changed or cancelled.',
        );
        await expect(journey.cancelInterestButton()).toHaveCount(0);
        await expect(journey.editInterestButton()).toHaveCount(0);
      }
      break;
    }
    case 'interestPending.editing': {
      await journey.expectPanel('pending');
      await expect(journey.panel().locator('.journey-subtitle')).toHaveText('Change your interest');
      const interest = play.interest!;
      await expect(journey.priceField()).toHaveValue(amountText(interest.tp_quote.amount));
      await expect(journey.vehicleChoice(interest.registration_number)).toHaveAttribute('data-selected', 'true');
      await expect(journey.claimButton()).toHaveText('Send changes');
      await expect(journey.discardEditButton()).toBeEnabled();
      break;
    }
    case 'allocated': {
      await journey.expectPanel('allocated');
      await expect(page.getByTestId('journey-allocated')).toContainText('This journey is yours');
      const truth = (await play.api.journey(play.id))!;
      await expect(journey.currentDriver()).toContainText(
        `${truth.driver!.full_name} ${truth.driver!.confirmed ? 'Confirmed' : 'Not confirmed yet'}`,
      );
      for (const listing of truth.journey.listings)
        if (listing.customer) await expect(journey.customers()).toContainText(listing.customer.name);
      await expect(journey.handBackButton()).toBeEnabled();
      await expect(journey.assignDriverButton()).toBeEnabled();
      break;
    }
    case 'completed':
      await expect(journey.panel()).toHaveAttribute('data-panel', 'completed');
      await expect(page.getByTestId('journey-completed')).toContainText('Journey completed');
      await expect(
        page.getByText('Customer details were removed when the journey was completed (data protection).'),
      ).toBeVisible();
      break;
    case 'taken':
      await journey.expectPanel('taken');
      await expect(page.getByTestId('journey-taken')).toContainText(
        'This journey has just been allocated to another partner',
      );
      await expect(journey.claimButton()).toHaveCount(0);
      break;
    case 'notEligible':
      await journey.expectPanel('notEligible');
      await expect(journey.panel()).toContainText('Your account is not ready for journeys yet.');
      await expect(journey.panel()).toContainText('Please contact our team to become eligible for journeys.');
      await expect(journey.panel().getByRole('radio')).toHaveCount(0);
      await expect(journey.claimButton()).toHaveCount(0);
      break;
    case 'notOffered':
      await journey.expectPanel('notOffered');
      await expect(page.getByTestId('journey-not-offered')).toHaveText(
        'This journey is no longer open: nothing can be done with it now.',
      );
      break;
    default:
      throw new Error(`not a settled panel: ${allocation}`);
  }

  const tracking = value.showing.tracking;
  if (tracking === 'off') await expect(journey.tracking()).toHaveCount(0);
  else if (tracking === 'open') await expect(journey.tracking()).toContainText('Journey tracking is open.');
  else
    await expect(journey.tracking()).toContainText(
      `Journey tracking opens 24 hours before collection: ${when(Date.parse(facts.journey.first_pickup_at) - 24 * HOUR)}.`,
    );
}

const isPageOutcome = (step: Step) =>
  /^xstate\.(done|error)\.actor\.(loadJourney|cancelInterest)$/.test(step.event.type);

/** Arranges on the server what the partner's next action will meet. */
async function arrangePage(play: Play, outcomes: readonly PageStep[]): Promise<void> {
  await liftFault(play.context);
  for (const { event } of outcomes) {
    if (event.type === 'xstate.error.actor.loadJourney' && event.error === failures.serverDown)
      await injectFault(play.context, '500', JOURNEY_READ);
    if (event.type === 'xstate.error.actor.cancelInterest') await play.api.cancelInterest(play.id);
  }
}

/** Chooses the offer's first van (and, to claim, the first driver), as a partner does before sending it. */
async function fillOffer(play: Play, claim: boolean): Promise<void> {
  await play.journey.chooseVehicle(play.vans[0]!.registration_number);
  if (claim) await play.journey.chooseDriver(play.drivers[0]!.full_name);
}

/** A user event of the page's machine as the partner's actions (a panel's outcome: the panel's own actions). */
async function actOnPage(play: Play, step: PageStep, before: PageStep): Promise<void> {
  const { journey, page } = play;
  const claim = before.state.context.view?.allocationDetails?.allocationMethod === 'CLICK_AND_CLAIM';
  switch (step.event.type) {
    case 'journey.retried':
      return journey.retryButton().click();
    case 'interest.cancelled':
      return journey.cancelInterestButton().click();
    case 'interest.editStarted':
      return journey.editInterestButton().click();
    case 'interest.editDiscarded':
      // a change typed, then thrown away
      await journey.typePrice('999');
      return journey.discardEditButton().click();
    case 'xstate.done.actor.journeyOffer': {
      if (allocationName(before.state.value as PageValue) === 'interestPending.editing') {
        const interest = (await play.api.interest(play.id))!;
        await journey.typePrice(amountText(interest.tp_quote.amount + 500));
        return journey.claimButton().click();
      }
      if ((step.event as { output?: { outcome: string } }).output?.outcome === 'taken') await rivalClaims(play.id);
      await fillOffer(play, claim);
      return journey.claimButton().click();
    }
    case 'journey.notice':
      await injectFault(play.context, '500', journeyCall(play.id, 'register-driver'));
      await fillOffer(play, true);
      play.unanswered = true;
      return journey.claimButton().click();
    case 'xstate.done.actor.journeyDriver':
      play.handedBackCharge = await chargeNow(play);
      await journey.handBackButton().click();
      await journey.chooseReason('Vehicle issues');
      return journey.confirmHandBack().click();
    case 'journey.changed':
      await journey.chooseDriver(play.drivers[1]!.full_name);
      return journey.assignDriverButton().click();
    case 'clock.ticked': {
      // the first tick past the deadline is the page's clock moved on; after it the page's own clock ticks on
      if (play.jumped) return;
      const opensAt = Date.parse(play.facts!.journey.first_pickup_at) - 24 * HOUR;
      await page.clock.fastForward(opensAt + HOUR - Date.now());
      play.jumped = true;
      return;
    }
    default:
      throw new Error(`no browser action for ${step.event.type}`);
  }
}

/** The toasts a step of the page's machine brings. */
function pageToasts(play: Play, step: PageStep, before: PageStep): Toast[] {
  const event = step.event as AnyEventObject & { output?: { outcome?: string } };
  switch (event.type) {
    case 'xstate.done.actor.cancelInterest':
      return [{ title: 'Interest cancelled' }];
    case 'xstate.error.actor.cancelInterest':
      return [{ title: 'Unable to cancel interest', text: NO_INTEREST_TEXT }];
    case 'xstate.done.actor.journeyOffer':
      if (event.output?.outcome === 'taken') return [{ title: 'Unable to claim this journey', text: TAKEN_TEXT }];
      if (allocationName(before.state.value as PageValue) === 'interestPending.editing')
        return [{ title: 'Interest updated' }];
      return before.state.context.view?.allocationDetails?.allocationMethod === 'CLICK_AND_CLAIM'
        ? [{ title: 'Journey claimed: it is yours' }]
        : [{ title: 'Interest expressed' }];
    case 'xstate.done.actor.journeyDriver':
      return [{ title: `Journey handed back. Charge: ${money(play.handedBackCharge!)}` }];
    case 'journey.changed':
      return [{ title: 'Driver assigned' }];
    case 'journey.notice':
      return [{ title: 'Unable to claim this journey', text: FAILURE_TEXT.server }];
    default:
      return [];
  }
}

/** Who reads the journey first, which journey, and what is on the server before the page opens. */
async function setUpPage(page: Page, context: BrowserContext, steps: readonly PageStep[]): Promise<Play> {
  const first = steps.find(
    ({ event }) =>
      event.type === 'xstate.done.actor.loadJourney' ||
      (event.type === 'xstate.error.actor.loadJourney' && event.error === failures.notFound),
  )!;
  const read = first.event.type === 'xstate.done.actor.loadJourney' ? LABELS.get(first.event.output) : 'notFound';
  let api = partner;
  let facts: Answer | null = null;
  switch (read) {
    case 'notFound':
      break;
    case 'interest':
    case 'pending':
    case 'notEligible':
      facts = await freshJourney('interest');
      break;
    case 'claim':
    case 'held':
      facts = await freshJourney('claim');
      break;
    case 'closed':
      facts = await partner.journey((await seededJourneys()).closed);
      break;
    case 'heldSoon':
    case 'completed':
      api = demo;
      facts = await demo.journey((await seededJourneys())[read === 'heldSoon' ? 'dueSoon' : 'completed']);
      break;
    default:
      throw new Error(`no journey for a first read of ${read}`);
  }
  const viewer = read === 'notEligible' ? notReady : api;
  const id = facts?.journey.id ?? 999_999;
  const own = viewer === partner && facts !== null;
  const [vans, drivers] = own
    ? await Promise.all([partner.vehicles(id).then((v) => v.filter((x) => x.eligible)), partner.drivers()])
    : [[], []];
  if (read === 'pending') await partner.expressInterest(id, vans[0]!.id, 2);
  if (read === 'held') await partner.claim(id, vans[0]!.id, drivers[0]!.id);
  return {
    page,
    context,
    journey: new JourneyPage(page),
    api,
    id,
    facts,
    vans,
    drivers,
    toasts: [],
    jumped: false,
    unanswered: false,
    handedBackCharge: null,
    viewer,
  };
}

/** Plays a path of the page's machine in the browser, checking the page in every settled state it passes. */
async function playPage(page: Page, context: BrowserContext, path: Path<JourneyAllocationContext>): Promise<void> {
  const steps = withoutInit(path);
  const play = await setUpPage(page, context, steps);
  await signInBrowser(context, play.viewer);
  if (steps.some((s) => s.event.type === 'clock.ticked')) await page.clock.install();
  await arrangePage(play, outcomesAfter(steps, -1, isPageOutcome));
  await play.journey.openAt(play.id);
  for (const [i, step] of steps.entries()) {
    const before = steps[i - 1] ?? path.steps[0]!;
    if (!isPageOutcome(step)) {
      await arrangePage(play, outcomesAfter(steps, i, isPageOutcome));
      await actOnPage(play, step, before);
    }
    play.toasts.push(...pageToasts(play, step, before));
    if (isSettledPage(step.state.value, step.state.context)) await expectPageState(play, step);
  }
  recordUiPath(journeyAllocationMachine, PAGE_INPUT, path.steps);
}

// --- the offer panel -------------------------------------------------------------------------------------------

const isOfferOutcome = (step: Step) => /^xstate\.(done|error)\.actor\.(loadFleet|submitOffer)$/.test(step.event.type);
const OFFER_TITLES: Readonly<Record<OfferScenario, { done: string; failed: string }>> = {
  interest: { done: 'Interest expressed', failed: 'Unable to express interest' },
  claim: { done: 'Journey claimed: it is yours', failed: 'Unable to claim this journey' },
  edit: { done: 'Interest updated', failed: 'Unable to change your interest' },
};
const REFUSAL_TEXT = new Map<unknown, string>([
  [failures.serverDown, FAILURE_TEXT.server],
  [failures.unreadable, FAILURE_TEXT.unreadable],
  [failures.taken, TAKEN_TEXT],
  [failures.noInterest, NO_INTEREST_TEXT],
]);

async function arrangeOffer(play: Play, scenario: OfferScenario, outcomes: readonly OfferStep[]): Promise<void> {
  await liftFault(play.context);
  const send = scenario === 'claim' ? journeyCall(play.id, 'register-driver') : INTEREST_SEND;
  for (const { event } of outcomes) {
    if (event.type === 'xstate.error.actor.loadFleet') await injectFault(play.context, '500', FLEET_READ);
    if (event.type !== 'xstate.error.actor.submitOffer') continue;
    if (event.error === failures.serverDown) await injectFault(play.context, '500', send);
    else if (event.error === failures.unreadable) await injectFault(play.context, 'garbage', send);
    else if (event.error === failures.taken) await rivalClaims(play.id);
    else if (event.error === failures.noInterest) await play.api.cancelInterest(play.id);
  }
}

async function actOnOffer(play: Play, event: AnyEventObject): Promise<void> {
  const { journey } = play;
  const value = event as AnyEventObject & { id?: number; text?: string; people?: number };
  switch (event.type) {
    case 'offer.retried':
      return journey.retryButton(journey.panel()).click();
    case 'vehicle.chosen':
      return journey.chooseVehicle(vanOf(play, value.id!).registration_number);
    case 'driver.chosen':
      return journey.chooseDriver(driverOf(play, value.id!).full_name);
    case 'quote.changed':
      return journey.priceField().fill(value.text!);
    case 'returnQuote.changed':
      return journey.returnPriceField().fill(value.text!);
    case 'people.chosen':
      return journey.chooseOption(value.people === 2 ? 'Two people' : 'One person');
    case 'return.toggled':
      return journey.returnLegBox().click();
    case 'offer.submitted':
      return journey.claimButton().click();
    default:
      throw new Error(`no browser action for ${event.type}`);
  }
}

function offerToasts(scenario: OfferScenario, step: OfferStep): Toast[] {
  if (step.event.type === 'xstate.done.actor.submitOffer') return [{ title: OFFER_TITLES[scenario].done }];
  if (step.event.type === 'xstate.error.actor.submitOffer')
    return [{ title: OFFER_TITLES[scenario].failed, text: REFUSAL_TEXT.get(step.event.error)! }];
  return [];
}

/** A field's error under it (React Aria renders it only while the field is invalid). */
const fieldError = (play: Play, name: string) =>
  play.journey.panel().locator(`.field:has(input[name="${name}"]) .field-error`);

/** What the offer panel shows in a settled state of its machine; after its end, what the page went on to. */
async function expectOfferState(play: Play, step: OfferStep): Promise<void> {
  const { journey, page } = play;
  await expectToasts(play);
  const c = step.state.context;
  const interest = c.method === 'EXPRESS_INTEREST';
  switch (step.state.value) {
    case 'fleetFailed':
      await expect(journey.panel().locator('.alert')).toContainText(
        'We could not load your vehicles and drivers. Check your connection and try again.',
      );
      await expect(journey.retryButton(journey.panel())).toBeEnabled();
      break;
    case 'editing': {
      await expect(journey.offerForm()).toBeVisible();
      await expect(journey.claimButton()).toHaveText(
        c.unanswered ? 'Try again' : c.editing ? 'Send changes' : interest ? 'Express interest' : 'Claim journey',
      );
      await expect(journey.claimButton()).toBeEnabled();
      await expect(journey.panel().locator('.alert')).toHaveText(c.unanswered ? UNANSWERED_TEXT : []);
      for (const id of [5, 6]) {
        const choice = journey.vehicleChoice(vanOf(play, id).registration_number);
        if (c.vehicleId === id) await expect(choice).toHaveAttribute('data-selected', 'true');
        else await expect(choice).not.toHaveAttribute('data-selected');
      }
      await expect(journey.panel().getByText('Please select a vehicle')).toHaveCount(c.errors.vehicle ? 1 : 0);
      if (interest) {
        // the amounts the form starts with are the interest's own (model: the model interest's)
        const real = c.editing
          ? {
              quote: amountText(play.facts!.journey.tp_quote.amount),
              returnQuote: amountText(play.facts!.journey.tp_quote_return!.amount),
            }
          : { quote: '', returnQuote: '' };
        const model = startText(c);
        await expect(journey.priceField()).toHaveValue(c.quoteText === model.quote ? real.quote : c.quoteText);
        await expect(journey.returnPriceField()).toHaveValue(
          c.returnQuoteText === model.returnQuote ? real.returnQuote : c.returnQuoteText,
        );
        await expect(journey.chosenPeople()).toHaveText(c.people === 2 ? 'Two people' : 'One person');
        const errorText = (error: OfferErrors['quote']) => (error ? QUOTE_ERRORS[error]! : []);
        await expect(fieldError(play, 'quote')).toHaveText(errorText(c.errors.quote));
        await expect(fieldError(play, 'returnQuote')).toHaveText(errorText(c.errors.returnQuote));
      } else {
        await expect(journey.chosenDriver()).toHaveText(
          c.driverId === null ? 'Select a driver' : driverOf(play, c.driverId).full_name,
        );
        await expect(journey.panel().getByText('Please select a driver')).toHaveCount(c.errors.driver ? 1 : 0);
        if (c.withReturn) await expect(journey.returnLegInput()).toBeChecked();
        else await expect(journey.returnLegInput()).not.toBeChecked();
      }
      break;
    }
    case 'accepted': {
      if (!interest) {
        await journey.expectPanel('allocated');
        await expect(journey.currentDriver()).toContainText(
          `${driverOf(play, c.driverId!).full_name} Not confirmed yet`,
        );
        break;
      }
      await journey.expectPanel('pending');
      const price =
        c.quoteText === startText(c).quote ? play.facts!.journey.tp_quote.amount : Number(c.quoteText) * 100;
      await expect(journey.interestFacts()).toContainText(vanOf(play, c.vehicleId!).registration_number);
      await expect(journey.interestFacts()).toContainText(money(price));
      await expect(journey.interestFacts()).toContainText(c.people === 2 ? 'Two people' : 'One person');
      break;
    }
    case 'taken':
      await journey.expectPanel('taken');
      break;
    case 'outdated':
      // the interest was withdrawn elsewhere: read again, the journey is open for interest
      await journey.expectPanel('offered');
      await expect(journey.claimButton()).toHaveText('Express interest');
      break;
    default:
      throw new Error(`not a settled state of the offer: ${String(step.state.value)}`);
  }
  await expect(page.locator('.journey-page')).toHaveAttribute('data-journey-id', String(play.id));
}

async function playOffer(
  page: Page,
  context: BrowserContext,
  scenario: OfferScenario,
  path: Path<JourneyOfferContext>,
): Promise<void> {
  const steps = withoutInit(path);
  const facts = await freshJourney(scenario === 'claim' ? 'claim' : 'interest');
  const id = facts.journey.id;
  const [vans, drivers] = await Promise.all([
    partner.vehicles(id).then((v) => v.filter((x) => x.eligible)),
    partner.drivers(),
  ]);
  // the model's fleet: two vans that fit and two drivers, so nothing is chosen for the partner
  expect([vans.length, drivers.length]).toEqual([2, 2]);
  if (scenario === 'edit') await partner.expressInterest(id, vans[0]!.id, 2);
  const play: Play = {
    page,
    context,
    journey: new JourneyPage(page),
    viewer: partner,
    api: partner,
    id,
    facts,
    vans,
    drivers,
    toasts: [],
    jumped: false,
    unanswered: false,
    handedBackCharge: null,
  };
  await signInBrowser(context, partner);
  const opening = outcomesAfter(steps, -1, isOfferOutcome);
  if (scenario === 'edit') {
    await play.journey.openAt(id);
    await play.journey.expectPanel('pending');
    await arrangeOffer(play, scenario, opening);
    await play.journey.editInterestButton().click();
  } else {
    await arrangeOffer(play, scenario, opening);
    await play.journey.openAt(id);
  }
  for (const [i, step] of steps.entries()) {
    if (!isOfferOutcome(step)) {
      await arrangeOffer(play, scenario, outcomesAfter(steps, i, isOfferOutcome));
      await actOnOffer(play, step.event);
    }
    play.toasts.push(...offerToasts(scenario, step));
    if (isSettledOffer(step.state.value)) await expectOfferState(play, step);
  }
  recordUiPath(offerRecorded, OFFER_SCENARIOS[scenario].input, path.steps);
  recordUiPath(journeyAllocationMachine, PAGE_INPUT, pageStepsOf(scenario, path));
}

// --- the driver panel ------------------------------------------------------------------------------------------

const isDriverOutcome = (step: Step) =>
  /^xstate\.(done|error)\.actor\.(loadDrivers|allocateDriver|confirmDriver|deallocate)$/.test(step.event.type);
const DRIVER_TOASTS: Readonly<Record<string, { done: string; failed: string }>> = {
  allocateDriver: { done: 'Driver assigned', failed: 'Unable to assign the driver' },
  confirmDriver: { done: 'Driver confirmed', failed: 'Unable to confirm the driver' },
  deallocate: { done: 'Journey handed back. Charge: ', failed: 'Unable to hand back this journey' },
};

async function arrangeDriver(play: Play, outcomes: readonly DriverStep[]): Promise<void> {
  await liftFault(play.context);
  const failing: Record<string, string> = {
    'xstate.error.actor.loadDrivers': DRIVERS_READ,
    'xstate.error.actor.allocateDriver': journeyCall(play.id, 'allocate-driver'),
    'xstate.error.actor.confirmDriver': journeyCall(play.id, 'allocate-driver-real'),
    'xstate.error.actor.deallocate': journeyCall(play.id, 'deallocate-driver'),
  };
  for (const { event } of outcomes)
    if (failing[event.type]) await injectFault(play.context, '500', failing[event.type]!);
}

async function actOnDriver(play: Play, event: AnyEventObject): Promise<void> {
  const { journey } = play;
  switch (event.type) {
    case 'drivers.retried':
      return journey.retryButton(journey.driverPanel()).click();
    case 'driver.chosen':
      return journey.chooseDriver(driverOf(play, (event as { id?: number }).id!).full_name);
    case 'driver.allocated':
      return journey.assignDriverButton().click();
    case 'driver.confirmed':
      return journey.confirmDriverButton().click();
    case 'deallocation.started':
      return journey.handBackButton().click();
    case 'reason.chosen':
      return journey.chooseReason('Vehicle issues');
    case 'note.changed':
      return journey.handBackNote().fill((event as { text?: string }).text!);
    case 'deallocation.confirmed':
      play.handedBackCharge = await chargeNow(play);
      return journey.confirmHandBack().click();
    case 'deallocation.cancelled':
      return journey.keepJourneyButton().click();
    default:
      throw new Error(`no browser action for ${event.type}`);
  }
}

function driverToasts(play: Play, step: DriverStep): Toast[] {
  const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(step.event.type);
  const titles = outcome ? DRIVER_TOASTS[outcome[2]!] : undefined;
  if (!outcome || !titles) return [];
  if (outcome[1] === 'error') return [{ title: titles.failed, text: FAILURE_TEXT.server }];
  return [{ title: outcome[2] === 'deallocate' ? `${titles.done}${money(play.handedBackCharge!)}` : titles.done }];
}

/** What the driver panel shows in a settled state of its machine; after its end, what the page went on to. */
async function expectDriverState(play: Play, step: DriverStep): Promise<void> {
  const { journey } = play;
  await expectToasts(play);
  const c = step.state.context;
  switch (step.state.value) {
    case 'driversFailed':
      await expect(journey.driverPanel().locator('.alert')).toContainText('We could not load your drivers.');
      await expect(journey.retryButton(journey.driverPanel())).toBeEnabled();
      await expect(journey.handBackButton()).toBeEnabled();
      break;
    case 'idle':
      if (c.driver)
        await expect(journey.currentDriver()).toContainText(
          `${driverOf(play, c.driver.id).full_name} ${c.driver.confirmed ? 'Confirmed' : 'Not confirmed yet'}`,
        );
      else await expect(journey.driverPanel()).toContainText('No driver assigned yet.');
      await expect(journey.chosenDriver()).toHaveText(
        c.chosenDriverId === null ? 'Select a driver' : driverOf(play, c.chosenDriverId).full_name,
      );
      await expect(journey.driverPanel().getByText('Please select a driver')).toHaveCount(c.driverMissing ? 1 : 0);
      await expect(journey.assignDriverButton()).toBeEnabled();
      await expect(journey.confirmDriverButton()).toBeEnabled();
      await expect(journey.handBackButton()).toBeEnabled();
      await expect(journey.dialog()).toHaveCount(0);
      break;
    case 'confirmingDeallocation': {
      await expect(journey.dialog()).toBeVisible();
      await expect(journey.handBackCharge()).toContainText(
        `Handing it back now costs ${money(await chargeNow(play))}.`,
      );
      const chosen = journey.dialog().locator('.journey-choice[data-selected="true"]');
      await expect(chosen).toHaveText(c.reason ? ['Vehicle issues'] : []);
      await expect(journey.handBackNote()).toHaveValue(c.note);
      await expect(journey.dialog().getByText('Deallocation reason is required')).toHaveCount(c.reasonMissing ? 1 : 0);
      break;
    }
    case 'handedBack':
      await journey.expectPanel('offered');
      await expect(play.page.getByTestId('journey-handed-back')).toContainText(
        `Charge: ${money(play.handedBackCharge!)}`,
      );
      await expect(journey.dialog()).toHaveCount(0);
      break;
    default:
      throw new Error(`not a settled state of the driver panel: ${String(step.state.value)}`);
  }
}

async function playDriver(
  page: Page,
  context: BrowserContext,
  scenario: DriverScenario,
  path: Path<JourneyDriverContext>,
): Promise<void> {
  const steps = withoutInit(path);
  let play: Play;
  const common = { page, context, journey: new JourneyPage(page), toasts: [], jumped: false, unanswered: false };
  if (scenario === 'held') {
    const facts = await freshJourney('claim');
    const id = facts.journey.id;
    const [vans, drivers] = await Promise.all([
      partner.vehicles(id).then((v) => v.filter((x) => x.eligible)),
      partner.drivers(),
    ]);
    expect(drivers).toHaveLength(2);
    await partner.claim(id, vans[0]!.id, drivers[0]!.id);
    play = { ...common, viewer: partner, api: partner, id, facts, vans, drivers, handedBackCharge: null };
  } else {
    const id = (await seededJourneys()).noDriver;
    const facts = await demo.journey(id);
    play = { ...common, viewer: demo, api: demo, id, facts, vans: [], drivers: [], handedBackCharge: null };
  }
  await signInBrowser(context, play.viewer);
  await arrangeDriver(play, outcomesAfter(steps, -1, isDriverOutcome));
  await play.journey.openAt(play.id);
  await play.journey.expectPanel('allocated');
  for (const [i, step] of steps.entries()) {
    if (!isDriverOutcome(step)) {
      await arrangeDriver(play, outcomesAfter(steps, i, isDriverOutcome));
      await actOnDriver(play, step.event);
    }
    play.toasts.push(...driverToasts(play, step));
    if (isSettledDriver(step.state.value)) await expectDriverState(play, step);
  }
  recordUiPath(driverModel, DRIVER_SCENARIOS[scenario].input, path.steps);
  recordUiPath(journeyAllocationMachine, PAGE_INPUT, pageStepsOf(scenario, path));
}

// ---------------------------------------------------------------------------------------------------------------
// The tests: one a path

for (const path of PAGE_PATHS)
  test(`journey page: ${titleOf(path)}`, async ({ page, context }) => {
    await playPage(page, context, path);
  });

for (const { scenario, path } of OFFER_PATHS)
  test(`offer panel (${scenario}): ${titleOf(path)}`, async ({ page, context }) => {
    await playOffer(page, context, scenario, path);
  });

for (const { scenario, path } of DRIVER_PATHS)
  test(`driver panel (${scenario}): ${titleOf(path)}`, async ({ page, context }) => {
    await playDriver(page, context, scenario, path);
  });

/** What the chosen paths of a machine leave out, replayed through model-harness's Coverage (as recordUiPath does). */
function leftOut(machine: AnyStateMachine, runs: ReadonlyArray<{ input: unknown; steps: readonly Step[] }>) {
  const coverage = new Coverage(machine);
  for (const run of runs) {
    const actor = createActor(replayable(machine), {
      input: run.input,
      clock: new SimulatedClock(),
      inspect: (event: InspectionEvent) => coverage.record(event),
    });
    actor.start();
    for (const step of run.steps) if (step.event.type !== 'xstate.init') actor.send(step.event);
    actor.stop();
  }
  const { states, transitions } = coverage.summary();
  return { states: states.missing, transitions: transitions.missing };
}

test('the journey models give browser paths that reach every state and every transition a partner can drive', () => {
  const pageRuns = [...PAGE_PATHS.map((path) => path.steps), ...PANEL_PAGE_RUNS];
  // every panel of the page is reached and checked, by the page's paths or the panels'
  const ends = pageRuns.flatMap((steps) =>
    steps
      .filter((step) => isSettledPage(step.state.value, step.state.context as JourneyAllocationContext))
      .map((step) => allocationName(step.state.value as PageValue).split('.')[0]),
  );
  expect(new Set(ends)).toEqual(
    new Set([
      'failed',
      'notFound',
      'offered',
      'interestPending',
      'allocated',
      'completed',
      'taken',
      'notEligible',
      'notOffered',
    ]),
  );
  expect(PAGE_PATHS.length).toBeGreaterThanOrEqual(8);
  expect(OFFER_PATHS.length).toBeGreaterThanOrEqual(5);
  expect(DRIVER_PATHS.length).toBeGreaterThanOrEqual(5);
  // what no browser action or server arrangement can produce, and only that, is left out (see the top of the file)
  expect(
    leftOut(
      journeyAllocationMachine,
      pageRuns.map((steps) => ({ input: PAGE_INPUT, steps })),
    ),
  ).toEqual({
    states: [],
    transitions: [
      'journeyAllocation.showing.allocation.interestPending.editing xstate.done.actor.journeyOffer #0',
      'journeyAllocation.showing.allocation.interestPending.cancelling xstate.error.actor.cancelInterest #0',
      'journeyAllocation.showing.allocation.reloading xstate.error.actor.loadJourney #0',
    ],
  });
  const runs = (chosen: ReadonlyArray<{ path: Path; input: unknown }>) =>
    chosen.map(({ path, input }) => ({ input, steps: path.steps }));
  expect(leftOut(offerRecorded, runs(OFFER_PATHS))).toEqual({ states: [], transitions: [] });
  expect(leftOut(driverModel, runs(DRIVER_PATHS))).toEqual({ states: [], transitions: [] });
});
