import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { JourneyActionId } from '@/machines/journey-allocation/journey-allocation.types';
import type { ChargeBand, DeallocationReason, NodeAction, NotEligibleReason } from '@/schemas/journey';

/**
 * Message ids of the journey page built from values (stop types, reasons, bands, toasts), written out so that
 * `npm run i18n:check` sees every id.
 */

/** Spec §8 success toasts, by action (and the edit of an interest, spec §4). */
export const SUCCESS_TOASTS: Readonly<Record<JourneyActionId, MessageDescriptor>> = defineMessages({
  express_interest: { id: 'journey.toast.express_interest' },
  edit: { id: 'journey.toast.edit' },
  cancel_interest: { id: 'journey.toast.cancel_interest' },
  click_and_claim: { id: 'journey.toast.click_and_claim' },
  allocate_driver: { id: 'journey.toast.allocate_driver' },
  allocate_driver_real: { id: 'journey.toast.allocate_driver_real' },
  deallocate_driver: { id: 'journey.toast.deallocate_driver' },
});

/** Spec §8 danger toasts' titles, by action (the text under them is the server's). */
export const FAILURE_TOASTS: Readonly<Record<JourneyActionId, MessageDescriptor>> = defineMessages({
  express_interest: { id: 'journey.toast.express_interest.failed' },
  edit: { id: 'journey.toast.edit.failed' },
  cancel_interest: { id: 'journey.toast.cancel_interest.failed' },
  click_and_claim: { id: 'journey.toast.click_and_claim.failed' },
  allocate_driver: { id: 'journey.toast.allocate_driver.failed' },
  allocate_driver_real: { id: 'journey.toast.allocate_driver_real.failed' },
  deallocate_driver: { id: 'journey.toast.deallocate_driver.failed' },
});

/** Spec §3 stop types. */
export const STOP_TYPES: Readonly<Record<NodeAction, MessageDescriptor>> = defineMessages({
  start: { id: 'journey.stop.start' },
  end: { id: 'journey.stop.end' },
  pickup: { id: 'journey.stop.pickup' },
  delivery: { id: 'journey.stop.delivery' },
});

/** A private job's stops: spec §3 "external job". */
export const PRIVATE_STOP_TYPES: Readonly<Record<'pickup' | 'delivery', MessageDescriptor>> = defineMessages({
  pickup: { id: 'journey.stop.privatePickup' },
  delivery: { id: 'journey.stop.privateDelivery' },
});

/** Spec §9 cancellation reasons, the reasons for handing a journey back. */
export const REASONS: Readonly<Record<DeallocationReason, MessageDescriptor>> = defineMessages({
  vehicle_issues: { id: 'journey.reason.vehicle_issues' },
  driver_unable_to_work: { id: 'journey.reason.driver_unable_to_work' },
  scheduling_conflict_av: { id: 'journey.reason.scheduling_conflict_av' },
  scheduling_conflict_external: { id: 'journey.reason.scheduling_conflict_external' },
  other: { id: 'journey.reason.other' },
});

/** The deallocation charge bands (spec §9, as the server reads them). */
export const CHARGE_BANDS: Readonly<Record<ChargeBand, MessageDescriptor>> = defineMessages({
  from_48h: { id: 'journey.charge.from_48h' },
  from_24h: { id: 'journey.charge.from_24h' },
  within_24h: { id: 'journey.charge.within_24h' },
});

/**
 * Why a partner may not take journeys (spec §6). The work rule's reasons come with the server's decision, which the
 * work notice shows instead (src/app/work-notice.tsx); these words are for an answer without it.
 */
export const NOT_ELIGIBLE: Readonly<Record<NotEligibleReason, MessageDescriptor>> = defineMessages({
  not_a_partner: { id: 'journey.notEligible.not_a_partner' },
  suspended: { id: 'work.notice.closed' },
  documents: { id: 'work.notice.closed' },
  terms: { id: 'work.notice.closed' },
  not_journey_ready: { id: 'journey.notEligible.not_journey_ready' },
  no_approved_vehicle: { id: 'journey.notEligible.no_approved_vehicle' },
  vehicle_not_approved: { id: 'journey.notEligible.vehicle_not_approved' },
  vehicle_too_small: { id: 'journey.notEligible.vehicle_too_small' },
});

/** Why one vehicle may not take the journey. */
export const VEHICLE_INELIGIBLE: Readonly<Record<'vehicle_not_approved' | 'vehicle_too_small', MessageDescriptor>> =
  defineMessages({
    vehicle_not_approved: { id: 'journey.vehicle.notApproved' },
    vehicle_too_small: { id: 'journey.vehicle.tooSmall' },
  });
