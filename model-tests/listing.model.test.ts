import { Schema } from 'effect';
import { afterAll, describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { readQuoteAmount } from '@/machines/listing/listing.amount';
import { listingMachine } from '@/machines/listing/listing.machine';
import {
  canBookNow,
  canQuote,
  detailOf,
  hasBookingFailed,
  hasLoadFailed,
  isBooked,
  isBusy,
  isConfirmOpen,
  isNotFound,
  quoteErrorOf,
  quoteTextOf,
  unavailableReason,
} from '@/machines/listing/listing.selectors';
import type { BookInput, ListingNotice, QuoteInput } from '@/machines/listing/listing.types';
import { ListingDetail } from '@/schemas/listing';
import type { ListingId } from '@/schemas/search';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath, settled } from './model-harness';

type Snap = SnapshotFrom<typeof listingMachine>;

const ID = '42';
const input = { id: ID };

/** The listing page of job 42 as the server answers it, changed by `patch`. */
const detail = (patch: Record<string, unknown>): ListingDetail =>
  Schema.decodeUnknownSync(ListingDetail)({
    id: 42,
    kind: 'instant',
    category: 'house_move',
    title: 'House move, 2 bedrooms',
    status: 'click_and_claim',
    pickup: { town: 'Salford', short_postcode: 'M5', lat: 53.48, lng: -2.29, nuts1: null },
    delivery: { town: 'Leeds', short_postcode: 'LS1', lat: 53.8, lng: -1.55, nuts1: null },
    pickup_date: { start: '2026-11-21T09:00:00Z', end: '2026-11-21T12:00:00Z' },
    price: { amount: 18_500 },
    volume_m3: 14,
    distance_m: 70_000,
    allocation_method: 'click_and_claim',
    attributes: { people: 'two_people' },
    created_at: '2026-11-19T09:00:00Z',
    activated_at: '2026-11-19T09:00:00Z',
    pickup_distance_m: 4_000,
    delivery_distance_m: 60_000,
    score: null,
    description: 'House move from Salford to Leeds, about 43 miles by road.',
    eligible: true,
    actions: { book: true, quote: false },
    auction: null,
    allocation: null,
    ...patch,
  });

const instantOpen = detail({});
const instantMine = detail({
  status: 'allocated',
  actions: { book: false, quote: false },
  allocation: {
    provider_vehicle_id: null,
    allocated_at: '2026-11-20T10:00:00Z',
    pickup_postcode: 'M5 3AA',
    delivery_postcode: 'LS1 4BB',
  },
});
const auctionOpen = detail({
  kind: 'auction',
  status: 'pending_allocation',
  allocation_method: null,
  actions: { book: false, quote: true },
  auction: { lowest_quote: { amount: 15_000 }, quote_count: 2, my_quote: null },
});
const auctionQuoted = detail({
  ...auctionOpen,
  auction: {
    lowest_quote: { amount: 12_000 },
    quote_count: 3,
    my_quote: { amount: { amount: 12_000 }, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z' },
  },
});

const http = (status: number, message: string, extra: Partial<{ reason: string; errors: Record<string, string[]> }>) =>
  new HttpError({ status, message, errors: extra.errors ?? {}, code: null, reason: extra.reason ?? null, url: 'v1' });
const notFound = http(404, 'Listing not found', {});
const serverDown = http(500, 'Sorry, something went wrong', {});
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1' });
const taken = http(409, 'Sorry, another partner has already taken this job.', { reason: 'taken' });
const closed = http(409, 'This job is no longer open.', { reason: 'closed' });
const notEligible = http(403, 'You need an approved vehicle to book or quote for work.', { reason: 'not_eligible' });
/** Refused by the work rule (server/partner/work-eligibility.ts): the partner was suspended after the page was read. */
const suspendedWork = {
  may_work: false,
  reasons: ['suspended' as const],
  suspended_until: '2026-11-25T14:30:00.000Z',
  documents: { missing: [], expired: [] },
};
const workRefused = new HttpError({
  status: 403,
  message: 'Your account is suspended until 25 November 2026 at 14:30 (London time) after a false completion.',
  errors: {},
  code: null,
  reason: 'not_eligible',
  work: suspendedWork,
  url: 'v1',
});
const wrongKind = http(409, 'This job has a fixed price: book it instead of quoting.', { reason: 'wrong_kind' });
const amountRefused = http(422, 'messages.validation', {
  errors: { amount: ['The amount is at most 5000000 pence (£50000)'] },
});

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e });

/** Reads, failures and the events stream: the same for every kind of listing. */
const common: AnyEventObject[] = [
  error('loadListing', notFound),
  error('loadListing', serverDown),
  { type: 'listing.retried' },
  { type: 'listing.taken', id: 42, kind: 'instant' },
  { type: 'listing.reconnected' },
];

