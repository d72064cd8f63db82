import { afterAll, describe, expect, it } from 'vitest';
import {
  assign,
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type AnyEventObject,
  type SnapshotFrom,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { ReservationNotice } from '@/machines/reservations/reservation-notices';
import { returnOffer } from '@/machines/return-offer/return-offer.machine';
import {
  hasFailed,
  isAnswered,
  isAnswering,
  isConfirmingAccept,
  isConfirmingReject,
  isOpen,
  isTimedOut,
  remainingMsOf,
} from '@/machines/return-offer/return-offer.selectors';
import type { AnswerInput } from '@/machines/return-offer/return-offer.types';
import { RESERVATION_MESSAGES, RESERVATION_REFUSALS, type ReservationId } from '@/schemas/reservation';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, delayEvents, describePath, runPath, settled } from './model-harness';

type Snap = SnapshotFrom<typeof returnOffer>;

const HOUR = 3_600_000;
const EXPIRES = '2026-11-21T12:00:00Z';
const EXPIRES_MS = Date.parse(EXPIRES);
/** Our clock is 5 hours fast; the server's Date header said so: 3 hours are left on the server's clock. */
const OFFSET = -5 * HOUR;
const NOW = EXPIRES_MS - 3 * HOUR - OFFSET;
const input = { id: 31 as ReservationId, expiresAt: EXPIRES, offsetMs: OFFSET, nowMs: NOW };

const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1' });
// (the urls tell the two apart: the graph compares events as JSON, which leaves out an Error's message)
const expired = new HttpError({
  status: 409,
  message: RESERVATION_REFUSALS.offerExpired,
  errors: {},
  code: null,
  url: 'v1/expired',
});
const noOffer = new HttpError({
  status: 409,
  message: RESERVATION_REFUSALS.noOffer,
  errors: {},
  code: null,
  url: 'v1/no-offer',
});
const done = (output: unknown) => ({ type: 'xstate.done.actor.answerOffer', output });
const error = (e: unknown) => ({ type: 'xstate.error.actor.answerOffer', error: e });

const machine = returnOffer.provide({
  actions: {
    issueKey: assign({ key: ({ context }: { context: Snap['context'] }) => context.key ?? 'offer-key', failed: false }),
  } as never,
});

/** A tick an hour on, a tick past the end (our clock), the timer, and each answer. */
const events = (s: Snap): AnyEventObject[] => [
  ...(s.context.serverNowMs === NOW + OFFSET ? [{ type: 'clock.ticked', localMs: NOW + HOUR }] : []),
  { type: 'clock.ticked', localMs: NOW + 3 * HOUR },
  ...delayEvents(returnOffer),
  { type: 'offer.accept.requested' },
  { type: 'offer.reject.requested' },
  { type: 'offer.accept.confirmed' },
  { type: 'offer.reject.confirmed' },
  { type: 'offer.dismissed' },
  done({
    message: s.matches('accepting') ? RESERVATION_MESSAGES.offerAccepted : RESERVATION_MESSAGES.offerRejected,
    data: {},
  }),
  error(offline),
  error(expired),
  error(noOffer),
];

const SIZE = { states: 9, transitions: 17 };
const coverage = new Coverage(returnOffer);

describe('return offer', () => {
  const paths = getShortestPaths(machine, { events, input, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let noticed = 0;
    const remainingBefore: number[] = [];
    await runPath(
      machine,
      path,
      {
        input,
        promiseActors: ['answerOffer'],
        callbackActors: ['ticker'],
        actions: ['notify'],
        // the timer is set to the time left on the server's clock when the offer state was entered
        delays: { offerExpiry: 3 * HOUR },
        check: (snap, step, record) => {
          const type = step.event.type;
          // the countdown is the server's: 3 hours at the start, though our clock is 5 hours fast
          if (type === 'xstate.init') expect(remainingMsOf(snap)).toBe(3 * HOUR);
          if (type === 'clock.ticked' && isOpen(snap)) expect(remainingMsOf(snap)).toBe(2 * HOUR);
          remainingBefore.push(remainingMsOf(snap));
          // at zero it is timed out: nothing to answer
          if (isTimedOut(snap))
            expect([remainingMsOf(snap), isOpen(snap), isAnswering(snap)]).toEqual([0, false, false]);
          expect(isConfirmingAccept(snap)).toBe(
            snap.matches({ open: 'confirmingAccept' }) || snap.matches('accepting'),
          );
          expect(isConfirmingReject(snap)).toBe(
            snap.matches({ open: 'confirmingReject' }) || snap.matches('rejecting'),
          );
          expect(isAnswered(snap)).toBe(snap.matches('accepted') || snap.matches('rejected'));
          // an answer is sent for this offer with one key, the same after no reply
          for (const call of record.calls.filter((c) => c.src === 'answerOffer')) {
            const sent = call.input as AnswerInput;
            expect([sent.id, sent.key]).toEqual([31, 'offer-key']);
          }
          if (type === 'offer.accept.confirmed') expect((record.calls.at(-1)!.input as AnswerInput).accept).toBe(true);
          if (type === 'offer.reject.confirmed') expect((record.calls.at(-1)!.input as AnswerInput).accept).toBe(false);
          // the ticker runs while the offer is open
          const ticking =
            record.calls.filter((c) => c.src === 'ticker').length - record.stopped.filter((s) => s === 'ticker').length;
          expect(ticking).toBe(isOpen(snap) ? 1 : 0);
          const told = record.actions
            .slice(noticed)
            .flatMap((a) => (a.params as { notices: ReservationNotice[] }).notices);
          noticed = record.actions.length;
          const e = (step.event as { error?: unknown }).error;
          if (type === 'xstate.done.actor.answerOffer')
            expect(told).toEqual([
              {
                tone: 'success',
                title: snap.matches('accepted')
                  ? 'reservations.toast.offerAccepted'
                  : 'reservations.toast.offerRejected',
              },
            ]);
          else if (e === offline) expect([told, hasFailed(snap), snap.context.key]).toEqual([[], true, 'offer-key']);
          else if (e === expired || e === noOffer) {
            expect(told).toHaveLength(1);
            expect(told[0]!.textId).toBe(
              e === expired ? 'reservations.refusal.offerExpired' : 'reservations.refusal.noOffer',
            );
            expect(isTimedOut(snap)).toBe(e === expired);
          } else expect(told).toEqual([]);
        },
      },
      coverage,
    );
  });
});

describe('return offer on a clock', () => {
  it('turns timed out by itself when the time left runs out, without any tick', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(
      returnOffer.provide({
        actors: { ticker: fromCallback(() => undefined), answerOffer: fromPromise(() => new Promise(() => {})) },
      }),
      { input, clock },
    );
    actor.start();
    clock.increment(3 * HOUR - 1);
    expect(isOpen(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    await settled();
    expect(isTimedOut(actor.getSnapshot())).toBe(true);
  });

  it('is timed out at once when the offer has ended already', () => {
    const actor = createActor(returnOffer, { input: { ...input, nowMs: EXPIRES_MS - OFFSET } });
    actor.start();
    expect(isTimedOut(actor.getSnapshot())).toBe(true);
    actor.stop();
  });
});

afterAll(() => coverage.expectComplete(SIZE));
