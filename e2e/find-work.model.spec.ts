import { expect, test, type BrowserContext, type Page, type Response } from '@playwright/test';
import {
  createActor,
  createMachine,
  fromPromise,
  SimulatedClock,
  type AnyEventObject,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { getShortestPaths, type StatePath } from 'xstate/graph';
import { hasPlaceText, sortOrderOf } from '@/machines/find-work/find-work.criteria';
import { findWorkMachine } from '@/machines/find-work/find-work.machine';
import { activeFilterCount } from '@/machines/find-work/find-work.selectors';
import type { FindWorkInput, TabId } from '@/machines/find-work/find-work.types';
import { Coverage, describePath } from '@/model-tests/model-harness';
import { SEARCH_CATEGORIES, SEARCH_PAGE_SIZE } from '@/schemas/search';
import { HttpError } from '@/src/api/errors';
import { PartnerApi } from './listing-api';
import { DEMO_PASSWORD } from './pages/login-page';
import { FindWorkPage, type FindWorkField } from './pages/find-work-page';
import { API_HEADERS } from './partner-api';
import { ORIGIN } from './ports';
import { recordUiPath } from './ui-model-coverage';

/**
 * UI-level model test of find work (issue 9): the search form, the tabs with their own sorts and toggles, the tab
 * counts, and the pages of a list. The paths come from the find-work machine's own graph and each is played in
 * Chromium against the seeded server. A partner's event is a browser action through the page object; an invoked
 * actor's outcome is arranged on the server before the action that starts it — the seeded marketplace (a full page
 * around Manchester, 27 instant jobs within 20 miles of Inverness: a full first page and a short last one, 12
 * auctions: one short page), or a fault on one endpoint (the `tpp_fault` cookie, server/http/fault-injection.ts).
 * In every settled state the page is checked against the machine's context (the fields, the tab and its controls,
 * the counts, the list, the toasts) and against what the server answered (totals, rows, counts).
 *
 * What the browser cannot produce is left out. A refused search-info does not fail the set-up (loadSetup falls back
 * to local storage and an empty form, which is how the empty start is arranged), and loadSetup throws only when its
 * request is aborted, that is when the page is left and the machine stopped with it: `xstate.error.actor.loadSetup`
 * cannot be played, and the last test states that this one transition is the only one missed.
 */

type Snap = SnapshotFrom<typeof findWorkMachine>;
type Path = StatePath<Snap, AnyEventObject>;
type Step = Path['steps'][number];

const PARTNER = 'partner@example.com';
/** Today in London, as the page computes it (no fake date on the test server). */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
/** Dan Carter, the first seeded account; his registered address is in Manchester, with coordinates. */
const INPUT: FindWorkInput = { userId: 1, homeHasPoint: true, today: TODAY };

const MANCHESTER = { name: 'Manchester', lat: 53.48095, lon: -2.23743 };
/** The look-up's place for "Inverness": the town with its short postcode, as the field names a chosen place. */
const INVERNESS = { name: 'Inverness (IV)', lat: 57.47908, lon: -4.22398 };
const SAVED_SEARCH = 'Furniture around Manchester';

// ---------------------------------------------------------------------------------------------------------------
// The model: the outcomes the seeded server gives, and the partner's actions, as graph events
// ---------------------------------------------------------------------------------------------------------------

/** search-info's default search for Dan: every category, instant, 20 miles around home, from today. */
const DEFAULT_SEARCH = {
  type: 'instant',
  pickup: { location: MANCHESTER, radius: { value: 20, unit: 'mi' }, date: { start: TODAY, end: null } },
  delivery: { location: null, radius: { value: 5, unit: 'mi' } },
  categories: [...SEARCH_CATEGORIES],
  filters: {},
  page: 1,
  limit: SEARCH_PAGE_SIZE,
  order: 'date_asc',
};
/** Dan's seeded saved search of that name (server/seed/saved-searches.ts). */
const FURNITURE = {
  type: 'instant',
  pickup: { location: MANCHESTER, radius: { value: 20, unit: 'mi' } },
  categories: ['general_goods_move', 'ebay', 'antiques'],
  filters: { people: ['one_person', 'two_people'] },
  page: 1,
  limit: SEARCH_PAGE_SIZE,
  order: 'date_asc',
};

const setupDone = (search: object | null) => ({
  type: 'xstate.done.actor.loadSetup',
  output: {
    info: search ? { default_search: search, most_recent_searches: { pickup: [], delivery: [] } } : null,
    filters: null,
    sorts: null,
  },
});
/** With the default search (it runs at once), or with nothing (search-info refused: an empty form). */
const SETUP_DEFAULT = setupDone(DEFAULT_SEARCH);
const SETUP_EMPTY = setupDone(null);

/** A page of the size the server answers; the rows themselves are the browser's (each test reads the answer). */
const pageAnswer = (answer: string, firstId: number, rows: number) => ({
  type: 'xstate.done.actor.loadPage',
  answer,
  output: {
    data: Array.from({ length: rows }, (_, i) => ({ id: firstId + i, kind: 'instant' })),
    meta: { page: 1, limit: SEARCH_PAGE_SIZE, total: 100 },
  },
});
const FULL_PAGE = pageAnswer('full', 1, SEARCH_PAGE_SIZE);
const NEXT_FULL_PAGE = pageAnswer('next full', 1 + SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE);
const LAST_PAGE = pageAnswer('last', 1 + 2 * SEARCH_PAGE_SIZE, 7);
const SHORT_PAGE = pageAnswer('short', 1, 12);
/** The model's failures as the client raises them for the injected 500. */
const serverError = (url: string) =>
  new HttpError({ status: 500, message: 'Sorry, something went wrong', errors: {}, code: null, url });
const PAGE_FAILED = { type: 'xstate.error.actor.loadPage', error: serverError('v1/jobs') };
/** Counts of the right shape; the numbers the page must show are the server's (each test reads the answer). */
const COUNTS_DONE = {
  type: 'xstate.done.actor.loadTabCounts',
  output: { instant: 1, auction: 1, journey: 1, recommended: 1 },
};
const COUNTS_FAILED = { type: 'xstate.error.actor.loadTabCounts', error: serverError('v1/jobs/tab-counts') };

const PARTNER_EVENTS = {
  typed: { type: 'place.typed', end: 'pickup', text: 'Inverness' },
  chosen: { type: 'place.chosen', end: 'pickup', location: INVERNESS },
  submitted: { type: 'search.submitted' },
  retried: { type: 'search.retried' },
  endReached: { type: 'list.endReached' },
  auction: { type: 'tab.selected', tab: 'auction' },
  instant: { type: 'tab.selected', tab: 'instant' },
  sort: { type: 'sort.selected', sort: 'payout', direction: 'desc' },
  allocation: { type: 'allocation.toggled', method: 'click_and_claim' },
  capacity: { type: 'capacity.chosen', capacity: { min: 3, max: 10 } },
  radius: { type: 'radius.chosen', end: 'delivery', miles: 50 },
  // "Pickup from" emptied: any date
  dates: { type: 'dates.chosen', start: null, end: null },
  subfilter: { type: 'subfilter.toggled', filter: 'piano_type', value: 'upright' },
  noCategory: { type: 'categories.set', categories: [] },
  houseMove: { type: 'category.toggled', category: 'house_move' },
  savedSearch: { type: 'criteria.applied', criteria: FURNITURE },
  taken: { type: 'listing.taken', id: 1, kind: 'instant' },
} satisfies Record<string, AnyEventObject>;
const P = PARTNER_EVENTS;

/**
 * The machine's context is unbounded (typed text, pages), so it is walked in scenarios, each with the events of one
 * concern, as its unit-level model test does (model-tests/find-work.model.test.ts).
 */
const SCENARIOS: ReadonlyArray<{ readonly name: string; readonly events: readonly AnyEventObject[] }> = [
  {
    name: 'the opening search: answers, failures, paging, a saved search, a job taken',
    events: [
      SETUP_DEFAULT,
      FULL_PAGE,
      NEXT_FULL_PAGE,
      PAGE_FAILED,
      COUNTS_DONE,
      COUNTS_FAILED,
      P.retried,
      P.endReached,
      P.taken,
      P.savedSearch,
    ],
  },
  {
    name: 'the tabs and their own controls after a search',
    events: [
      SETUP_DEFAULT,
      FULL_PAGE,
      PAGE_FAILED,
      COUNTS_DONE,
      P.auction,
      P.instant,
      P.sort,
      P.allocation,
      P.capacity,
    ],
  },
  {
    name: 'the tab controls before any search',
    events: [SETUP_EMPTY, P.auction, P.instant, P.sort, P.allocation, P.capacity],
  },
  {
    name: 'the search form: edits and what stops a search',
    events: [SETUP_EMPTY, P.radius, P.dates, P.subfilter, P.noCategory, P.houseMove, P.typed, P.submitted],
  },
  {
    name: 'a search of the partner’s own, to the end of its list',
    events: [
      SETUP_EMPTY,
      P.typed,
      P.chosen,
      P.submitted,
      FULL_PAGE,
      LAST_PAGE,
      SHORT_PAGE,
      PAGE_FAILED,
      COUNTS_DONE,
      COUNTS_FAILED,
      P.retried,
      P.endReached,
      P.auction,
      P.instant,
    ],
  },
];

const isPartnerEvent = (event: AnyEventObject) => !event.type.startsWith('xstate.');
const isLoadingList = (s: Snap) =>
  s.matches({ ready: { results: 'searching' } }) || s.matches({ ready: { results: 'loadingMore' } });
/** Nothing on its way: the page can be checked, and a partner acts only then (a click lands on a settled page). */
const isSettled = (s: Snap) =>
  !s.matches('starting') && !isLoadingList(s) && !s.matches({ ready: { counts: 'loading' } });

/**
 * The page the seeded server answers for the list request under way (the marketplace of server/seed, read once):
 * around Manchester every tab has full pages; within 20 miles of Inverness 27 instant jobs (a full page, then the
 * last 7) and 12 auctions.
 */
function serverAnswer(s: Snap): AnyEventObject {
  const { pending, submitted, form, activeTab, tabs } = s.context;
  const place = (pending ?? submitted ?? form).pickup?.name;
  const nextPage = s.matches({ ready: { results: 'loadingMore' } }) ? tabs[activeTab].page + 1 : 1;
  if (place === INVERNESS.name) return activeTab === 'instant' ? (nextPage === 1 ? FULL_PAGE : LAST_PAGE) : SHORT_PAGE;
  return nextPage === 1 ? FULL_PAGE : NEXT_FULL_PAGE;
}

/** Which graph events can happen in the browser in a state: what the page offers, and what the server answers. */
function canHappen(s: Snap, event: AnyEventObject): boolean {
  if (!s.can(event as never)) return false;
  const { activeTab, tabs, form, taken } = s.context;
  const tab = tabs[activeTab];
  if (isPartnerEvent(event)) {
    if (!isSettled(s)) return false;
    switch (event.type) {
      // two pages show the paging (a third only repeats it); the sorts, toggles and paging are played on the
      // instant tab (the auction tab has no allocation toggle), each control once
      case 'list.endReached':
        return activeTab === 'instant' && tab.page < 2;
      case 'allocation.toggled':
        return activeTab === 'instant' && tab.toggles.allocation_method.length === 0;
      case 'sort.selected':
        return activeTab === 'instant' && tab.sort.payout === undefined;
      case 'capacity.chosen':
        return activeTab === 'instant' && tab.toggles.capacity.min !== 3;
      case 'tab.selected':
        return event.tab !== activeTab;
      // a job is marked taken where it is on screen: a row of the instant list
      case 'listing.taken':
        return (
          s.matches({ ready: { results: 'showing' } }) &&
          activeTab === 'instant' &&
          tab.rows.length > 0 &&
          taken.length === 0
        );
      case 'radius.chosen':
        return form.deliveryRadius !== 50;
      case 'dates.chosen':
        return form.dateStart !== null;
      case 'subfilter.toggled':
        return !form.filters.piano_type?.length;
      case 'categories.set':
        return form.categories.length > 0;
      case 'category.toggled':
        return form.categories.length === 0;
      // typed into an empty field (typing over a chosen place also unchooses it: a second event)
      case 'place.typed':
        return form.pickup === null && form.pickupText !== 'Inverness';
      // an option of the look-up of the text just typed
      case 'place.chosen':
        return form.pickupText === 'Inverness' && form.pickup === null;
      default:
        return true;
    }
  }
  if (event.type === 'xstate.done.actor.loadPage') return isLoadingList(s) && event === serverAnswer(s);
  if (event.type === 'xstate.error.actor.loadPage') return isLoadingList(s);
  if (event.type.endsWith('.actor.loadTabCounts')) {
    // The list and the counts of a search are asked for together and may answer in either order; only the state
    // after both is checked, so the model takes the list's answer first. One fault on /v1/jobs fails both calls:
    // a failed first page comes with failed counts.
    if (isLoadingList(s)) return false;
    return s.context.lastError === null || event.type.startsWith('xstate.error');
  }
  return true;
}

/**
 * Tells states apart by the event and the state that led to them, like `byIncomingEvent`, but over a digest of the
 * context (each list's length, not its rows): the same graph, walked in a fraction of the time.
 */
function serializeState(s: Snap, event: AnyEventObject | undefined, previous?: Snap): string {
  const { tabs, recent: _recent, ...rest } = s.context;
  const lists = Object.fromEntries(Object.entries(tabs).map(([id, tab]) => [id, { ...tab, rows: tab.rows.length }]));
  return JSON.stringify({
    value: s.value,
    context: { ...rest, tabs: lists },
    via: event?.type ?? null,
    from: previous?.value ?? null,
  });
}

/** The saved-search control is a machine of its own (its own model tests): a silent stand-in for the walk. */
const walked = findWorkMachine.provide({ actors: { savedSearch: createMachine({}) } as never });

/** The machine with its actors never settling and its effects no-ops, to replay a path (as ui-model-coverage.ts). */
const replayable = (() => {
  const { actors = {}, actions = {} } = findWorkMachine.implementations as {
    actors?: Record<string, unknown>;
    actions?: Record<string, unknown>;
  };
  const builtIn = (a: unknown) =>
    typeof a === 'function' && String((a as { type?: unknown }).type).startsWith('xstate.');
  return findWorkMachine.provide({
    actors: Object.fromEntries(Object.keys(actors).map((n) => [n, fromPromise(() => new Promise(() => {}))])),
    actions: Object.fromEntries(
      Object.keys(actions)
        .filter((n) => !builtIn(actions[n]))
        .map((n) => [n, () => {}]),
    ),
  } as never);
})();

/** Adds the states and transitions a path goes through to `coverage`. */
function replay(path: Path, coverage: Coverage): Coverage {
  const actor = createActor(replayable, {
    input: INPUT,
    clock: new SimulatedClock(),
    inspect: (e: InspectionEvent) => coverage.record(e),
  } as never);
  actor.start();
  for (const step of path.steps) if (step.event.type !== 'xstate.init') actor.send(step.event as never);
  actor.stop();
  return coverage;
}

/** Keeps, one at a time, the path that adds the most keys no kept path has (the shorter on a tie), until none adds. */
function coverGreedily(paths: readonly Path[], keysOf: (path: Path) => readonly string[]): Path[] {
  const keyed = paths.map((path) => ({ path, keys: keysOf(path) }));
  const covered = new Set<string>();
  const kept: Path[] = [];
  for (;;) {
    const gain = (keys: readonly string[]) => keys.filter((k) => !covered.has(k)).length;
    const best = keyed
      .filter(({ keys }) => gain(keys) > 0)
      .sort((a, b) => gain(b.keys) - gain(a.keys) || a.path.steps.length - b.path.steps.length)[0];
    if (!best) return kept;
    best.keys.forEach((k) => covered.add(k));
    kept.push(best.path);
  }
}

/** A step as the page sees it: the state before, the event, the state after (both regions). */
const stepKinds = (path: Path) =>
  path.steps.slice(1).map((step, i) => JSON.stringify([path.steps[i]!.state.value, step.event.type, step.state.value]));
const transitionsOf = (path: Path) => [...replay(path, new Coverage(findWorkMachine)).transitions];

/**
 * Every path of every scenario that ends on a settled page, reduced in two passes: first the paths that together
 * take every kind of step (which `edgeCoveringPaths` cannot do here: it keys a step on the whole context, and every
 * shortest path ends on a new one), then of those the fewest that take every transition of the machine. Each path
 * starts with a page load, so fewer, longer paths cost the least time in the browser.
 */
const CANDIDATES: Path[] = SCENARIOS.flatMap(({ events }) =>
  (
    getShortestPaths(walked, { events, input: INPUT, serializeState, filterEvents: canHappen } as never) as Path[]
  ).filter((path) => isSettled(path.state)),
);
const PATHS = coverGreedily(coverGreedily(CANDIDATES, stepKinds), transitionsOf);

// ---------------------------------------------------------------------------------------------------------------
// The browser: arranging outcomes, playing events, checking the page
// ---------------------------------------------------------------------------------------------------------------

interface Row {
  readonly id: number;
  readonly kind: string;
  readonly allocation_method: string | null;
}
interface JobsAnswer {
  readonly data: Row[];
  readonly meta: { readonly total: number };
}
type Counts = Readonly<Record<TabId, number>>;

/** What the server answered so far in one test: each tab's rows as the list holds them, and the last counts. */
interface Answers {
  lists: Partial<Record<TabId, { rows: Row[]; total: number }>>;
  counts: Counts | null;
  /** The job this test had another partner book (listing.taken). */
  booked: number | null;
  /** The status of the last answer to the taken-jobs stream (GET v1/jobs/events), once one came. */
  stream: number | null;
  pageCalls: number;
  countCalls: number;
}

const TAB_LABEL = { instant: 'Instant', auction: 'Auction', journey: 'Journeys', recommended: 'Recommended' } as const;
const FAILED_TITLE = { loadPage: 'The search failed', loadTabCounts: 'The tab counts could not be loaded' } as const;
const SERVER_FAILURE_TEXT = 'Sorry, something went wrong on our side. Please try again.';
const jobsFound = (n: number) => (n === 0 ? 'No jobs found' : n === 1 ? '1 job found' : `${n} jobs found`);
const allShown = (n: number) => (n === 1 ? 'That is the only job' : `All ${n} jobs shown`);

const isPageCall = (r: Response) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/v1/jobs';
const isCountsCall = (r: Response) => new URL(r.url()).pathname === '/v1/jobs/tab-counts';
const actorOf = (event: AnyEventObject) => /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)?.[2] ?? '';
const failed = (event: AnyEventObject) => event.type.startsWith('xstate.error.');

