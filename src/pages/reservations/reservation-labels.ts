import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { FormRuleCode, RequestField } from '@/machines/reservation-wizard/reservation-wizard.types';
import type { WeekGroup } from '@/machines/reservations/reservation-facts';
import type { ReservationErrorCode, CancelReason, ReservationStatus, ReservationType } from '@/schemas/reservation';
import type { VehicleType } from '@/schemas/vehicle';

/**
 * Message ids of the reservation pages that are chosen by a value (a status, a rule code …), written out so that
 * `npm run i18n:check` sees every one, and typed against the values so none is missing.
 */

export const STATUS_MESSAGES = defineMessages({
  pending: { id: 'reservations.status.pending' },
  return_offer: { id: 'reservations.status.return_offer' },
  timed_out: { id: 'reservations.status.timed_out' },
  unsuccessful: { id: 'reservations.status.unsuccessful' },
  tp_rejected: { id: 'reservations.status.tp_rejected' },
  av_rejected: { id: 'reservations.status.av_rejected' },
  tp_withdrawn: { id: 'reservations.status.tp_withdrawn' },
  av_withdrawn: { id: 'reservations.status.av_withdrawn' },
  accepted: { id: 'reservations.status.accepted' },
  tp_cancelled: { id: 'reservations.status.tp_cancelled' },
  av_cancelled: { id: 'reservations.status.av_cancelled' },
  superseded: { id: 'reservations.status.superseded' },
  journey_associated: { id: 'reservations.status.journey_associated' },
  tp_cancelled_after_association: { id: 'reservations.status.tp_cancelled_after_association' },
  av_cancelled_after_association: { id: 'reservations.status.av_cancelled_after_association' },
  completed: { id: 'reservations.status.completed' },
  no_match: { id: 'reservations.status.no_match' },
  pending_cancellation: { id: 'reservations.status.pending_cancellation' },
  pending_modification: { id: 'reservations.status.pending_modification' },
  unknown: { id: 'reservations.status.unknown' },
}) satisfies Record<ReservationStatus, MessageDescriptor>;

export const TYPE_MESSAGES = defineMessages({
  local: { id: 'reservations.type.local' },
  national: { id: 'reservations.type.national' },
  return: { id: 'reservations.type.return' },
  custom: { id: 'reservations.type.custom' },
}) satisfies Record<ReservationType, MessageDescriptor>;

export const VEHICLE_TYPE_MESSAGES = defineMessages({
  swb: { id: 'reservations.vehicleType.swb' },
  mwb: { id: 'reservations.vehicleType.mwb' },
  lwb: { id: 'reservations.vehicleType.lwb' },
  xlwb: { id: 'reservations.vehicleType.xlwb' },
  luton_van: { id: 'reservations.vehicleType.luton_van' },
}) satisfies Record<VehicleType, MessageDescriptor>;

export const WEEK_MESSAGES = defineMessages({
  thisWeek: { id: 'reservations.week.thisWeek' },
  nextWeek: { id: 'reservations.week.nextWeek' },
  future: { id: 'reservations.week.future' },
}) satisfies Record<WeekGroup, MessageDescriptor>;

export const REASON_MESSAGES = defineMessages({
  vehicle_issues: { id: 'reservations.reason.vehicle_issues' },
  driver_unable_to_work: { id: 'reservations.reason.driver_unable_to_work' },
  scheduling_conflict_av: { id: 'reservations.reason.scheduling_conflict_av' },
  scheduling_conflict_external: { id: 'reservations.reason.scheduling_conflict_external' },
  other: { id: 'reservations.reason.other' },
}) satisfies Record<CancelReason, MessageDescriptor>;

/** The catalogue of spec §8 (English text = schemas/reservation.ts RESERVATION_ERROR_TEXTS, checked by a test). */
export const ERROR_MESSAGES = defineMessages({
  BE_error: { id: 'reservationError.BE_error' },
  location_out_of_range: { id: 'reservationError.location_out_of_range' },
  distance_too_large: { id: 'reservationError.distance_too_large' },
  distance_too_small: { id: 'reservationError.distance_too_small' },
  duration_too_short_for_distance: { id: 'reservationError.duration_too_short_for_distance' },
  private_job_too_close: { id: 'reservationError.private_job_too_close' },
  negative_time_on_site: { id: 'reservationError.negative_time_on_site' },
  too_many_private_jobs: { id: 'reservationError.too_many_private_jobs' },
  private_job_window_too_short: { id: 'reservationError.private_job_window_too_short' },
  delivery_window_after_reservation_end: { id: 'reservationError.delivery_window_after_reservation_end' },
  reservation_end_too_early: { id: 'reservationError.reservation_end_too_early' },
  capacity_too_large: { id: 'reservationError.capacity_too_large' },
  vehicle_already_reserved: { id: 'reservationError.vehicle_already_reserved' },
}) satisfies Record<ReservationErrorCode, MessageDescriptor>;