const scenarios = [
  {
    name: 'instant job, book now',
    events: [
      ...common,
      done('loadListing', instantOpen),
      done('loadListing', instantMine),
      { type: 'booking.started' },
      { type: 'booking.confirmed' },
      { type: 'booking.cancelled' },
      done('bookListing', instantMine),
      error('bookListing', offline),
      error('bookListing', taken),
      error('bookListing', notEligible),
      error('bookListing', workRefused),
    ],
  },
  {
    name: 'auction, quote',
    events: [
      ...common,
      done('loadListing', auctionOpen),
      { type: 'quote.changed', text: '' },
      { type: 'quote.changed', text: '0' },
      { type: 'quote.changed', text: '120' },
      { type: 'quote.submitted' },
      done('quoteListing', auctionQuoted),
      error('quoteListing', amountRefused),
      error('quoteListing', offline),
      error('quoteListing', closed),
      error('quoteListing', wrongKind),
      error('quoteListing', workRefused),
    ],
  },
];

/** Keys the model can predict: one per confirmation, one per amount. The real keys are random UUIDs (tested below). */
const machine = listingMachine.provide({
  actions: {
    issueBookingKey: assign({ bookingKey: 'booking-key', bookingFailed: false }),
    issueQuoteKey: assign({
      quoteAttempt: ({ context }: { context: Snap['context'] }) => {
        const amount = readQuoteAmount(context.quoteText);
        const minor = amount.ok ? amount.minorUnits : 0;
        return { amount: minor, key: `quote-key-${minor}` };
      },
    }),
  } as never,
});