/**
 * The fault (tpp_fault cookie, this browser context only) that makes the requests of an action fail as the path
 * says, if any; the empty start is search-info refused.
 */
function faultFor(setup: AnyEventObject | null, outcomes: readonly Step[]): string | null {
  if (setup === SETUP_EMPTY) return '500@/v1/search-info';
  // a prefix: it fails the page and the counts of a search alike (the model pairs them so)
  if (outcomes.some((s) => failed(s.event) && actorOf(s.event) === 'loadPage')) return '500@/v1/jobs';
  if (outcomes.some((s) => failed(s.event))) return '500@/v1/jobs/tab-counts';
  return null;
}

async function signIn(context: BrowserContext): Promise<void> {
  const login = await context.request.post(`${ORIGIN}/login`, {
    data: { email: PARTNER, password: DEMO_PASSWORD },
    headers: API_HEADERS,
  });
  expect(login.ok(), 'signed in through the API').toBe(true);
}

/**
 * Another partner books a click-and-claim job that is on screen; the server tells every open page it is taken. The
 * last one on screen first: other tests book the first such job of the same list.
 */
async function bookJobOnScreen(page: Page, answers: Answers): Promise<number> {
  const onScreen = await page
    .locator('.listing-card[data-listing-kind="instant"]')
    .evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-listing-id'))));
  const candidates = (answers.lists.instant?.rows ?? [])
    .filter((r) => r.allocation_method === 'click_and_claim' && onScreen.includes(r.id))
    .reverse();
  const other = await PartnerApi.signIn('starter@example.com');
  try {
    for (const row of candidates) if ((await other.book(row.id)) === 200) return row.id;
  } finally {
    await other.dispose();
  }
  throw new Error(`none of ${candidates.length} click-and-claim jobs on screen could be booked`);
}

