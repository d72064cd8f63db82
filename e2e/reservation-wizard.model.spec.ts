import 'temporal-polyfill/global';
import { readFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test, type BrowserContext, type Page } from '@playwright/test';
import { createIntl } from 'react-intl';
import { assign, getNextSnapshot, transition, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, type StatePath } from 'xstate/graph';
import { emptyPrivateJob } from '@/machines/reservation-wizard/reservation-request';
import { wantedPostcodes } from '@/machines/reservation-wizard/reservation-rules';
import { reservationWizard } from '@/machines/reservation-wizard/reservation-wizard.machine';
import {
  issuesOf,
  isLookingUp,
  placeOfPostcode,
  reviewDaysOf,
  shownIssuesOf,
} from '@/machines/reservation-wizard/reservation-wizard.selectors';
import type { ResolvedPlace, ValidateInput, WizardSetup } from '@/machines/reservation-wizard/reservation-wizard.types';
import type { ReservationNotice } from '@/machines/reservations/reservation-notices';
import { byIncomingEvent, Coverage, describePath } from '@/model-tests/model-harness';
import type { UserId } from '@/schemas/user';
import { HttpError } from '@/src/api/errors';
import { formatDate } from '@/src/format/date';
import { ruleMessage } from '@/src/pages/reservations/reservation-labels';
import { DEMO_PASSWORD } from './pages/login-page';
import { CreateReservationPage } from './pages/reservations-page';
import { API_HEADERS, signInForToken } from './partner-api';
import { ORIGIN } from './ports';
import { londonDateIn } from './reservation-api';
import { recordUiPath } from './ui-model-coverage';

/**
 * UI-level model test of the create wizard (issue 9, spec §4 create flow): the paths come from the reservation wizard
 * machine's own graph, and each is played in Chromium against the seeded server. A user event is a browser action
 * on /reservations/create; an invoked actor's outcome is arranged on the server before the action that starts it —
 * the seeded set-up and a real validation and create, a day the server refuses (an island postcode: its look-up finds
 * a place, the server's mainland rule refuses it), drafts used up in another tab (the server's 422), or a fault on one
 * endpoint (the `tpp_fault` cookie, server/http/fault-injection.ts). In every settled state the page must show what
 * the machine says: the step, the fields and days as chosen, each rule message the model shows, the review's days
 * and buttons, and the toasts the machine emitted, in the portal's English words.
 *
 * Which events the graph offers depends on the snapshot, as the page does: while a postcode is being looked up, or a
 * call is under way, only that call's outcomes can come next; the partner acts only on a settled page. The paths are
 * the shortest paths to every state, those ending mid-call completed by its success; of them, a few that together
 * take every transition the page can drive and meet every arranged outcome once are played (most of a test's time is
 * the sign-in and the page load, so fewer, longer paths beat many short ones).
 *
 * Not driven: `loading → workBlocked` (a partner who may not take work: e2e/work-eligibility.spec.ts shows the
 * wizard's notice for one), and `loading → notEligible`. A partner the server does not let reserve (not journey-ready, spec §6) never
 * sees the wizard: JourneyReadyGuard sends them to /reservations first (reservations.spec.ts tests that page).
 *
 * The partner is second@example.com (journey-ready, may take work, two vans, reservations no other browser test reads:
 * server/seed/test-accounts.ts), so what these tests create cannot change another spec's list; it has no reservation
 * of its own before them.
 */

type Snap = SnapshotFrom<typeof reservationWizard>;
interface Step {
  readonly event: AnyEventObject;
  readonly state: Snap;
}
interface ModelPath {
  readonly name: string;
  /** The initial snapshot (loading), then each step; no `xstate.init` step. */
  readonly initial: Snap;
  readonly steps: readonly Step[];
}

