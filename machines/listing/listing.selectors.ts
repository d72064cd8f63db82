import type { SnapshotFrom } from 'xstate';
import type { ListingDetail } from '@/schemas/listing';
import type { listingMachine } from './listing.machine';
import type { QuoteFieldError, UnavailableReason } from './listing.types';

type ListingSnapshot = SnapshotFrom<typeof listingMachine>;

/** The listing as last read, or null before the first read. */
export const detailOf = (s: ListingSnapshot): ListingDetail | null => s.context.detail;

/** The first read is under way. */
export const isLoading = (s: ListingSnapshot): boolean => s.hasTag('loading');

/** The first read failed (not a 404): a retry is offered. */
export const hasLoadFailed = (s: ListingSnapshot): boolean => s.hasTag('error');

/** 'Listing not found'. */
export const isNotFound = (s: ListingSnapshot): boolean => s.matches('notFound');

/** This partner has the job. */
export const isBooked = (s: ListingSnapshot): boolean => s.matches('booked');

/** Why the listing can no longer be booked or quoted for, or null while it can (or never could). */
export const unavailableReason = (s: ListingSnapshot): UnavailableReason | null =>
  s.matches('unavailable') ? s.context.unavailable : null;

/** A call is under way (booking, quoting, checking the listing again): the actions wait. */
export const isBusy = (s: ListingSnapshot): boolean => s.hasTag('busy');

/** Book now is offered (an open click-and-claim instant job, a partner who may book). */
export const canBookNow = (s: ListingSnapshot): boolean =>
  s.matches('showing') && s.context.detail?.actions.book === true;

/** The quote field is offered (an open auction, a partner who may quote). */
export const canQuote = (s: ListingSnapshot): boolean =>
  s.matches('showing') && s.context.detail?.actions.quote === true;

/** The confirmation dialogue is open (also while the booking it confirmed is under way). */
export const isConfirmOpen = (s: ListingSnapshot): boolean =>
  s.matches({ showing: 'confirming' }) || s.matches({ showing: 'booking' });

export const isBooking = (s: ListingSnapshot): boolean => s.matches({ showing: 'booking' });

/** The last booking attempt got no answer: the dialogue says so, and confirming tries again with the same key. */
export const hasBookingFailed = (s: ListingSnapshot): boolean => s.context.bookingFailed;

export const isQuoting = (s: ListingSnapshot): boolean => s.matches({ showing: 'quoting' });

export const quoteTextOf = (s: ListingSnapshot): string => s.context.quoteText;

export const quoteErrorOf = (s: ListingSnapshot): QuoteFieldError | null => s.context.quoteError;