async function act(page: Page, event: AnyEventObject, before: Snap, answers: Answers): Promise<void> {
  const findWork = new FindWorkPage(page);
  switch (event.type) {
    case 'place.typed':
      return findWork.typePlace(event.end, event.text);
    case 'place.chosen':
      return findWork.choosePlace(event.end, event.location.name);
    case 'radius.chosen':
      await findWork.field(`${event.end}-radius` as FindWorkField).selectOption(String(event.miles));
      return;
    case 'dates.chosen':
      if (event.start !== before.context.form.dateStart) await findWork.field('date-from').fill(event.start ?? '');
      if (event.end !== before.context.form.dateEnd) await findWork.field('date-to').fill(event.end ?? '');
      return;
    case 'subfilter.toggled':
      await findWork.openCategoriesAndFilters();
      await page.locator(`input[name="${event.filter}"][value="${event.value}"]`).click();
      return;
    case 'categories.set':
      await findWork.openCategoriesAndFilters();
      await page.getByRole('button', { name: event.categories.length === 0 ? 'Clear all' : 'Select all' }).click();
      return;
    case 'category.toggled':
      await findWork.openCategoriesAndFilters();
      await page.locator(`input[name="category"][value="${event.category}"]`).click();
      return;
    case 'search.submitted':
      return findWork.searchButton().click();
    case 'search.retried':
      return findWork.resultsColumn().getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    case 'list.endReached': {
      // the list asks for its next page as its end comes into view: scroll until it has asked
      let asked = false;
      void page
        .waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/v1/jobs')
        .then(
          () => (asked = true),
          () => {},
        );
      for (let i = 0; i < 20 && !asked; i += 1) {
        await findWork.scrollListToEnd();
        await page.waitForTimeout(200);
      }
      expect(asked, 'scrolling to the end asked for the next page').toBe(true);
      return;
    }
    case 'tab.selected':
      return findWork.tab(TAB_LABEL[event.tab as TabId]).click();
    case 'sort.selected':
      await findWork.field('sort').selectOption(`${event.sort}_${event.direction}`);
      return;
    case 'allocation.toggled':
      return page.getByRole('checkbox', { name: 'Click and claim' }).click();
    case 'capacity.chosen':
      for (const end of ['min', 'max'] as const) {
        const value = (event.capacity as { min: number; max: number })[end];
        if (value === before.context.tabs[before.context.activeTab].toggles.capacity[end]) continue;
        await findWork.field(`capacity-${end}`).fill(String(value));
        await findWork.field(`capacity-${end}`).press('Tab');
      }
      return;
    case 'criteria.applied':
      return findWork.applySavedSearch(SAVED_SEARCH);
    case 'listing.taken':
      // the page hears of it through its open stream (an earlier fault on v1/jobs may have made it reconnect)
      await expect.poll(() => answers.stream, 'the taken-jobs stream is open').toBe(200);
      answers.booked = await bookJobOnScreen(page, answers);
      return;
    default:
      throw new Error(`no browser action for ${event.type}`);
  }
}