const PARTNER = 'second@example.com';
const INPUT = { userId: 52 as UserId, saved: null };
const BASE = 'CF2 5BS';
/** A full postcode the offline look-up places (Stornoway), on an island the server's mainland rule refuses. */
const ISLAND = 'HS1 2AA';
const D1 = londonDateIn(24);
const D2 = londonDateIn(25);
/** What the place look-up (GET v1/places) answers for the postcodes typed here. */
const PLACES: Readonly<Record<string, ResolvedPlace>> = {
  [BASE]: { lat: 51.48, lng: -3.18, town: 'Cardiff', postcode: BASE },
  [ISLAND]: { lat: 58.20925, lng: -6.38649, town: 'Stornoway', postcode: ISLAND },
};
/** The seeded set-up of second@example.com (reservation-info and the approved vans), checked on the page. */
const SETUP = {
  info: {
    reservation_period: { start: londonDateIn(1), end: londonDateIn(28) },
    custom_reservation: true,
    eligible_vehicle_types: ['swb', 'mwb', 'lwb', 'xlwb', 'luton_van'],
    eligible: true,
  },
  vehicles: [
    { id: 108, registration: 'CE66 WBL', type: 'mwb', loading_capacity_m3: 5.7, place: { postcode: BASE } },
    {
      id: 109,
      registration: 'SF16 YLT',
      type: 'luton_van',
      loading_capacity_m3: 20.4,
      place: { postcode: 'CF17 5JP' },
    },
  ],
} as unknown as WizardSetup;
const VAN = SETUP.vehicles[0]!;

/** The server's answers as the client raises them (src/api/errors.ts), so the graph computes what the page says. */
const httpError = (status: number, message: string, errors: Record<string, string[]> = {}) =>
  new HttpError({ status, message, errors, code: null, url: '' });
const USED = 'This reservation is no longer waiting to be created (used or expired): validate it again';

/**
 * Outcomes of invoked actors, labelled with how the server is made to give them (`fault`: a tpp_fault cookie;
 * `elsewhere`: the drafts are accepted through the API first) or what they are (`shown`); the labels name the test.
 */
const done = (id: string, output: unknown, shown: string) => ({ type: `xstate.done.actor.${id}`, output, shown });
const failed = (id: string, error: unknown, how: { fault: string } | { elsewhere: string }) => ({
  type: `xstate.error.actor.${id}`,
  error,
  ...how,
});
const SERVER_ERROR = httpError(500, 'Sorry, something went wrong');