export const RULE_MESSAGES = defineMessages({
  vehicleRequired: { id: 'reservations.rule.vehicleRequired' },
  datesRequired: { id: 'reservations.rule.datesRequired' },
  dateOutsidePeriod: { id: 'reservations.rule.dateOutsidePeriod' },
  postcode: { id: 'reservations.rule.postcode' },
  postcodeUnknown: { id: 'reservations.rule.postcodeUnknown' },
  postcodePending: { id: 'reservations.rule.postcodePending' },
  postcodeLookupFailed: { id: 'reservations.rule.postcodeLookupFailed' },
  capacityRequired: { id: 'reservations.rule.capacityRequired' },
  ownWindowUnavailable: { id: 'reservations.rule.ownWindowUnavailable' },
  windowTooLong: { id: 'reservations.rule.windowTooLong' },
  timeRequired: { id: 'reservations.rule.timeRequired' },
  anywhereNeedsAnytimeStart: { id: 'reservations.rule.anywhereNeedsAnytimeStart' },
  anywhereNeedsFullDay: { id: 'reservations.rule.anywhereNeedsFullDay' },
  anywhereNoPrivateJob: { id: 'reservations.rule.anywhereNoPrivateJob' },
  flexibleNoPrivateJob: { id: 'reservations.rule.flexibleNoPrivateJob' },
  nationwideTooNear: { id: 'reservations.rule.nationwideTooNear' },
  localTooFar: { id: 'reservations.rule.localTooFar' },
  volumeRequired: { id: 'reservations.rule.volumeRequired' },
  volumeOverCapacity: { id: 'reservations.rule.volumeOverCapacity' },
}) satisfies Record<FormRuleCode, MessageDescriptor>;

/** The message of a rule code: the form's own, or the catalogue's. */
export const ruleMessage = (code: string): MessageDescriptor =>
  (RULE_MESSAGES as Record<string, MessageDescriptor>)[code] ??
  (ERROR_MESSAGES as Record<string, MessageDescriptor>)[code] ??
  ERROR_MESSAGES.BE_error;

/** The names of the fields, for the list of problems above the form. */
export const FIELD_MESSAGES = defineMessages({
  vehicle: { id: 'reservations.field.vehicle' },
  dates: { id: 'reservations.field.dates' },
  scope: { id: 'reservations.field.scope' },
  people: { id: 'reservations.field.people' },
  timing: { id: 'reservations.field.timing' },
  startTime: { id: 'reservations.field.startTime' },
  endTime: { id: 'reservations.field.endTime' },
  startPostcode: { id: 'reservations.field.startPostcode' },
  finish: { id: 'reservations.field.finish' },
  endPostcode: { id: 'reservations.field.endPostcode' },
  capacity: { id: 'reservations.field.capacity' },
  pickupPostcode: { id: 'reservations.field.pickupPostcode' },
  pickupFrom: { id: 'reservations.field.pickupFrom' },
  pickupTo: { id: 'reservations.field.pickupTo' },
  pickupOnSite: { id: 'reservations.field.pickupOnSite' },
  deliveryPostcode: { id: 'reservations.field.deliveryPostcode' },
  deliveryFrom: { id: 'reservations.field.deliveryFrom' },
  deliveryTo: { id: 'reservations.field.deliveryTo' },
  deliveryOnSite: { id: 'reservations.field.deliveryOnSite' },
  volume: { id: 'reservations.field.volume' },
}) satisfies Record<RequestField, MessageDescriptor>;

/** Every toast id the reservation machines use (machines/reservations/reservation-notices.ts). */
export const TOAST_MESSAGES = defineMessages({
  createFailed: { id: 'reservations.toast.createFailed' },
  cancelFailed: { id: 'reservations.toast.cancelFailed' },
  editFailed: { id: 'reservations.toast.editFailed' },
  acceptFailed: { id: 'reservations.toast.acceptFailed' },
  rejectFailed: { id: 'reservations.toast.rejectFailed' },
  created: { id: 'reservations.toast.created' },
  cancelled: { id: 'reservations.toast.cancelled' },
  cancelRequested: { id: 'reservations.toast.cancelRequested' },
  edited: { id: 'reservations.toast.edited' },
  editRequested: { id: 'reservations.toast.editRequested' },
  offerAccepted: { id: 'reservations.toast.offerAccepted' },
  offerRejected: { id: 'reservations.toast.offerRejected' },
  network: { id: 'reservations.toast.network' },
  notNow: { id: 'reservations.refusal.notNow' },
  noOffer: { id: 'reservations.refusal.noOffer' },
  offerExpired: { id: 'reservations.refusal.offerExpired' },
  notEligible: { id: 'reservations.refusal.notEligible' },
});
