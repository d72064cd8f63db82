import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ExpressedInterest, JourneyResponse } from '@/schemas/journey';
import type { Deallocation } from '@/src/api/journeys';
import type { journeyAllocationMachine } from './journey-allocation.machine';
import type { journeyDriverMachine } from './journey-driver.machine';
import { offerErrors, type journeyOfferMachine } from './journey-offer.machine';
import { trackingOpensAt } from './journey-pay';
import type { OfferErrors } from './journey-allocation.types';

type PageSnapshot = SnapshotFrom<typeof journeyAllocationMachine>;
type OfferSnapshot = SnapshotFrom<typeof journeyOfferMachine>;
type DriverSnapshot = SnapshotFrom<typeof journeyDriverMachine>;
export type OfferActorRef = ActorRefFrom<typeof journeyOfferMachine>;
export type DriverActorRef = ActorRefFrom<typeof journeyDriverMachine>;

/** The journey as last read, or null before the first read. */
export const viewOf = (s: PageSnapshot): JourneyResponse | null => s.context.view;
export const isLoading = (s: PageSnapshot): boolean => s.hasTag('loading');
/** 'Error fetching journey': the read failed (not a 404). */
export const hasLoadFailed = (s: PageSnapshot): boolean => s.hasTag('error');
/** The spec's 404 text. */
export const isNotFound = (s: PageSnapshot): boolean => s.matches('notFound');
/** A change of allocation is being sent or read back. */
export const isBusy = (s: PageSnapshot): boolean => s.hasTag('busy');

/** Which panel the allocation region shows. */
export type AllocationPanel =
  'allocated' | 'completed' | 'pending' | 'offered' | 'taken' | 'notEligible' | 'notOffered' | 'reloading';

export function allocationPanel(s: PageSnapshot): AllocationPanel | null {
  if (!s.matches('showing')) return null;
  const region = (s.value as { showing: { allocation: string | Record<string, string> } }).showing.allocation;
  const state = typeof region === 'string' ? region : Object.keys(region)[0]!;
  switch (state) {
    case 'interestPending':
      return 'pending';
    case 'deciding':
    case 'reloading':
      return 'reloading';
    default:
      return state as AllocationPanel;
  }
}

/** The pending interest, with its cancellation deadline. */
export const interestOf = (s: PageSnapshot): ExpressedInterest | null => s.context.interest;
/** Cancel interest is offered (before the deadline). */
export const canCancelInterest = (s: PageSnapshot): boolean =>
  s.matches({ showing: { allocation: { interestPending: 'cancellable' } } });
export const isCancellingInterest = (s: PageSnapshot): boolean =>
  s.matches({ showing: { allocation: { interestPending: 'cancelling' } } });
/** Edit interest is offered: before the deadline, to a partner the server lets change it. */
export const canEditInterest = (s: PageSnapshot): boolean =>
  s.matches({ showing: { allocation: { interestPending: 'cancellable' } } }) && s.can({ type: 'interest.editStarted' });
/** The interest is being changed: the offer panel (offerActor) shows its values. */
export const isEditingInterest = (s: PageSnapshot): boolean =>
  s.matches({ showing: { allocation: { interestPending: 'editing' } } });
/** The deadline has passed: the interest stands. */
export const isInterestLocked = (s: PageSnapshot): boolean =>
  s.matches({ showing: { allocation: { interestPending: 'locked' } } });

/** Ms left until the interest can no longer be cancelled, on the server's clock (0 once passed). */
export const cancelMsLeft = (s: PageSnapshot): number =>
  s.context.interest ? Math.max(0, Date.parse(s.context.interest.cancellable_until) - s.context.serverNow) : 0;

/** Now on the server's clock, ms (ticks every second while the journey is shown). */
export const serverNowOf = (s: PageSnapshot): number => s.context.serverNow;

/** What handing the journey back cost, once the partner has. */
export const handedBackOf = (s: PageSnapshot): Deallocation | null => s.context.handedBack;

/** Tracking: off (not the partner's journey), waiting (with when it opens), or open. */
export type TrackingState = { readonly kind: 'off' } | { readonly kind: 'waiting'; opensAt: number } | { kind: 'open' };
export function trackingOf(s: PageSnapshot): TrackingState {
  const view = s.context.view;
  if (!view || s.matches({ showing: { tracking: 'off' } }) || !s.matches('showing')) return { kind: 'off' };
  if (s.matches({ showing: { tracking: 'open' } })) return { kind: 'open' };
  return { kind: 'waiting', opensAt: trackingOpensAt(view.journey.first_pickup_at) };
}

/** The offer panel's actor, while an offer or the edit of an interest is shown (XState types children loosely). */
export const offerActor = (s: PageSnapshot) => s.children.journeyOffer as OfferActorRef | undefined;
/** The driver panel's actor, while the partner holds the journey. */
export const driverActor = (s: PageSnapshot) => s.children.journeyDriver as DriverActorRef | undefined;

/** The offer panel. */
export const isFleetLoading = (s: OfferSnapshot): boolean => s.hasTag('loading');
export const hasFleetFailed = (s: OfferSnapshot): boolean => s.hasTag('error');
export const isSubmitting = (s: OfferSnapshot): boolean => s.matches('submitting');
/** The field errors shown: those found when the partner last sent, less the fields changed since. */
export const shownOfferErrors = (s: OfferSnapshot): OfferErrors => s.context.errors;
/** Whether the offer could be sent as it is (for the view's hints; sending checks again). */
export const isOfferComplete = (s: OfferSnapshot): boolean => Object.keys(offerErrors(s.context)).length === 0;
export const isUnanswered = (s: OfferSnapshot): boolean => s.context.unanswered;

/** The driver panel. */
export const areDriversLoading = (s: DriverSnapshot): boolean => s.hasTag('loading');
export const haveDriversFailed = (s: DriverSnapshot): boolean => s.hasTag('error');
export const isDriverBusy = (s: DriverSnapshot): boolean =>
  s.matches('allocatingDriver') || s.matches('confirmingDriver');
export const isAllocatingDriver = (s: DriverSnapshot): boolean => s.matches('allocatingDriver');
export const isConfirmingDriver = (s: DriverSnapshot): boolean => s.matches('confirmingDriver');
/** The hand-back dialogue is open (also while the hand-back is under way). */
export const isDeallocationOpen = (s: DriverSnapshot): boolean =>
  s.matches('confirmingDeallocation') || s.matches('deallocating');
export const isDeallocating = (s: DriverSnapshot): boolean => s.matches('deallocating');