/** The machine with the keys a model can predict (the real ones are random UUIDs; model-tests check those). */
const MODEL = reservationWizard.provide({
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

/** A postcode typed whose look-up has not answered yet: the page is not settled. */
const lookingUp = (s: Snap) => wantedPostcodes(s.context.request, s.context.places).filter((p) => !s.context.places[p]);
const isSettled = (s: Snap) =>
  s.matches('failed') ||
  s.matches('notEligible') ||
  s.matches('reviewing') ||
  s.matches('submitted') ||
  (s.matches('requesting') && lookingUp(s).length === 0);
const isUserEvent = (e: AnyEventObject) => !e.type.startsWith('xstate.') && !e.type.startsWith('postcode.');

/** Step 1 as a partner fills it in: a van, one day then a second, a private job added, given a volume and removed,
 * the start moved to an island, and Next (refused while a rule is broken, shown once). */
function requestEvents(s: Snap): AnyEventObject[] {
  const { request, places, revealAll, touched } = s.context;
  const pending = lookingUp(s);
  if (pending.length > 0)
    return pending.flatMap((postcode) => [
      { type: 'postcode.resolved', postcode, place: PLACES[postcode] ?? null },
      ...(postcode === BASE ? [{ type: 'postcode.failed', postcode, fault: '500@/v1/places' }] : []),
    ]);
  const next = revealAll && issuesOf(s).length > 0 ? [] : [{ type: 'wizard.next' }];
  // a look-up failed: the partner is told once Next is pressed (typing the postcode again retries: not modelled)
  if (Object.values(places).includes('failed')) return next;
  if (request.vehicleId === null)
    return [{ type: 'request.changed', patch: { vehicleId: VAN.id }, shown: VAN.registration }, ...next];
  // a new request after step 3 keeps the van and nothing else: the path ends there
  if (request.startPostcode === '') return [];
  const job = request.privateJob;
  return [
    ...(request.dates.length === 0 ? [{ type: 'date.toggled', date: D1 }] : []),
    ...(request.dates.length === 1 && request.dates[0] === D1 ? [{ type: 'date.toggled', date: D2 }] : []),
    ...(job === null && !touched.includes('volume') && request.startPostcode === BASE
      ? [{ type: 'privateJob.added' }]
      : []),
    ...(job && job.volume === '' ? [{ type: 'privateJob.changed', patch: { volume: '4' }, shown: 'volume 4' }] : []),
    ...(job && job.volume !== '' ? [{ type: 'privateJob.removed' }] : []),
    ...(job === null && request.startPostcode === BASE && request.dates.length > 0
      ? [{ type: 'request.changed', patch: { startPostcode: ISLAND }, shown: ISLAND }]
      : []),
    ...next,
  ];
}

/** The server's answer to step 2 for the request: a draft for each day, or each day refused off the mainland. */
function validated(s: Snap): AnyEventObject {
  const { dates, startPostcode } = s.context.request;
  if (startPostcode === ISLAND)
    return done(
      'validateDrafts',
      {
        drafts: [],
        dayErrors: dates.flatMap((date) =>
          [0, 1].map((i) => ({ date, code: 'location_out_of_range', field: `nodes.${i}.place.postcode` })),
        ),
      },
      'refused off the mainland',
    );
  return done(
    'validateDrafts',
    {
      drafts: dates.map((date, i) => ({ id: i + 1, date, min_price: { amount: 1 }, max_price: { amount: 2 } })),
      dayErrors: [],
    },
    'priced',
  );
}

function events(s: Snap): AnyEventObject[] {
  const { drafts, dayErrors } = s.context;
  if (s.matches('loading'))
    return [
      done('loadSetup', SETUP, 'seeded'),
      failed('loadSetup', SERVER_ERROR, { fault: '500@/v1/reservation-info' }),
    ];
  if (s.matches('failed')) return [{ type: 'wizard.retried' }];
  if (s.matches('requesting')) return requestEvents(s);
  if (s.matches('validating'))
    return [validated(s), failed('validateDrafts', SERVER_ERROR, { fault: '500@/v1/reservations' })];
  if (s.matches('reviewing'))
    return [
      ...[...new Set([...drafts.map((d) => d.date), ...dayErrors.map((e) => e.date)])].map((date) => ({
        type: 'day.removed',
        date,
      })),
      { type: 'wizard.back' },
      { type: 'wizard.submitted' },
    ];
  if (s.matches('submitting'))
    return [
      done(
        'acceptDrafts',
        drafts.map((d) => ({ id: 900 + d.id, date: d.date, status: 'pending' })),
        'created',
      ),
      failed('acceptDrafts', SERVER_ERROR, { fault: '500@/v1/reservations/accept-drafts' }),
      failed(
        'acceptDrafts',
        httpError(422, 'messages.validation', Object.fromEntries(drafts.map((_, i) => [`reservations.${i}`, [USED]]))),
        { elsewhere: 'drafts used in another tab' },
      ),
    ];
  if (s.matches('submitted')) return [{ type: 'wizard.restarted' }];
  return [];
}

/** A path that ends mid-call (or mid-look-up) goes on with the call's first outcome until the page is settled. */
function completed(path: StatePath<Snap, AnyEventObject>): ModelPath {
  const steps: Step[] = path.steps.slice(1).map((s) => ({ event: s.event, state: s.state }));
  const initial = path.steps[0]!.state;
  for (let more = 0; more < 5 && !isSettled(steps.at(-1)?.state ?? initial); more += 1) {
    const last = steps.at(-1)?.state ?? initial;
    const event = events(last)[0]!;
    steps.push({ event, state: getNextSnapshot(MODEL, last, event as never) });
  }
  const named = { ...path, state: steps.at(-1)!.state, steps: [path.steps[0]!, ...steps] };
  return { name: describePath(named as never), initial, steps };
}

const playable = (p: ModelPath) =>
  isSettled(p.steps.at(-1)!.state) &&
  p.steps.every((s, i) => !isUserEvent(s.event) || isSettled(i === 0 ? p.initial : p.steps[i - 1]!.state));

const before = (p: ModelPath, i: number) => (i === 0 ? p.initial : p.steps[i - 1]!.state);

/** The machine's transitions a path takes, as the coverage report names them (model-harness.ts transitionKey). */
function transitionsOf(p: ModelPath): string[] {
  return p.steps.flatMap((step, i) =>
    MODEL.getTransitionData(before(p, i) as never, step.event as never).map((t) => {
      const list = t.source.transitions.get(t.eventType) ?? [];
      return `${t.source.id} ${t.eventType} #${list.indexOf(t)}`;
    }),
  );
}

/** An arranged outcome, by its label: each is met once. */
const outcomesOf = (p: ModelPath) =>
  p.steps
    .filter((s) => !isUserEvent(s.event))
    .map((s) => {
      const { type, postcode, shown, fault, elsewhere } = s.event as Record<string, unknown>;
      return [type, postcode, shown, fault, elsewhere].filter(Boolean).join(' ');
    });

/** Greedily, the path that adds most transitions and outcomes not yet met (the shorter on a tie), until none adds. */
function covering(paths: readonly ModelPath[]): ModelPath[] {
  const keys = paths.map((p) => ({ p, keys: new Set([...transitionsOf(p), ...outcomesOf(p)]) }));
  const met = new Set<string>();
  const chosen: ModelPath[] = [];
  for (;;) {
    let best: (typeof keys)[number] | undefined;
    let gain = 0;
    for (const k of keys) {
      const adds = [...k.keys].filter((key) => !met.has(key)).length;
      if (adds > gain || (adds === gain && adds > 0 && k.p.steps.length < best!.p.steps.length))
        [best, gain] = [k, adds];
    }
    if (!best) return chosen;
    chosen.push(best.p);
    best.keys.forEach((key) => met.add(key));
  }
}

const PATHS = covering(
  getShortestPaths(MODEL, { events, input: INPUT, ...byIncomingEvent } as never)
    .map((p) => completed(p as unknown as StatePath<Snap, AnyEventObject>))
    .filter(playable),
);

// ——— the page in the portal's English words ———

const EN = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;
const intl = createIntl({ locale: 'en', messages: EN });
const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
const PERIOD = {
  start: formatDate(SETUP.info.reservation_period.start, 'en'),
  end: formatDate(SETUP.info.reservation_period.end, 'en'),
};
const ruleText = (code: string) => t(ruleMessage(code).id!, PERIOD);

/** A toast as the page shows it (use-reservation-notices.ts): its title, and its lines. */
const toastOf = (n: ReservationNotice) => ({
  title: t(n.title),
  text: [n.date ? formatDate(n.date, 'en') : null, n.textId ? t(n.textId) : null, n.text ?? null]
    .filter(Boolean)
    .join(' '),
  tone: n.tone,
});

/** The actions a step executes, as `transition` lists them (built-in ones by their `xstate.*` type). */
const actionsOf = (from: Snap, event: AnyEventObject) =>
  transition(MODEL, from, event as never)[1] as unknown as readonly { type: string; params?: unknown }[];

/** What the machine emitted for the page's toasts on one step. */
const noticesOf = (from: Snap, event: AnyEventObject): ReservationNotice[] =>
  actionsOf(from, event).flatMap((a) =>
    a.type === 'xstate.emit' ? ((a.params as { event: { notices?: ReservationNotice[] } }).event.notices ?? []) : [],
  );

/** The input the machine gives the call it starts on one step (to compare with what the page sends). */
const inputOf = (from: Snap, event: AnyEventObject, id: string): unknown =>
  (
    actionsOf(from, event).find((a) => a.type === 'xstate.spawnChild' && (a.params as { id?: string }).id === id)
      ?.params as { input?: unknown } | undefined
  )?.input;

// ——— one path in the browser ———
/** A priced draft (POST v1/reservations), as far as it repeats what was sent. */
interface Draft {
  readonly id: number;
  readonly date: string;
  readonly people: unknown;
  readonly capacity: { readonly value: number };
  readonly vehicle: { readonly id: number };
  readonly startNode: { readonly place: unknown };
  readonly endNode: { readonly place: unknown };
  readonly externalJobs: unknown;
}
const asSent = (d: Draft) => ({
  date: d.date,
  vehicleId: d.vehicle.id,
  people: d.people,
  capacity: d.capacity.value,
  start: d.startNode.place,
  end: d.endNode.place,
  jobs: d.externalJobs,
});

class Run {
  readonly wizard: CreateReservationPage;
  /** The real draft ids of the last validation, by date. */
  private drafts = new Map<string, number>();

  constructor(
    private readonly page: Page,
    private readonly context: BrowserContext,
  ) {
    this.wizard = new CreateReservationPage(page);
  }

  async signIn(): Promise<void> {
    const login = await this.context.request.post(`${ORIGIN}/login`, {
      data: { email: PARTNER, password: DEMO_PASSWORD },
      headers: API_HEADERS,
    });
    expect(login.ok()).toBe(true);
  }

  /**
   * Frees the van's days: a vehicle holds a day with one live reservation at most, and every path books D1 (some
   * D2 too) on the same van, so what an earlier path made is withdrawn through the API before the next one starts.
   */
  async freeTheDays(): Promise<void> {
    const http = await playwrightRequest.newContext();
    try {
      const token = await signInForToken(http, PARTNER);
      const headers = { ...API_HEADERS, Authorization: `Bearer ${token}` };
      const list = await http.get(`${ORIGIN}/v1/reservations?order=date_asc`, { headers });
      expect(list.ok()).toBe(true);
      const { data } = (await list.json()) as {
        data: { id: number; date: string; status: string; vehicle: { id: number } }[];
      };
      for (const r of data.filter((r) => r.vehicle.id === VAN.id && [D1, D2].includes(r.date))) {
        if (!['pending', 'accepted'].includes(r.status)) continue;
        const cancelled = await http.post(`${ORIGIN}/v1/reservations/${r.id}/cancel`, {
          headers,
          data: { payload: { cancel_reason: 'scheduling_conflict_external', cancel_note: '' } },
        });
        expect(cancelled.ok()).toBe(true);
      }
    } finally {
      await http.dispose();
    }
  }

  /** Sets up on the server the outcomes that the next action's calls must meet. */
  async arrange(outcomes: readonly AnyEventObject[], now: Snap): Promise<void> {
    await this.context.clearCookies({ name: 'tpp_fault' });
    const fault = outcomes.map((e) => e.fault as string | undefined).find(Boolean);
    if (fault) await this.context.addCookies([{ name: 'tpp_fault', value: fault, url: ORIGIN }]);
    if (outcomes.some((e) => e.elsewhere)) await this.acceptElsewhere(now.context.drafts.map((d) => d.date));
  }

  /** The partner's other tab creates the drafts listed now: the page's create then finds them used. */
  private async acceptElsewhere(dates: readonly string[]): Promise<void> {
    const http = await playwrightRequest.newContext();
    try {
      const token = await signInForToken(http, PARTNER);
      const res = await http.post(`${ORIGIN}/v1/reservations/accept-drafts`, {
        headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
        data: { payload: { reservations: dates.map((d) => this.drafts.get(d)) } },
      });
      expect(res.status()).toBe(201);
    } finally {
      await http.dispose();
    }
  }

  async act(from: Snap, step: Step): Promise<void> {
    const wizard = this.wizard;
    const event = step.event;
    switch (event.type) {
      case 'wizard.retried':
        return wizard.retryLoading();
      case 'request.changed':
        if ('vehicleId' in event.patch) return wizard.chooseVehicle(VAN.registration);
        return wizard.field('startPostcode').fill(event.patch.startPostcode);
      case 'date.toggled':
        return wizard.toggleDay(event.date);
      case 'privateJob.added':
        return wizard.addPrivateJob();
      case 'privateJob.changed':
        return wizard.field('volume').fill(event.patch.volume);
      case 'privateJob.removed':
        return wizard.removePrivateJob();
      case 'wizard.next':
        return step.state.matches('validating') ? this.validate(from, event) : wizard.next().click();
      case 'day.removed':
        return wizard.removeDay(event.date);
      case 'wizard.back':
        return wizard.backToRequest().click();
      case 'wizard.submitted':
        return this.submit();
      case 'wizard.restarted':
        return wizard.makeMore();
    }
    throw new Error(`no browser action for ${event.type}`);
  }

  /** Next with a valid request: the page sends each day as the machine asks, and the drafts' ids are kept. */
  private async validate(from: Snap, event: AnyEventObject): Promise<void> {
    const isValidate = (url: string) => new URL(url).pathname === '/v1/reservations';
    const answer = this.page.waitForResponse((r) => r.request().method() === 'POST' && isValidate(r.url()));
    await this.wizard.next().click();
    const { vehicleId, reservations } = inputOf(from, event, 'validateDrafts') as ValidateInput;
    const res = await answer;
    // Chromium does not hand the body of the client's fetch to Playwright; the server's answer says what it received.
    if (res.ok()) {
      const drafts = ((await res.json()) as { data: Draft[] }).data;
      expect(drafts.map(asSent)).toEqual(
        reservations.map((r) => ({
          date: r.date,
          vehicleId,
          people: r.people,
          capacity: r.capacity.value,
          start: r.nodes[0].place,
          end: r.nodes[1].place,
          jobs: r.externalJobs,
        })),
      );
      this.drafts = new Map(drafts.map((d) => [d.date, d.id]));
    } else if (res.status() === 422) {
      const refused = ((await res.json()) as { errors: { date: string }[] }).errors.map((e) => e.date);
      expect([...new Set(refused)]).toEqual(reservations.map((r) => r.date));
    }
  }

  private async submit(): Promise<void> {
    const answer = this.page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/v1/reservations/accept-drafts',
    );
    await this.wizard.submit().click();
    await answer;
  }

  /** The toasts of a settled state, oldest first (danger ones are stacked first), then closed as a partner does. */
  async expectToasts(notices: readonly ReservationNotice[]): Promise<void> {
    const expected = [...notices.filter((n) => n.tone === 'danger'), ...notices.filter((n) => n.tone !== 'danger')];
    const toasts = this.page.getByTestId('toast');
    await expect(toasts).toHaveCount(expected.length);
    for (const [i, n] of expected.map(toastOf).entries()) {
      await expect(toasts.nth(i)).toHaveAttribute('data-tone', n.tone);
      await expect(toasts.nth(i).locator('.toast-title')).toHaveText(n.title);
      if (n.text) await expect(toasts.nth(i).locator('.toast-text')).toHaveText(n.text);
      else await expect(toasts.nth(i).locator('.toast-text')).toHaveCount(0);
    }
    const close = this.page.getByRole('button', { name: 'Dismiss notification' });
    while ((await close.count()) > 0) await close.first().click();
  }

  async expectPageShows(s: Snap): Promise<void> {
    if (s.matches('failed')) return this.expectLoadFailed();
    if (s.matches('requesting')) return this.expectRequest(s);
    if (s.matches('reviewing')) return this.expectReview(s);
    if (s.matches('submitted')) return this.expectSubmitted(s);
    throw new Error(`no page check for ${JSON.stringify(s.value)}`);
  }

  private async expectLoadFailed(): Promise<void> {
    await expect(this.wizard.loadFailed()).toContainText(t('reservations.list.failed'));
    await expect(this.wizard.loadFailed().getByRole('button', { name: t('app.retry') })).toBeEnabled();
    await expect(this.wizard.step()).toHaveCount(0);
  }

  /** Step 1: the set-up as seeded, the request as the model has it, and exactly the rule messages it shows. */
  private async expectRequest(s: Snap): Promise<void> {
    const { wizard, page } = this;
    const { request, places, revealAll } = s.context;
    await expect(wizard.step()).toHaveText(t('reservations.step.request'));
    await expect(page.locator('.resv-steps li[aria-current="step"]')).toContainText(t('reservations.step.request'));
    await expect(wizard.vehicles()).toHaveText(SETUP.vehicles.map((v) => new RegExp(`^${v.registration} · `)));
    await expect(page.locator('.resv-days > .field-description')).toHaveText(t('reservations.days.hint', PERIOD));
    const chosen = wizard.vehicles().and(page.locator('[data-selected="true"]'));
    if (request.vehicleId === null) await expect(chosen).toHaveCount(0);
    else await expect(chosen).toHaveText(new RegExp(`^${VAN.registration} · `));
    await expect
      .poll(() => wizard.selectedDayInputs().evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)))
      .toEqual(request.dates);
    await expect(wizard.field('capacity')).toHaveValue(request.capacity);
    await expect(wizard.field('startPostcode')).toHaveValue(request.startPostcode);
    const place = placeOfPostcode(places, request.startPostcode);
    await expect(wizard.descriptionOf('startPostcode')).toHaveText(
      place
        ? t('reservations.postcode.found', { town: place.town })
        : isLookingUp(places, request.startPostcode)
          ? t('reservations.postcode.looking')
          : t('reservations.postcode.hint'),
    );
    const job = request.privateJob;
    await expect(wizard.privateJob()).toHaveCount(job ? 1 : 0);
    if (job) await expect(wizard.field('volume')).toHaveValue(job.volume);
    const messages = shownIssuesOf(s)
      .map((i) => ruleText(i.code))
      .sort();
    await expect.poll(async () => (await wizard.ruleMessages().allTextContents()).sort()).toEqual(messages);
    const issues = issuesOf(s).length;
    if (revealAll && issues > 0)
      await expect(wizard.problems()).toHaveText(t('reservations.create.problems', { count: issues }));
    else await expect(wizard.problems()).toHaveCount(0);
    await expect(wizard.next()).toHaveText(t('reservations.create.next'));
    await expect(wizard.next()).toBeEnabled();
  }

  /** Step 2: each day priced or refused with why, the warnings, and Submit for the priced days only. */
  private async expectReview(s: Snap): Promise<void> {
    const { wizard, page } = this;
    await expect(wizard.step()).toHaveText(t('reservations.step.review'));
    const days = reviewDaysOf(s);
    await expect(wizard.reviewDays()).toHaveCount(days.length);
    for (const [i, day] of days.entries()) {
      const shown = wizard.reviewDays().nth(i);
      await expect(shown).toHaveAttribute('data-date', day.date);
      await expect(shown.locator('h3')).toHaveText(formatDate(day.date, 'en'));
      if (day.draft) {
        await expect(shown.getByTestId('review-price')).toHaveText(/^£\d+(\.\d\d)? – £\d+/);
        await expect(shown).toContainText(`${VAN.registration}`);
      } else await expect(shown.getByTestId('review-price')).toHaveCount(0);
      await expect(shown.getByTestId('review-errors').locator('li')).toHaveText(
        day.errors.map((e) => ruleText(e.code)),
      );
    }
    const refused = page.locator('.resv-review .alert-warning');
    if (days.some((d) => d.errors.length > 0)) await expect(refused).toHaveText(t('reservations.review.someRefused'));
    else await expect(refused).toHaveCount(0);
    const noAnswer = page.getByRole('alert').filter({ hasText: t('reservations.review.noAnswer') });
    await expect(noAnswer).toHaveCount(s.context.submitFailed ? 1 : 0);
    const priced = s.context.drafts.length;
    await expect(wizard.submit()).toHaveText(t('reservations.review.submit', { count: priced }));
    if (priced > 0) await expect(wizard.submit()).toBeEnabled();
    else await expect(wizard.submit()).toBeDisabled();
    await expect(wizard.backToRequest()).toBeEnabled();
  }

  /** Step 3: the reservations made, each pending on its day. */
  private async expectSubmitted(s: Snap): Promise<void> {
    const wizard = this.wizard;
    const created = s.context.created;
    await expect(wizard.step()).toHaveText(t('reservations.step.submitted'));
    await expect(wizard.submitted().locator('p').first()).toHaveText(
      t('reservations.submitted.body', { count: created.length }),
    );
    const rows = wizard.submitted().locator('.resv-created li');
    await expect(rows).toHaveCount(created.length);
    for (const [i, r] of created.entries()) {
      await expect(rows.nth(i)).toContainText(formatDate(r.date, 'en'));
      await expect(rows.nth(i)).toContainText(/R-\d+/);
      await expect(rows.nth(i)).toContainText(t('reservations.status.pending'));
    }
    await expect(wizard.submitted().getByRole('link', { name: t('reservations.submitted.list') })).toBeVisible();
  }
}