/** Of the shortest paths to every state, one per last step (state and quote attempt before, event, state after). */
const onePerStep = <P extends { steps: Array<{ state: Snap; event: AnyEventObject }> }>(paths: P[]): P[] => {
  const seen = new Set<string>();
  return paths.filter((p) => {
    const last = p.steps.at(-1)!;
    const before = p.steps.at(-2)?.state ?? null;
    const key = JSON.stringify([before?.value, before?.context.quoteAttempt, last.event, last.state.value]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** What the page must show in each state, read through the selectors the page uses. */
function expectLooksRight(snap: Snap) {
  const shown = detailOf(snap);
  if (snap.matches('loading')) expect(shown).toBeNull();
  if (snap.matches('failed')) expect(hasLoadFailed(snap)).toBe(true);
  if (snap.matches('notFound')) expect([isNotFound(snap), shown]).toEqual([true, null]);
  if (snap.matches('booked')) {
    expect(isBooked(snap)).toBe(true);
    expect(shown?.allocation).not.toBeNull();
  }
  if (snap.matches('unavailable')) expect(unavailableReason(snap)).toMatch(/^(taken|closed)$/);
  else expect(unavailableReason(snap)).toBeNull();
  // no action is offered once the job is gone or booked, and none while the listing is not shown
  if (!snap.matches('showing'))
    expect([canBookNow(snap), canQuote(snap), isConfirmOpen(snap)]).toEqual([false, false, false]);
  else expect(shown).not.toBeNull();
  if (isConfirmOpen(snap)) expect(snap.context.bookingKey).toBe('booking-key');
  else expect(snap.context.bookingKey).toBeNull();
  if (!isConfirmOpen(snap)) expect(hasBookingFailed(snap)).toBe(false);
  if (snap.matches({ showing: 'quoting' })) expect(isBusy(snap)).toBe(true);
}

const SIZE = { states: 12, transitions: 35 };
const coverage = new Coverage(listingMachine);

/**
 * States told apart as `byIncomingEvent` does, and also by the quote attempt before the step: sending the same amount
 * again after no answer reaches the very state a first send does, by another transition (the key is reused).
 */
const traversal = {
  ...byIncomingEvent,
  serializeState: (snapshot: Snap, event: AnyEventObject | undefined, previous?: Snap) =>
    JSON.stringify([byIncomingEvent.serializeState(snapshot, event, previous), previous?.context.quoteAttempt ?? null]),
};

describe.each(scenarios)('listing machine: $name', ({ events }) => {
  const paths = onePerStep(
    getShortestPaths(machine, { events, input, ...traversal } as never) as never[],
  ) as ReturnType<typeof getShortestPaths>;

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let notices = 0;
    await runPath(
      machine,
      path,
      {
        input,
        promiseActors: ['loadListing', 'bookListing', 'quoteListing'],
        callbackActors: ['watchListingEvents'],
        actions: ['notify'],
        check: (snap, step, record) => {
          expectLooksRight(snap);
          const calls = (src: string) => record.calls.filter((c) => c.src === src);
          const last = record.calls.at(-1);
          // every read is of this listing
          for (const call of calls('loadListing')) expect(call.input).toEqual({ id: ID });
          if (
            snap.hasTag('loading') ||
            snap.matches({ showing: 'verifyingTaken' }) ||
            snap.matches({ showing: 'refreshing' })
          )
            expect(last?.src).toBe('loadListing');
          // a booking sends the confirmation's key, also when it is tried again after no answer
          for (const call of calls('bookListing'))
            expect(call.input).toEqual<BookInput>({ id: ID, key: 'booking-key' });
          if (
            step.event.type === 'xstate.error.actor.bookListing' &&
            (step.event as { error?: unknown }).error === offline
          ) {
            expect(snap.matches({ showing: 'confirming' })).toBe(true);
            expect(hasBookingFailed(snap)).toBe(true);
          }
          // a quote sends the typed amount in pence, with the key of that attempt
          for (const call of calls('quoteListing'))
            expect(call.input).toEqual<QuoteInput>({ id: ID, amount: 12_000, key: 'quote-key-12000' });
          // a refused amount keeps the typed text and shows the server's message beside it
          if (
            step.event.type === 'xstate.error.actor.quoteListing' &&
            (step.event as { error?: unknown }).error === amountRefused
          ) {
            expect(quoteTextOf(snap)).toBe('120');
            expect(quoteErrorOf(snap)).toEqual({
              kind: 'server',
              messages: ['The amount is at most 5000000 pence (£50000)'],
            });
          }
          if (step.event.type === 'quote.submitted' && !readQuoteAmount(quoteTextOf(snap)).ok)
            expect(quoteErrorOf(snap)?.kind).toBe('amount');
          if (step.event.type === 'xstate.done.actor.quoteListing') {
            expect(quoteTextOf(snap)).toBe('');
            expect(detailOf(snap)?.auction?.my_quote?.amount.amount).toBe(12_000);
          }
          // each action's outcome is told once, as a toast of the right tone (spec §4)
          const told = record.actions.slice(notices) as Array<{ type: string; params: Omit<ListingNotice, 'type'> }>;
          notices = record.actions.length;
          const outcome = step.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:');
          if (outcome === 'done:bookListing')
            expect(told.map((t) => t.params)).toEqual([
              { tone: 'success', title: 'listing.toast.booked', amount: 18_500 },
            ]);
          else if (outcome === 'done:quoteListing')
            expect(told.map((t) => t.params)).toEqual([
              { tone: 'success', title: 'listing.toast.quoted', amount: 12_000 },
            ]);
          else if (outcome === 'error:bookListing' && snap.matches({ showing: 'confirming' })) expect(told).toEqual([]);
          else if (outcome === 'error:bookListing' || (outcome === 'error:quoteListing' && !quoteErrorOf(snap)))
            expect(told.map((t) => t.params.tone)).toEqual(['danger']);
          else expect(told).toEqual([]);
          // refused by the work rule: no action is left, and the listing says why (the page's work notice)
          if ((step.event as { error?: unknown }).error === workRefused) {
            expect(detailOf(snap)).toMatchObject({ eligible: false, work: suspendedWork });
            expect([canBookNow(snap), canQuote(snap), snap.context.quoteAttempt]).toEqual([false, false, null]);
          } else if (snap.matches({ showing: 'idle' }) && detailOf(snap)?.eligible === true)
            expect(detailOf(snap)?.work).toBeUndefined();
          if (told[0]?.params.title.endsWith('Refused'))
            expect(told[0].params.serverMessage).toBe((step.event as unknown as { error: Error }).error.message);
          // the events stream is open exactly while the listing is shown
          const opened = calls('watchListingEvents').length;
          const closedStreams = record.stopped.filter((s) => s === 'watchListingEvents').length;
          expect(opened - closedStreams).toBe(snap.matches('showing') ? 1 : 0);
        },
      },
      coverage,
    );
  });
});

describe('listing machine against fake calls', () => {
  /** The machine with real keys, calls that wait to be answered, and a silent events stream. */
  function start(first: ListingDetail) {
    const books: Array<{ input: BookInput; answer: (d: ListingDetail) => void; fail: (e: unknown) => void }> = [];
    const quotes: Array<{ input: QuoteInput; answer: (d: ListingDetail) => void; fail: (e: unknown) => void }> = [];
    const notices: ListingNotice[] = [];
    const actor = createActor(
      listingMachine.provide({
        actors: {
          loadListing: fromPromise(() => Promise.resolve(first)),
          bookListing: fromPromise<ListingDetail, BookInput>(
            ({ input }) => new Promise((answer, fail) => books.push({ input, answer, fail })),
          ),
          quoteListing: fromPromise<ListingDetail, QuoteInput>(
            ({ input }) => new Promise((answer, fail) => quotes.push({ input, answer, fail })),
          ),
          watchListingEvents: fromCallback(() => undefined),
        },
      }),
      { input },
    );
    actor.on('listing.notice', (n) => void notices.push(n));
    actor.start();
    return { actor, books, quotes, notices };
  }
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('makes one UUID key per confirmation, and reuses it when the partner tries again after no answer', async () => {
    const { actor, books } = start(instantOpen);
    await settled();
    actor.send({ type: 'booking.started' });
    actor.send({ type: 'booking.confirmed' });
    books[0]!.fail(offline);
    await settled();
    expect(isConfirmOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'booking.confirmed' });
    expect(books[1]!.input.key).toBe(books[0]!.input.key);
    expect(books[0]!.input.key).toMatch(UUID);
    books[1]!.fail(serverDown);
    await settled();
    actor.send({ type: 'booking.cancelled' });
    actor.send({ type: 'booking.started' });
    actor.send({ type: 'booking.confirmed' });
    expect(books[2]!.input.key).toMatch(UUID);
    expect(books[2]!.input.key).not.toBe(books[0]!.input.key);
    books[2]!.answer(instantMine);
    await settled();
    expect(isBooked(actor.getSnapshot())).toBe(true);
  });

  it('reuses a quote key only to send the same amount again after no answer', async () => {
    const { actor, quotes } = start(auctionOpen);
    await settled();
    actor.send({ type: 'quote.changed', text: '120' });
    actor.send({ type: 'quote.submitted' });
    quotes[0]!.fail(offline);
    await settled();
    expect(quoteTextOf(actor.getSnapshot())).toBe('120');
    actor.send({ type: 'quote.changed', text: '120.00' });
    actor.send({ type: 'quote.submitted' });
    expect(quotes[1]!.input).toEqual({ id: ID, amount: 12_000, key: quotes[0]!.input.key });
    quotes[1]!.fail(offline);
    await settled();
    actor.send({ type: 'quote.changed', text: '125' });
    actor.send({ type: 'quote.submitted' });
    expect(quotes[2]!.input.amount).toBe(12_500);
    expect(quotes[2]!.input.key).toMatch(UUID);
    expect(quotes[2]!.input.key).not.toBe(quotes[0]!.input.key);
    quotes[2]!.answer(auctionQuoted);
    await settled();
    actor.send({ type: 'quote.changed', text: '125' });
    actor.send({ type: 'quote.submitted' });
    expect(quotes[3]!.input.key).not.toBe(quotes[2]!.input.key);
  });

  it('waits for the booking answer when a taken event for this listing comes while booking (it is the booking)', async () => {
    const { actor, books, notices } = start(instantOpen);
    await settled();
    actor.send({ type: 'booking.started' });
    actor.send({ type: 'booking.confirmed' });
    actor.send({ type: 'listing.taken', id: 42 as ListingId, kind: 'instant' });
    actor.send({ type: 'listing.reconnected' });
    expect(actor.getSnapshot().matches({ showing: 'booking' })).toBe(true);
    books[0]!.answer(instantMine);
    await settled();
    expect(isBooked(actor.getSnapshot())).toBe(true);
    expect(notices).toEqual([
      { type: 'listing.notice', tone: 'success', title: 'listing.toast.booked', amount: 18_500 },
    ]);
  });

  it('ignores taken events for other listings and for journeys with the same number', async () => {
    const { actor } = start(instantOpen);
    await settled();
    actor.send({ type: 'listing.taken', id: 43 as ListingId, kind: 'instant' });
    actor.send({ type: 'listing.taken', id: 42 as ListingId, kind: 'journey' });
    expect(actor.getSnapshot().matches({ showing: 'idle' })).toBe(true);
  });

  it('sends nothing for an amount it refuses, and says why', async () => {
    const { actor, quotes } = start(auctionOpen);
    await settled();
    for (const [text, reason] of [
      ['', 'empty'],
      ['-3', 'notPositive'],
      ['50000.01', 'tooLarge'],
      ['12abc', 'notANumber'],
    ] as const) {
      actor.send({ type: 'quote.changed', text });
      actor.send({ type: 'quote.submitted' });
      expect(quoteErrorOf(actor.getSnapshot())).toEqual({ kind: 'amount', reason });
      expect(quoteTextOf(actor.getSnapshot())).toBe(text);
    }
    expect(quotes).toHaveLength(0);
  });

  it('offers no booking on an auction and no quote on an instant job', async () => {
    const auction = start(auctionOpen);
    await settled();
    auction.actor.send({ type: 'booking.started' });
    expect(isConfirmOpen(auction.actor.getSnapshot())).toBe(false);
    const instant = start(instantOpen);
    await settled();
    instant.actor.send({ type: 'quote.changed', text: '120' });
    instant.actor.send({ type: 'quote.submitted' });
    expect(instant.quotes).toHaveLength(0);
  });
});

afterAll(() => coverage.expectComplete(SIZE));
