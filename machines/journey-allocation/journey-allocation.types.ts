import type { FailureKind } from '@/src/api/errors';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import type {
  DeallocationReason,
  ExpressedInterest,
  JourneyActions,
  JourneyDriver,
  JourneyResponse,
  JourneyVehicle,
} from '@/schemas/journey';
import type { DriverId, ProviderDriver } from '@/schemas/driver';
import type { QuoteAmountError } from '@/machines/listing/listing.amount';
import type { Deallocation } from '@/src/api/journeys';

/**
 * The actions whose outcome is a toast; also the suffix of their message ids: the six keys of spec §8, and `edit`
 * (spec §4's edit of a pending interest, which §8 gives no key of its own).
 */
export type JourneyActionId =
  | 'express_interest'
  | 'edit'
  | 'cancel_interest'
  | 'click_and_claim'
  | 'allocate_driver'
  | 'allocate_driver_real'
  | 'deallocate_driver';

/**
 * Asks the page for a toast (spec §8): success with the action's text, or danger with the server's messages joined by
 * new lines. The machines carry the action and the server's words; the page translates.
 */
export interface JourneyNotice {
  readonly type: 'journey.notice';
  readonly tone: 'success' | 'danger';
  readonly action: JourneyActionId;
  /** The server's messages of a refusal, one a line. */
  readonly messages?: readonly string[];
  /** How the call failed: anything but `refused` is worded by the page rather than shown as the error's text. */
  readonly failure?: FailureKind;
  /** Minor units: the charge of a hand-back. */
  readonly amount?: number;
  /** How many journeys an expression of interest covered. */
  readonly count?: number;
}

/** The page's journey: the `:id` of /journey/:id, as it is in the address (the server answers 404 for junk). */
export interface JourneyAllocationInput {
  readonly id: string;
  /**
   * The decimal separator of the page's language (`.` or `,`), for the amounts an edit fills its fields with, so they
   * read as the partner would type them; `.` when not given (both are read either way).
   */
  readonly decimalSeparator?: string;
}

/** A journey as read, with the pending interest's deadline and the server's clock. */
export interface JourneyLoaded {
  readonly view: JourneyResponse;
  /** The caller's pending interest (with `cancellable_until`), read only when the journey says there is one. */
  readonly interest: ExpressedInterest | null;
  /** The server's clock when it answered, ms since the epoch. */
  readonly serverNow: number;
  /** Server clock minus this device's clock, ms: what the ticking clock adds to Date.now(). */
  readonly clockOffsetMs: number;
}

export interface JourneyAllocationContext extends JourneyAllocationInput {
  /** The journey as last read (or as the last driver change answered); null until the first read answers. */
  readonly view: JourneyResponse | null;
  readonly interest: ExpressedInterest | null;
  /** Now on the server's clock, ms: set by each read, moved on by the ticking clock (countdowns, tracking). */
  readonly serverNow: number;
  readonly clockOffsetMs: number;
  /** Why the last read failed; null otherwise. */
  readonly loadError: unknown;
  /** What handing the journey back cost, once the partner has (shown until the page is left). */
  readonly handedBack: Deallocation | null;
}

export type JourneyAllocationEvent =
  /** The partner asked to read the journey again after 'Error fetching journey'. */
  | { type: 'journey.retried' }
  /** The ticking clock: now on the server's clock, ms. */
  | { type: 'clock.ticked'; now: number }
  /** Cancel interest was pressed. */
  | { type: 'interest.cancelled' }
  /** Edit interest was pressed: the form opens with the interest's values (spec §4 edit). */
  | { type: 'interest.editStarted' }
  /** The partner closed the form without sending: the interest stays as it is. */
  | { type: 'interest.editDiscarded' }
  /** A driver change answered with the journey as it is now (sent by the driver panel). */
  | { type: 'journey.changed'; view: JourneyResponse }
  /** A toast asked for by a panel (express interest, claim, driver actions). */
  | JourneyNotice;

/**
 * How an offer ended: accepted (claimed, interest expressed or changed), lost to another partner meanwhile, or
 * refused because the journey or the interest changed meanwhile (no longer open, no interest left to change, past
 * the deadline): the page reads the journey again.
 */
export interface OfferOutput {
  readonly outcome: 'accepted' | 'taken' | 'changed';
}

/** The offer panel of an open journey: express interest, or click and claim (spec §4); or the edit of an interest. */
export interface JourneyOfferInput {
  readonly journeyId: string;
  readonly method: 'EXPRESS_INTEREST' | 'CLICK_AND_CLAIM';
  /** The journey's pay for its return leg (minor units), or null when it has none. */
  readonly returnQuote: number | null;
  /**
   * The pending interest being changed (spec §4 edit; method EXPRESS_INTEREST): its vehicle, quotes and people fill
   * the form, and sending changes it. Null for a new offer.
   */
  readonly editing: ExpressedInterest | null;
  /** How the filled-in amounts write their decimals (JourneyAllocationInput.decimalSeparator). */
  readonly decimalSeparator?: string;
}