for (const path of PATHS) {
  test(`reservation wizard in the browser: ${path.name}`, async ({ page, context }) => {
    const uncaught: string[] = [];
    page.on('pageerror', (e) => uncaught.push(e.message));
    const run = new Run(page, context);
    const { steps } = path;
    const userAt = steps.flatMap((s, i) => (isUserEvent(s.event) ? [i] : []));
    /** The outcomes that follow step `i` (-1: the page load) until the partner's next action. */
    const outcomesAfter = (i: number) =>
      steps.slice(i + 1, userAt.find((j) => j > i) ?? steps.length).map((s) => s.event);

    await run.freeTheDays();
    await run.signIn();
    await run.arrange(outcomesAfter(-1), path.initial);
    await page.goto('reservations/create');
    let notices: ReservationNotice[] = [];
    for (const [i, step] of steps.entries()) {
      const from = before(path, i);
      if (isUserEvent(step.event)) {
        await run.arrange(outcomesAfter(i), from);
        await run.act(from, step);
      }
      notices = [...notices, ...noticesOf(from, step.event)];
      const settled = i === steps.length - 1 || isUserEvent(steps[i + 1]!.event);
      if (settled) {
        await run.expectToasts(notices);
        await run.expectPageShows(step.state);
        notices = [];
      }
    }
    expect(uncaught).toEqual([]);
    recordUiPath(reservationWizard, INPUT, steps);
  });
}