/** Keeps the server's answer to a list or counts call as the machine keeps the model's (see `searching.onDone`). */
async function keepAnswer(step: Step, response: Response, answers: Answers): Promise<void> {
  const { activeTab, tabs } = step.state.context;
  if (actorOf(step.event) === 'loadTabCounts') {
    answers.counts = ((await response.json()) as { data: Counts }).data;
    return;
  }
  const { data, meta } = (await response.json()) as JobsAnswer;
  const tab = tabs[activeTab];
  // the seeded server answered the page the model expected: a full page has a next one, a short one ends the list
  expect(data.length < SEARCH_PAGE_SIZE, `a ${data.length}-row page ends the list exactly when the model says`).toBe(
    tab.complete,
  );
  const kept = tab.page === 1 ? [] : (answers.lists[activeTab]?.rows ?? []);
  const seen = new Set(kept.map((r) => `${r.kind}:${r.id}`));
  answers.lists[activeTab] = {
    rows: [...kept, ...data.filter((r) => !seen.has(`${r.kind}:${r.id}`))],
    total: meta.total,
  };
  // a new search's first page empties the other tabs' lists
  for (const [id, other] of Object.entries(tabs)) if (other.page === 0) delete answers.lists[id as TabId];
}

/** What the page shows, read in one pass over the DOM (one round trip to the browser per look). */
interface PageFacts {
  readonly heading: string | null;
  readonly dangerToasts: readonly string[];
  readonly fields: Readonly<Record<string, string | null>>;
  readonly categoriesBadge: string | null;
  readonly searchEnabled: boolean | null;
  readonly notices: readonly string[];
  readonly fieldErrors: readonly string[];
  readonly activeTab: string | null;
  readonly clickAndClaim: boolean | null;
  readonly counts: Readonly<Record<string, string | null>>;
  readonly failedNotice: string | null;
  readonly total: string | null;
  /** Each card on screen (the list is virtual: only those near the view exist): [position, listing id, taken]. */
  readonly cards: ReadonlyArray<readonly [number, number, boolean]>;
  readonly listEnd: string | null;
  readonly noResults: string | null;
}

