import { assign, setup } from 'xstate';
import { RESERVATION_STATUSES, type ReservationStatus } from '@/schemas/reservation';
import type { LifecycleContext, LifecycleEvent, LifecycleInput } from './reservation-lifecycle.types';

/** Where a stored reservation resumes: one transition per status, taken when the stored status is that one. */
const resume = RESERVATION_STATUSES.map((status) => ({
  guard: { type: 'isStored' as const, params: { status } },
  target: status,
}));

const ended = (description: string) => ({ description, type: 'final' as const });

/**
 * The life of one reservation as the server decides it (spec §4): its status is the machine's state. The reference
 * server (server/reservations/lifecycle.ts) resumes the machine at the stored status, asks it where an event leads,
 * and writes that status only if the row is still in the one it read; an event the machine does not take there is
 * refused (409 for the partner). It is pure: no actors, no clock — the server's decision job and its calls send the
 * events when they are due (server/reservations/decision-job.ts, reservation-changes.ts).
 *
 * A pending reservation is decided within 24 hours: accepted, unsuccessful or return_offer. A return offer is
 * accepted or rejected (tp_rejected) by the partner, or times out (timed_out) when offer_expires_at passes. Accepting
 * supersedes the vehicle's other live reservations of that date (`rival.accepted`). The partner's cancel and edit
 * apply at once or become pending_cancellation / pending_modification, as meta.allowed_actions says; where the flags
 * allow neither, the machine takes no transition. After the day, accepted becomes no_match (no work came) and
 * journey_associated completed.
 *
 * Statuses the team sets outside this reference (av_rejected, av_withdrawn, av_cancelled, and those after a journey
 * was associated) are states too, so a stored one resumes in a state that takes nothing.
 */
export const reservationLifecycle = setup({
  types: {} as { context: LifecycleContext; events: LifecycleEvent; input: LifecycleInput },
  actions: {
    /** A change applied at once: the server stores it and restarts the decision clock. */
    noteEdit: assign({ edited: true }),
  },
  guards: {
    isStored: ({ context }, { status }: { status: ReservationStatus }) => context.status === status,
    canCancelNow: ({ context }) => context.allowed.cancel_immediately,
    canRequestCancel: ({ context }) => context.allowed.cancel_request,
    canEditNow: ({ context }) => context.allowed.update_immediately,
    canRequestEdit: ({ context }) => context.allowed.update_request,
  },
}).createMachine({
  id: 'reservationLifecycle',
  context: ({ input }) => ({ status: input.status, allowed: input.allowed, edited: false }),
  initial: 'stored',
  states: {
    stored: {
      description: 'A reservation read from the database: the lifecycle resumes in its stored status',
      always: resume,
    },
    pending: {
      description: 'Requested: the team decides within 24 hours (the reference decides on the work nearby)',
      on: {
        'team.accepted': { target: 'accepted' },
        'team.unsuccessful': { target: 'unsuccessful' },
        'team.offered': { target: 'return_offer' },
        'rival.accepted': { target: 'superseded' },
        'partner.cancelled': { guard: 'canCancelNow', target: 'tp_withdrawn' },
        // the change is stored at once and the decision clock restarts: still pending
        'partner.edited': { guard: 'canEditNow', actions: 'noteEdit' },
      },
    },
    return_offer: {
      description: 'The team offers it back: the partner accepts or rejects it before offer_expires_at',
      on: {
        'offer.accepted': { target: 'accepted' },
        'offer.rejected': { target: 'tp_rejected' },
        'offer.expired': { target: 'timed_out' },
        'rival.accepted': { target: 'superseded' },
        'partner.cancelled': { guard: 'canCancelNow', target: 'tp_withdrawn' },
      },
    },
    accepted: {
      description: 'Taken by the team: the vehicle is booked for that day',
      on: {
        'partner.cancelled': [
          { guard: 'canCancelNow', target: 'tp_cancelled' },
          { guard: 'canRequestCancel', target: 'pending_cancellation' },
        ],
        'partner.edited': { guard: 'canRequestEdit', target: 'pending_modification' },
        'rival.accepted': { target: 'superseded' },
        'day.over': { target: 'no_match' },
      },
    },
    pending_cancellation: {
      description: 'The partner asked to cancel at short notice: the team grants it when due',
      on: { 'team.cancel.granted': { target: 'tp_cancelled' } },
    },
    pending_modification: {
      description: 'The partner asked to change an accepted reservation: the team decides the change when due',
      on: {
        'team.edit.decided': { target: 'accepted' },
        'rival.accepted': { target: 'superseded' },
      },
    },
    journey_associated: {
      description: 'A journey was attached to the accepted reservation',
      on: { 'day.over': { target: 'completed' } },
    },
    unsuccessful: ended('The team found no use for it'),
    timed_out: ended('The offer ran out unanswered: cancelled on the partner’s behalf'),
    tp_rejected: ended('The partner rejected the offer'),
    av_rejected: ended('Rejected by the team (outside the reference’s decisions)'),
    tp_withdrawn: ended('The partner withdrew it before it was accepted'),
    av_withdrawn: ended('Withdrawn by the team'),
    tp_cancelled: ended('Cancelled by the partner'),
    av_cancelled: ended('Cancelled by the team'),
    superseded: ended('Replaced by another accepted reservation of the vehicle on that date'),
    tp_cancelled_after_association: ended('Cancelled by the partner after a journey was attached'),
    av_cancelled_after_association: ended('Cancelled by the team after a journey was attached'),
    completed: ended('The day is over and its journey done'),
    no_match: ended('The day is over and no work came'),
    unknown: ended('A status the portal does not know'),
  },
});