/** Every transition the page can drive: all of the machine's but the one no partner meets (see the top). */
const NOT_DRIVABLE = [
  // loading → workBlocked: the partner here may take work; e2e/work-eligibility.spec.ts plays a refused partner
  'reservationWizard.loading xstate.done.actor.loadSetup #0',
  // loading → notEligible: see the top
  'reservationWizard.loading xstate.done.actor.loadSetup #2',
  // a validation or a create refused by the work rule → workBlocked: the model test plays them; in the browser the
  // partner may take work (e2e/work-eligibility.spec.ts plays a partner refused by it)
  'reservationWizard.validating xstate.error.actor.validateDrafts #0',
  'reservationWizard.submitting xstate.error.actor.acceptDrafts #1',
];

test('the reservation wizard model covers every transition the page can drive, in a few paths', () => {
  const all = new Coverage(reservationWizard).summary().transitions.missing;
  const taken = new Set(PATHS.flatMap(transitionsOf));
  expect([...taken].sort()).toEqual(all.filter((k) => !NOT_DRIVABLE.includes(k)).sort());
  expect(new Set(PATHS.map((p) => p.name)).size).toBe(PATHS.length);
  expect(PATHS.length).toBeGreaterThanOrEqual(6);
  expect(PATHS.length).toBeLessThanOrEqual(12);
  // every arranged outcome is met: both refusals of the create, a refused day, each fault
  const outcomes = new Set(PATHS.flatMap(outcomesOf));
  for (const label of [
    'drafts used in another tab',
    'refused off the mainland',
    '500@/v1/places',
    '500@/v1/reservation-info',
  ])
    expect([...outcomes].some((o) => o.includes(label))).toBe(true);
});
