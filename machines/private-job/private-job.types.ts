import type { FailureKind } from '@/src/api/errors';

/**
 * A private (external) job of the partner's own (spec §3 External (private) job and its payload; §5 "External job
 * valid only if pickup and delivery start and end times, locations and on-site times are all set", private job
 * windows at least 2 hours; §9 time on site options and time choices), made in three steps: the stops, the capacity,
 * a review. A private job on its own has no reservation around it, so the spec's 'anytime' (which falls back to the
 * reservation's own times) has nothing to fall back to: both windows are always chosen here.
 */
export type PrivateJobStep = 'stops' | 'capacity' | 'review';
export type StopName = 'pickup' | 'delivery';

/** One stop as typed: a full postcode, a London date, a window of two time choices, and a time on site. */
export interface StopForm {
  readonly postcode: string;
  /** yyyy-MM-dd; '' until chosen. */
  readonly date: string;
  /** Time choices (spec §9), '' until chosen; a time before 04:00 is the next morning of `date`. */
  readonly from: string;
  readonly to: string;
  /** Seconds (TIME_ON_SITE_OPTIONS_S), null until chosen. */
  readonly onSiteS: number | null;
}
export type StopField = keyof StopForm;

export interface PrivateJobForm {
  /** Made when the creation starts (or the job's own, when editing): the server stores the job under it. */
  readonly uuid: string;
  readonly pickup: StopForm;
  readonly delivery: StopForm;
  /** m³, as typed. */
  readonly volume: string;
  readonly vehicleId: number | null;
  /** The driver's id (ProviderDriver.id), not their user id. */
  readonly driverId: number | null;
  /** A short name for the calendar; '' for none (the calendar then shows `Pickup town → Delivery town`). */
  readonly title: string;
}

/** A place the look-up found for a postcode. */
export interface StopPlace {
  readonly lat: number;
  readonly lng: number;
  readonly town: string;
  readonly postcode: string;
}

/** Rules the form can break (messages `privateJob.error.<rule>`), by the field that shows them. */
export type PrivateJobRule =
  | 'required'
  | 'postcodeInvalid'
  | 'postcodeUnknown'
  | 'windowEndsBeforeStart'
  | 'windowTooShort'
  | 'deliveryBeforePickup'
  | 'volumeInvalid'
  | 'volumeTooLarge'
  | 'titleTooLong';
export type PrivateJobFieldId = `${StopName}.${StopField}` | 'volume' | 'title';
export type PrivateJobErrors = Partial<Record<PrivateJobFieldId, PrivateJobRule>>;

/** The partner's vehicles and drivers to choose from, and the defaults of the private-work preferences. */
export interface PrivateJobSetup {
  readonly vehicles: readonly { readonly id: number; readonly label: string }[];
  readonly drivers: readonly { readonly id: number; readonly name: string }[];
  readonly defaults: { readonly volumeM3: number; readonly pickupOnSiteS: number; readonly deliveryOnSiteS: number };
}

/** Why a read or a save failed: its kind, and for a refusal the server's words (spec §8 shows them as they come). */
export interface PrivateJobFailure {
  readonly kind: FailureKind;
  /** The server's message for a refusal, null otherwise. */
  readonly message: string | null;
  /** The server's messages by field of a 422 (`nodes.0.place`, `volumeInM3`), as it named them. */
  readonly fields: Readonly<Record<string, readonly string[]>>;
}

export interface PrivateJobInput {
  /** A new job's uuid (the page makes one), or the job to change. */
  readonly uuid: string;
  /** The job being changed, as a form; a new job starts empty (with the preference defaults once read). */
  readonly editing?: PrivateJobForm;
  /** A new job's first day, e.g. the calendar day it was started from. */
  readonly date?: string;
}

export interface PrivateJobContext<Job = unknown> {
  readonly form: PrivateJobForm;
  readonly editing: boolean;
  readonly setup: PrivateJobSetup | null;
  /** The places of the two postcodes, once looked up on leaving the first step. */
  readonly places: { readonly pickup: StopPlace | null; readonly delivery: StopPlace | null };
  /** Postcodes the look-up found nowhere. */
  readonly unknownPostcodes: readonly string[];
  /** The steps whose errors show: the partner tried to leave them. */
  readonly revealed: readonly PrivateJobStep[];
  readonly failure: PrivateJobFailure | null;
  readonly saved: Job | null;
}

export type PrivateJobEvent =
  | {
      readonly type: 'privateJob.stop.changed';
      readonly stop: StopName;
      readonly field: StopField;
      readonly value: string | number | null;
    }
  | { readonly type: 'privateJob.volume.changed'; readonly volume: string }
  | { readonly type: 'privateJob.title.changed'; readonly title: string }
  | { readonly type: 'privateJob.vehicle.chosen'; readonly vehicleId: number | null }
  | { readonly type: 'privateJob.driver.chosen'; readonly driverId: number | null }
  | { readonly type: 'privateJob.next' }
  | { readonly type: 'privateJob.back' }
  | { readonly type: 'privateJob.step.chosen'; readonly step: PrivateJobStep }
  | { readonly type: 'privateJob.submitted' }
  | { readonly type: 'privateJob.retried' }
  | { readonly type: 'privateJob.cancelled' };

/** What the look-up of the two postcodes answers. */
export interface LookUpOutput {
  readonly pickup: StopPlace | null;
  readonly delivery: StopPlace | null;
}