const readPage = (page: Page): Promise<PageFacts> =>
  page.evaluate(() => {
    const text = (el: Element | null | undefined) => el?.textContent?.trim() ?? null;
    const value = (name: string) =>
      (document.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLSelectElement | null)?.value ?? null;
    const texts = (selector: string) => [...document.querySelectorAll(selector)].map((e) => text(e) ?? '');
    const allocation = document.querySelector<HTMLInputElement>(
      'input[name="allocation_method"][value="click_and_claim"]',
    );
    const activeTab = document.querySelector('[role="tab"][aria-selected="true"]');
    // absent while the page is still rendering what the machine has reached (it renders it deferred, in slices)
    const submit = document.querySelector<HTMLButtonElement>('form.search-form button[type="submit"]');
    return {
      heading: text(document.querySelector('main h1')),
      dangerToasts: texts('.toast-danger .toast-body').sort(),
      fields: Object.fromEntries(
        ['pickup-place', 'pickup-radius', 'delivery-radius', 'date-from', 'sort', 'capacity-min', 'capacity-max'].map(
          (name) => [name, value(name)],
        ),
      ),
      categoriesBadge: text(document.querySelector('details.search-more summary .count-badge')),
      searchEnabled: submit ? !submit.disabled : null,
      notices: texts('.search-submit .muted, .results-column > p.muted'),
      fieldErrors: texts('main .field-error'),
      activeTab: activeTab ? (activeTab.firstChild?.textContent ?? null) : null,
      clickAndClaim: allocation ? allocation.checked : null,
      counts: Object.fromEntries(
        ['instant', 'auction', 'journey'].map((id) => [
          id,
          text(document.querySelector(`[data-testid="tab-count-${id}"]`)),
        ]),
      ),
      failedNotice: text(document.querySelector('.results-column [role="alert"]')),
      total: text(document.querySelector('[data-testid="results-total"]')),
      cards: [...document.querySelectorAll('.listing-card')].map(
        (card) =>
          [
            Number(card.getAttribute('aria-posinset')),
            Number(card.getAttribute('data-listing-id')),
            card.classList.contains('is-taken') && (card.textContent ?? '').includes('Taken'),
          ] as const,
      ),
      listEnd: text(document.querySelector('.results-end')),
      noResults: text(document.querySelector('.empty-results')),
    };
  });

