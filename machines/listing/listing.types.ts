import type { ListingDetail } from '@/schemas/listing';
import type { ListingEvent as TakenListing } from '@/schemas/listing-event';
import type { QuoteAmountError } from './listing.amount';

/** The page's listing: the `:id` of /find-work/listing/:id, as it is in the address (the server answers 404 for junk). */
export interface ListingInput {
  readonly id: string;
}

/** What is wrong with the typed quote, shown beside the field. */
export type QuoteFieldError =
  /** The portal's own check of the typed text (`listing.quote.error.<reason>`). */
  | { readonly kind: 'amount'; readonly reason: QuoteAmountError }
  /** The server's 422 messages for the amount, shown as they are. */
  | { readonly kind: 'server'; readonly messages: readonly string[] };

/** Why the listing can no longer be booked or quoted for: another partner has it, or it closed. */
export type UnavailableReason = 'taken' | 'closed';

/** A quote sent whose answer never came (a dropped connection): sending the same amount again reuses its key. */
export interface QuoteAttempt {
  /** Minor units. */
  readonly amount: number;
  readonly key: string;
}

export interface ListingContext extends ListingInput {
  /** The listing as last read (GET, or the answer of a book or quote); null until the first read answers. */
  readonly detail: ListingDetail | null;
  /** Why the last read failed; null otherwise. */
  readonly loadError: unknown;
  /**
   * The Idempotency-Key of the booking being confirmed: made when the dialogue opens, kept while its booking's
   * answer is unknown (a retry books once), dropped when the dialogue is cancelled or the booking settles.
   */
  readonly bookingKey: string | null;
  /** The last booking attempt got no answer (network, server error): the dialogue says so and offers to try again. */
  readonly bookingFailed: boolean;
  /** The quote field's text, as typed; kept after a refused quote. */
  readonly quoteText: string;
  readonly quoteError: QuoteFieldError | null;
  /** The quote under way, or sent without an answer; null once it settles. */
  readonly quoteAttempt: QuoteAttempt | null;
  /** Set in `unavailable`: why the actions are gone. */
  readonly unavailable: UnavailableReason | null;
}

export type ListingMachineEvent =
  /** The partner asked to read the listing again after a failure. */
  | { type: 'listing.retried' }
  /** Book now was pressed: the confirmation dialogue opens. */
  | { type: 'booking.started' }
  /** The partner confirmed the booking (or tries it again after a failure). */
  | { type: 'booking.confirmed' }
  /** The partner closed the dialogue without booking. */
  | { type: 'booking.cancelled' }
  /** The partner typed in the quote field. */
  | { type: 'quote.changed'; text: string }
  /** The partner sent the quote. */
  | { type: 'quote.submitted' }
  /** GET /v1/jobs/events: a listing was taken somewhere (this one or another). */
  | ({ type: 'listing.taken' } & TakenListing)
  /** The events stream was down for a while and is back: events may have been missed. */
  | { type: 'listing.reconnected' };

/** Message ids of the toasts the machine asks for (the view translates them). */
export type ListingNoticeId =
  | 'listing.toast.booked'
  | 'listing.toast.quoted'
  | 'listing.toast.bookRefused'
  | 'listing.toast.quoteRefused'
  | 'listing.toast.quoteUnanswered';

/** Emitted for the page to show as a toast (spec §4: each action gives a success toast, or a danger toast). */
export interface ListingNotice {
  readonly type: 'listing.notice';
  readonly tone: 'success' | 'danger';
  readonly title: ListingNoticeId;
  /** Minor units, for the `{amount}` of the title. */
  readonly amount?: number;
  /** The server's own message (a refusal), shown under the title. */
  readonly serverMessage?: string;
}

/** Input of `loadListing`. */
export interface LoadInput {
  readonly id: string;
}
/** Input of `bookListing`. */
export interface BookInput {
  readonly id: string;
  readonly key: string;
}
/** Input of `quoteListing`. */
export interface QuoteInput {
  readonly id: string;
  readonly amount: number;
  readonly key: string;
}
