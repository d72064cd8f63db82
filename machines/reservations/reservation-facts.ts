import { MAX_RESERVATION_CAPACITY_M3, type Reservation, type ReservationStatus } from '@/schemas/reservation';

/**
 * What the reservation lists show and allow, read from a reservation (spec §4, §5), pure. `today` is the London date
 * (yyyy-MM-dd) on the server's clock where the page knows it.
 */

/** Spec §4: priced and actionable only while the date is not past, the status is pending, accepted or return_offer, and both prices exist. */
export const isActionable = (r: Reservation, today: string): boolean =>
  r.date >= today &&
  (r.status === 'pending' || r.status === 'accepted' || r.status === 'return_offer') &&
  r.min_price !== null &&
  r.max_price !== null;

/** Spec §5: the capacity shown is capped at 40 and floored. */
export const shownCapacity = (value: number): number => Math.floor(Math.min(value, MAX_RESERVATION_CAPACITY_M3));

/** The badge colours of spec §4. */
export type BadgeTone = 'orange' | 'red' | 'darkRed' | 'green' | 'darkBlue';
export const badgeTone = (status: ReservationStatus): BadgeTone => {
  switch (status) {
    case 'pending':
    case 'return_offer':
    case 'pending_cancellation':
    case 'pending_modification':
      return 'orange';
    case 'unsuccessful':
      return 'darkRed';
    case 'accepted':
    case 'journey_associated':
      return 'green';
    case 'completed':
    case 'no_match':
      return 'darkBlue';
    // rejections, withdrawals, cancellations, timed_out, superseded (and unknown, which has no colour of its own)
    default:
      return 'red';
  }
};

/** Spec §4 view windows: this week and next week by week (Monday to Sunday, London), later ones under 'future'. */
export type WeekGroup = 'thisWeek' | 'nextWeek' | 'future';
export function weekGroupOf(date: string, today: string): WeekGroup {
  const day = Temporal.PlainDate.from(today);
  const monday = day.subtract({ days: day.dayOfWeek - 1 });
  if (date <= monday.add({ days: 6 }).toString()) return 'thisWeek';
  return date <= monday.add({ days: 13 }).toString() ? 'nextWeek' : 'future';
}

/** The current list in its week groups, in order, leaving out empty groups. */
export function groupByWeek(
  list: readonly Reservation[],
  today: string,
): { group: WeekGroup; reservations: Reservation[] }[] {
  const groups: WeekGroup[] = ['thisWeek', 'nextWeek', 'future'];
  return groups
    .map((group) => ({ group, reservations: list.filter((r) => weekGroupOf(r.date, today) === group) }))
    .filter((g) => g.reservations.length > 0);
}

/** Statuses an accepted offer supersedes (server/reservations/decision-job.ts supersedeOthers). */
const LIVE: readonly ReservationStatus[] = ['pending', 'return_offer', 'accepted', 'pending_modification'];

/** Spec §4: accepting an offer replaces the vehicle's other live reservations of that date. */
export const replacedByAccepting = (offer: Reservation, list: readonly Reservation[]): Reservation[] =>
  list.filter(
    (r) => r.id !== offer.id && r.vehicle.id === offer.vehicle.id && r.date === offer.date && LIVE.includes(r.status),
  );

/** The London date of an instant (ms). */
export const londonDateOf = (ms: number): string =>
  Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO('Europe/London').toPlainDate().toString();