/**
 * Everything the page shows in a settled state, against the machine's context and the server's answers: the toasts
 * of this step's failures, the form as the partner left it, the active tab with its own controls, the counts, and
 * the list. The cards are compared with the server's rows by position; the job this test had taken is marked.
 */
async function expectPageShows(
  page: Page,
  s: Snap,
  answers: Answers,
  action: AnyEventObject,
  outcomes: readonly Step[],
): Promise<void> {
  const failures = outcomes.filter((o) => failed(o.event));
  const { form, errors, activeTab, tabs, tabCounts, taken } = s.context;
  const tab = tabs[activeTab];
  const list = tab.page > 0 ? answers.lists[activeTab] : undefined;
  expect(list !== undefined, 'the server’s rows are kept exactly for a list the model has loaded').toBe(tab.page > 0);
  // the counts on screen are the server's last answer, kept when a later count fails
  const counts = s.matches({ ready: { counts: 'idle' } }) ? null : answers.counts;
  expect(counts !== null, 'the server answered counts exactly when the model holds some').toBe(tabCounts !== null);
  const filters = activeFilterCount(s);
  const notices = [
    ...(hasPlaceText(form) ? [] : ['Type a place to search from or to']),
    ...(s.matches({ ready: { results: 'idle' } }) ? ['Choose a place and the categories you carry, then search.'] : []),
  ];
  const expected = {
    heading: 'Find work',
    // a failure is a danger toast in the partner's words (spec §8), one per failed call; none otherwise
    dangerToasts: failures
      .map((f) => `${FAILED_TITLE[actorOf(f.event) as keyof typeof FAILED_TITLE]}${SERVER_FAILURE_TEXT}`)
      .sort(),
    // the form keeps what the partner chose
    fields: {
      'pickup-place': form.pickupText,
      'pickup-radius': String(form.pickupRadius),
      'delivery-radius': String(form.deliveryRadius),
      'date-from': form.dateStart ?? '',
      // the active tab's own sort and volume range
      sort: sortOrderOf(tab.sort) ?? '',
      'capacity-min': String(tab.toggles.capacity.min),
      'capacity-max': String(tab.toggles.capacity.max),
    },
    categoriesBadge: `${form.categories.length}/${SEARCH_CATEGORIES.length}${filters > 0 ? ` · ${filters}` : ''}`,
    searchEnabled: hasPlaceText(form),
    notices,
    // the place error shows under both place fields
    fieldErrors: [
      ...(errors.place
        ? [
            'Please choose a pickup or delivery place from the list',
            'Please choose a pickup or delivery place from the list',
          ]
        : []),
      ...(errors.categories ? ['Please select at least one category'] : []),
    ],
    activeTab: TAB_LABEL[activeTab],
    // the auction tab has no allocation toggle
    clickAndClaim: activeTab === 'auction' ? null : tab.toggles.allocation_method.includes('click_and_claim'),
    counts: Object.fromEntries(
      (['instant', 'auction', 'journey'] as const).map((id) => [id, counts ? String(counts[id]) : null]),
    ),
    failedNotice: s.matches({ ready: { results: 'failed' } }) ? 'The search failedTry again' : null,
    total: list ? jobsFound(list.total) : null,
    cards: 'the server’s rows, in order',
    listEnd: list && tab.complete && list.rows.length > 0 ? allShown(list.rows.length) : list ? '' : null,
    noResults: list?.rows.length === 0 ? 'No work matches this search. Try a wider radius or more categories.' : null,
  };
  const rows = list?.rows ?? [];
  /** The cards as compared: the server's rows at their positions, or what differs. */
  const cardsVerdict = (cards: PageFacts['cards']) => {
    if (rows.length === 0) return cards.length === 0 ? 'the server’s rows, in order' : `${cards.length} cards`;
    if (cards.length === 0) return 'no cards';
    const wrong = cards.find(([at, id]) => rows[at - 1]?.id !== id);
    return wrong
      ? `card ${wrong[1]} at ${wrong[0]}, the server has ${rows[wrong[0] - 1]?.id}`
      : 'the server’s rows, in order';
  };
  await expect
    .poll(async () => {
      const facts = await readPage(page);
      return { ...facts, cards: cardsVerdict(facts.cards) };
    }, 'the page shows the settled state')
    .toEqual(expected);

  const facts = await readPage(page);
  if (action.type === 'list.endReached' && failures.length === 0) {
    // the next page was appended after the first, and is on screen below it
    const next = facts.cards.find(([at]) => at === SEARCH_PAGE_SIZE + 1);
    expect(next?.[1], 'the first row of the next page follows the first page').toBe(rows[SEARCH_PAGE_SIZE]!.id);
  }
  // the job another partner took is marked on its card as the server's message arrives, wherever the card is on
  // screen (always, just after it was taken)
  const booked = answers.booked;
  if (
    taken.length > 0 &&
    booked !== null &&
    (action.type === 'listing.taken' || facts.cards.some(([, id]) => id === booked))
  )
    await expect
      .poll(
        async () => (await readPage(page)).cards.find(([, id]) => id === booked)?.[2],
        `job ${booked} is marked taken`,
      )
      .toBe(true);
  await new FindWorkPage(page).dismissToasts();
}

