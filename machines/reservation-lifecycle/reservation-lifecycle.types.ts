import type { AllowedActions, ReservationStatus } from '@/schemas/reservation';

export interface LifecycleInput {
  /** The reservation's stored status: the lifecycle resumes there. */
  readonly status: ReservationStatus;
  /**
   * What the partner may do now (meta.allowed_actions, server/reservations/allowed-actions.ts): the partner's cancel
   * and edit are taken only where these flags allow, at once or as a request.
   */
  readonly allowed: AllowedActions;
}

export interface LifecycleContext extends LifecycleInput {
  /** A change was applied at once while pending (each one restarts the decision clock). */
  readonly edited: boolean;
}

export type LifecycleEvent =
  /** The team's decision on a pending reservation: enough work nearby, it is taken. */
  | { type: 'team.accepted' }
  /** The team's decision: no work for it. */
  | { type: 'team.unsuccessful' }
  /** The team returns it with an offer (thin demand, or an offer the reservation team makes) until offer_expires_at. */
  | { type: 'team.offered' }
  /** offer_expires_at passed unanswered: cancelled on the partner's behalf. */
  | { type: 'offer.expired' }
  | { type: 'offer.accepted' }
  | { type: 'offer.rejected' }
  /** Another reservation of the same vehicle and date was accepted: this one gives way. */
  | { type: 'rival.accepted' }
  /** The partner cancels: at once or as a request, as the flags allow. */
  | { type: 'partner.cancelled' }
  /** The partner changes it: at once or as a request, as the flags allow. */
  | { type: 'partner.edited' }
  /** A requested cancellation is due: the team grants it. */
  | { type: 'team.cancel.granted' }
  /** A requested edit is due: the team applies it or not, and the reservation stands accepted either way. */
  | { type: 'team.edit.decided' }
  /** The reservation's day is over. */
  | { type: 'day.over' };
