import type { UserId } from '@/schemas/user';
import type { WorkEligibility } from '@/schemas/work-eligibility';
import type { ProviderVehicle } from '@/schemas/vehicle';
import type {
  Reservation,
  ReservationDraft,
  ReservationErrorCode,
  ReservationInfo,
  ReservationInput,
} from '@/schemas/reservation';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import type { ReservationNotices } from '@/machines/reservations/reservation-notices';

/** Local, or nationwide: the end more than 100 miles away, with a £50–60 top-up and a guaranteed return next day. */
export type Scope = 'local' | 'nationwide';
/** One person, two people, or flexible (spec §3). Strings, as the radio group holds them. */
export type PeopleChoice = '1' | '2' | 'flexible';
/** A full day (up to 10 hours) or an own time window (custom, needs custom_reservation). */
export type Timing = 'full_day' | 'own_window';
/** Where the reservation finishes: where it started, anywhere, or at another postcode. */
export type Finish = 'start' | 'anywhere' | 'elsewhere';

/** `anytime`, or a time of the day's choices ('HH:mm', every 30 minutes from 04:00 through 03:30). */
export type TimeChoice = string;

/** The private (external) job of a reservation as typed: every field is required (spec §5). */
export interface PrivateJobForm {
  /** Made when the job is added; the server stores the job under it. */
  readonly uuid: string;
  readonly pickupPostcode: string;
  /** '' until chosen. */
  readonly pickupFrom: TimeChoice;
  readonly pickupTo: TimeChoice;
  /** Seconds on site (TIME_ON_SITE_OPTIONS_S), null until chosen. */
  readonly pickupOnSite: number | null;
  readonly deliveryPostcode: string;
  readonly deliveryFrom: TimeChoice;
  readonly deliveryTo: TimeChoice;
  readonly deliveryOnSite: number | null;
  /** m³, as typed. */
  readonly volume: string;
}

/** Step 1 of the create flow, as the partner fills it in; the same request is made for every chosen day. */
export interface RequestForm {
  readonly vehicleId: ProviderVehicleId | null;
  /** yyyy-MM-dd, sorted, inside the reservation period. */
  readonly dates: readonly string[];
  readonly scope: Scope;
  readonly people: PeopleChoice;
  readonly timing: Timing;
  /** `anytime` or a time; with an own window a time. */
  readonly startTime: TimeChoice;
  /** The own window's end ('' until chosen); a full day ends 10 hours after its start. */
  readonly endTime: TimeChoice;
  readonly startPostcode: string;
  readonly finish: Finish;
  /** Used when `finish` is elsewhere. */
  readonly endPostcode: string;
  /** m³, as typed. */
  readonly capacity: string;
  readonly privateJob: PrivateJobForm | null;
}

/** The fields of the request that can carry a message, as the view names its inputs. */
export type RequestField =
  | 'vehicle'
  | 'dates'
  | 'scope'
  | 'people'
  | 'timing'
  | 'startTime'
  | 'endTime'
  | 'startPostcode'
  | 'finish'
  | 'endPostcode'
  | 'capacity'
  | 'pickupPostcode'
  | 'pickupFrom'
  | 'pickupTo'
  | 'pickupOnSite'
  | 'deliveryPostcode'
  | 'deliveryFrom'
  | 'deliveryTo'
  | 'deliveryOnSite'
  | 'volume';

/** Rules of the form with no code in the server's catalogue; the view shows `reservations.rule.<code>`. */
export type FormRuleCode =
  | 'vehicleRequired'
  | 'datesRequired'
  | 'dateOutsidePeriod'
  | 'postcode'
  | 'postcodeUnknown'
  | 'postcodePending'
  | 'postcodeLookupFailed'
  | 'capacityRequired'
  | 'ownWindowUnavailable'
  | 'windowTooLong'
  | 'timeRequired'
  | 'anywhereNeedsAnytimeStart'
  | 'anywhereNeedsFullDay'
  | 'anywhereNoPrivateJob'
  | 'flexibleNoPrivateJob'
  | 'nationwideTooNear'
  | 'localTooFar'
  | 'volumeRequired'
  | 'volumeOverCapacity';

/** A rule code: the form's own, or one of the server's reservation-errors catalogue (spec §8), with shared wording. */
export type RuleCode = FormRuleCode | ReservationErrorCode;

/** One broken rule, shown beside its field. */
export interface RuleIssue {
  readonly field: RequestField;
  readonly code: RuleCode;
}

/** A place a postcode was found at (GET v1/places, the offline look-up: a district is placed at its post town). */
export interface ResolvedPlace {
  readonly lat: number;
  readonly lng: number;
  readonly town: string;
  /** The full postcode as typed, upper case. */
  readonly postcode: string;
}