for (const path of PATHS) {
  const steps = path.steps.filter((s) => s.event.type !== 'xstate.init');
  test(`find work in the browser: ${describePath(path)}`, async ({ page, context }) => {
    // one page load, then a server round trip or two per action, on a busy 2-core machine
    test.setTimeout(30_000 + 4_000 * steps.filter((s) => isPartnerEvent(s.event)).length);
    const answers: Answers = { lists: {}, counts: null, booked: null, stream: null, pageCalls: 0, countCalls: 0 };
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (r.method() === 'POST' && pathname === '/v1/jobs') answers.pageCalls += 1;
      if (pathname === '/v1/jobs/tab-counts') answers.countCalls += 1;
    });
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/v1/jobs/events') answers.stream = r.status();
    });
    await signIn(context);

    // the set-up, then each partner action, with the outcomes it leads to until the next one
    const actions = steps.map((s, i) => (i === 0 || isPartnerEvent(s.event) ? i : -1)).filter((i) => i >= 0);
    for (const [n, at] of actions.entries()) {
      const next = actions[n + 1] ?? steps.length;
      const outcomes = steps.slice(at + 1, next);
      const step = steps[at]!;
      await context.clearCookies({ name: 'tpp_fault' });
      const fault = faultFor(at === 0 ? step.event : null, outcomes);
      if (fault) await context.addCookies([{ name: 'tpp_fault', value: fault, url: ORIGIN }]);
      const responses = outcomes.map((o) =>
        page.waitForResponse(actorOf(o.event) === 'loadPage' ? isPageCall : isCountsCall),
      );

      if (at === 0) {
        const searchInfo = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/search-info');
        await page.goto('find-work');
        expect((await searchInfo).status()).toBe(step.event === SETUP_EMPTY ? 500 : 200);
      } else {
        await act(page, step.event, steps[at - 1]!.state, answers);
      }

      for (const [i, response] of (await Promise.all(responses)).entries()) {
        const outcome = outcomes[i]!;
        expect(response.status(), `${outcome.event.type} as arranged`).toBe(failed(outcome.event) ? 500 : 200);
        if (!failed(outcome.event)) await keepAnswer(outcome, response, answers);
      }
      await context.clearCookies({ name: 'tpp_fault' });
      // the browser asked for exactly what the model did (no page twice, none for a tab already loaded)
      const played = steps.slice(0, next);
      expect(answers.pageCalls, 'list calls').toBe(played.filter((s) => actorOf(s.event) === 'loadPage').length);
      expect(answers.countCalls, 'count calls').toBe(played.filter((s) => actorOf(s.event) === 'loadTabCounts').length);

      await expectPageShows(page, steps[next - 1]!.state, answers, step.event, outcomes);
    }
    // and nothing more was asked for once the page had settled
    expect(answers.pageCalls, 'list calls in all').toBe(steps.filter((s) => actorOf(s.event) === 'loadPage').length);
    expect(answers.countCalls, 'count calls in all').toBe(
      steps.filter((s) => actorOf(s.event) === 'loadTabCounts').length,
    );
    recordUiPath(findWorkMachine, INPUT, steps);
  });
}

test('the find-work model reaches every state, and every transition a partner can drive, in the browser', () => {
  const reached = new Coverage(findWorkMachine);
  for (const path of PATHS) replay(path, reached);
  const { states, transitions } = reached.summary();
  expect(states.missing).toEqual([]);
  expect(transitions.missing).toEqual(['findWork.starting xstate.error.actor.loadSetup #0']);
  expect(PATHS.length).toBeGreaterThanOrEqual(5);
  expect(PATHS.every((p) => isSettled(p.state))).toBe(true);
});
