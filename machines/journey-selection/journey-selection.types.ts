import type { ProviderVehicleId } from '@/schemas/vehicle';
import type { JourneyId, JourneyVehicle } from '@/schemas/journey';

export interface JourneySelectionContext {
  /** The journeys ticked on find work's journey tab, in the order ticked; at most 6 (spec §5, §9). */
  readonly selected: readonly JourneyId[];
  /** The last tick asked for a 7th journey and was refused: the page says why until the selection changes. */
  readonly refused: JourneyId | null;
  /** The partner's vehicles that may carry every selected journey (read when the dialogue opens). */
  readonly vehicles: readonly JourneyVehicle[];
  readonly vehicleId: ProviderVehicleId | null;
  /** Express interest was pressed without a vehicle. */
  readonly vehicleMissing: boolean;
  /**
   * The Idempotency-Key of the request under way, or sent without an answer: sending the same request again reuses
   * it (the interest is expressed once); choosing another vehicle or closing the dialogue drops it.
   */
  readonly key: string | null;
  /** The last request got no answer: the dialogue says so, and sending again reuses the key. */
  readonly unanswered: boolean;
}

export type JourneySelectionEvent =
  /** A journey's checkbox on find work. */
  | { type: 'journey.toggled'; id: JourneyId }
  | { type: 'selection.cleared' }
  /** Express interest in the selected journeys: the dialogue opens to choose the vehicle. */
  | { type: 'interest.started' }
  | { type: 'vehicles.retried' }
  | { type: 'vehicle.chosen'; id: ProviderVehicleId }
  | { type: 'interest.confirmed' }
  | { type: 'interest.cancelled' };

/** Emitted for the page's toasts (spec §8): the count on success, the server's messages on a refusal. */
export type JourneySelectionNotice =
  | { readonly type: 'selection.expressed'; readonly count: number }
  | { readonly type: 'selection.refused'; readonly messages: readonly string[] };

/** Input of `expressInterest`. */
export interface SelectionRequest {
  readonly journeyIds: readonly JourneyId[];
  readonly vehicleId: ProviderVehicleId;
  readonly key: string;
}