/** What each postcode typed resolved to: a place, no place known, or a look-up that failed. Keyed by postcode. */
export type PlaceBook = Readonly<Record<string, ResolvedPlace | 'unknown' | 'failed'>>;

/** A broken rule the server found for one day (spec §8 code 101), shown on that day at step 2. */
export interface DayError {
  readonly date: string;
  readonly code: string;
  readonly field: string;
}

/** The answer of step 2: a priced draft for each valid day, and the broken rules of the others. */
export interface ReviewResult {
  readonly drafts: readonly ReservationDraft[];
  readonly dayErrors: readonly DayError[];
}

export interface WizardInput {
  readonly userId: UserId;
  /** The request saved before a reload (sessionStorage), as read: decoded and checked by the machine. */
  readonly saved: unknown;
}

export interface WizardSetup {
  readonly info: ReservationInfo;
  readonly vehicles: readonly ProviderVehicle[];
}

export interface WizardContext {
  readonly userId: UserId;
  /** The saved request until the set-up has loaded and it is restored (or found unusable). */
  readonly saved: unknown;
  /** Reservation info (period, own windows, eligibility); null until loaded. */
  readonly info: ReservationInfo | null;
  /** The partner's approved vehicles of a reservable type. */
  readonly vehicles: readonly ProviderVehicle[];
  readonly request: RequestForm;
  /** A saved request was restored after a reload (the page says so). */
  readonly restored: boolean;
  /** Fields the partner has changed: their messages show as they type. */
  readonly touched: readonly RequestField[];
  /** Next was pressed with broken rules: every message shows. */
  readonly revealAll: boolean;
  readonly places: PlaceBook;
  /** Step 2: the validated drafts still listed, and the days the server refused. */
  readonly drafts: readonly ReservationDraft[];
  readonly dayErrors: readonly DayError[];
  /** Idempotency-Key of the create being sent; kept while its answer is unknown, so sending again creates once. */
  readonly submitKey: string | null;
  /** The last create got no answer: the review says so, and submitting again reuses the key. */
  readonly submitFailed: boolean;
  /** Step 3: the reservations made. */
  readonly created: readonly Reservation[];
  readonly loadError: unknown;
  /**
   * Why the partner may not take work (the server's decision, schemas/work-eligibility.ts), in `workBlocked`: from
   * reservation-info, or from a validate or create the server refused for it. Null otherwise.
   */
  readonly work: WorkEligibility | null;
}

/** A change of the request's plain fields. */
export type RequestPatch = Partial<Omit<RequestForm, 'dates' | 'privateJob'>>;
export type PrivateJobPatch = Partial<Omit<PrivateJobForm, 'uuid'>>;

export type WizardEvent =
  /** The set-up failed to load: try again. */
  | { type: 'wizard.retried' }
  /** The partner changed fields of the request. */
  | { type: 'request.changed'; patch: RequestPatch }
  /** A day was ticked or unticked. */
  | { type: 'date.toggled'; date: string }
  | { type: 'privateJob.added' }
  | { type: 'privateJob.removed' }
  | { type: 'privateJob.changed'; patch: PrivateJobPatch }
  /** The look-up answered for a postcode (`place` null: no such place known). */
  | { type: 'postcode.resolved'; postcode: string; place: ResolvedPlace | null }
  | { type: 'postcode.failed'; postcode: string }
  /** Step 1 → 2. */
  | { type: 'wizard.next' }
  /** Step 2 → 1, keeping what was entered. */
  | { type: 'wizard.back' }
  /** A day taken off at step 2. */
  | { type: 'day.removed'; date: string }
  /** Step 2 → 3: create the drafts. */
  | { type: 'wizard.submitted' }
  /** After step 3: a new request. */
  | { type: 'wizard.restarted' };

/** Input of `lookUpPostcodes`: the postcodes wanted now (it is told of later ones with `postcodes.wanted`). */
export interface LookUpInput {
  readonly postcodes: readonly string[];
}
export type LookUpEvent = { type: 'postcodes.wanted'; postcodes: readonly string[] };

/** Input of `validateDrafts`. */
export interface ValidateInput {
  readonly userId: UserId;
  readonly vehicleId: ProviderVehicleId;
  readonly reservations: readonly ReservationInput[];
}

/** Input of `acceptDrafts`. */
export interface AcceptInput {
  readonly ids: readonly ReservationDraft['id'][];
  readonly key: string;
}

/** Emitted for the page's toasts. */
export type WizardEmitted = ReservationNotices;