/** What the offer panel says is missing or wrong, beside each field. */
export interface OfferErrors {
  readonly vehicle?: 'required';
  /** 'Please select a driver' (spec §5). */
  readonly driver?: 'required';
  readonly quote?: QuoteAmountError;
  readonly returnQuote?: QuoteAmountError;
}

export interface JourneyOfferContext extends JourneyOfferInput {
  /** The partner's vehicles measured against this journey; empty until read. */
  readonly vehicles: readonly JourneyVehicle[];
  /** The partner's active drivers (click and claim only); empty until read. */
  readonly drivers: readonly ProviderDriver[];
  readonly vehicleId: ProviderVehicleId | null;
  readonly driverId: DriverId | null;
  /** The partner's own price for the journey, as typed; empty sends none (the journey's own pay stands). */
  readonly quoteText: string;
  readonly returnQuoteText: string;
  /** Spec §3 `selected_number_of_men_option`. */
  readonly people: 1 | 2;
  /** Claim the return leg too (click and claim of a journey that has one). */
  readonly withReturn: boolean;
  readonly errors: OfferErrors;
  /**
   * The Idempotency-Key of the attempt under way, or sent without an answer: kept so that sending the same offer again
   * claims once, dropped when a choice changes or the attempt settles.
   */
  readonly key: string | null;
  /** The last attempt got no answer: the panel says so, and sending again reuses the key. */
  readonly unanswered: boolean;
}

export type JourneyOfferEvent =
  | { type: 'offer.retried' }
  | { type: 'vehicle.chosen'; id: ProviderVehicleId }
  | { type: 'driver.chosen'; id: DriverId }
  | { type: 'quote.changed'; text: string }
  | { type: 'returnQuote.changed'; text: string }
  | { type: 'people.chosen'; people: 1 | 2 }
  | { type: 'return.toggled'; withReturn: boolean }
  | { type: 'offer.submitted' };

/** What the vehicles and drivers read returns. */
export interface OfferFleet {
  readonly vehicles: readonly JourneyVehicle[];
  readonly drivers: readonly ProviderDriver[];
}

/** Input of `submitOffer`: the offer as it will be sent. */
export interface SubmitOfferInput {
  readonly journeyId: string;
  readonly method: JourneyOfferInput['method'];
  readonly vehicleId: ProviderVehicleId;
  readonly driverId: DriverId | null;
  /** Minor units, or undefined for the journey's own. */
  readonly quote: number | undefined;
  readonly returnQuote: number | undefined;
  readonly people: 1 | 2;
  readonly withReturn: boolean;
  /** Changes the pending interest only (the server refuses it when there is none left). */
  readonly edit: boolean;
  readonly key: string;
}

/** The driver panel of a journey the partner holds. */
export interface JourneyDriverInput {
  readonly journeyId: string;
  readonly view: JourneyResponse;
}

export interface JourneyDriverContext {
  readonly journeyId: string;
  /** The driver on the journey as last answered. */
  readonly driver: JourneyDriver | null;
  /** What the partner may do now, as last answered. */
  readonly actions: JourneyActions;
  /** The partner's active drivers; empty until read. */
  readonly drivers: readonly ProviderDriver[];
  /** The driver chosen in the list (the one on the journey to begin with). */
  readonly chosenDriverId: DriverId | null;
  /** 'Please select a driver' (spec §5). */
  readonly driverMissing: boolean;
  readonly reason: DeallocationReason | null;
  readonly note: string;
  /** 'Deallocation reason is required' (spec §5). */
  readonly reasonMissing: boolean;
  /** What handing back cost, once the server answered. */
  readonly handedBack: Deallocation | null;
}

export type JourneyDriverEvent =
  | { type: 'drivers.retried' }
  | { type: 'driver.chosen'; id: DriverId }
  /** Assign the chosen driver (allocate-driver). */
  | { type: 'driver.allocated' }
  /** Confirm the driver who will actually drive (allocate-driver-real). */
  | { type: 'driver.confirmed' }
  /** Hand back: opens the dialogue with the reason and the charge. */
  | { type: 'deallocation.started' }
  | { type: 'reason.chosen'; reason: DeallocationReason }
  | { type: 'note.changed'; text: string }
  | { type: 'deallocation.confirmed' }
  | { type: 'deallocation.cancelled' };
