import type { CalendarDriver, CalendarEntryKind, CalendarStop, CalendarVehicle } from '@/schemas/work-calendar';
import type { TimedEntry } from '@/server/calendar/calendar-entries';
import { writeIcs, type IcsEvent } from '@/server/calendar/ics-writer';
import { PORTAL_BASE } from '@/server/http/static';

/**
 * The work calendar as an iCalendar file (beyond the spec, so a partner sees the work in a phone calendar): one
 * VEVENT per calendar entry. The UID is the entry's id at the server's host (`listing-12@partners.example.com`),
 * the same in every download and every poll of the subscription, so a phone updates an event rather than adding it
 * twice. SUMMARY is the kind and title, LOCATION the first stop's town, DESCRIPTION the stops, status, vehicle and
 * driver, CATEGORIES the kind (listing, journey, private, reservation), URL the entry's page in the portal.
 * English only: a subscription has no locale (the portal's own views are translated).
 */

const KIND_LABEL: Readonly<Record<CalendarEntryKind, string>> = {
  listing: 'Marketplace job',
  journey: 'Journey',
  private: 'Private job',
  reservation: 'Reservation',
};

const STOP_LABEL: Readonly<Record<CalendarStop['type'], string>> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  start: 'Start',
  end: 'End',
  external_job: 'Private job stop',
};

/** Reservation statuses still awaiting a decision: TENTATIVE in the file. */
const UNDECIDED = new Set(['pending', 'return_offer', 'pending_cancellation', 'pending_modification']);

/** The entry's page in the portal (spec §2 routes: the work calendar's children, the journey page, reservations). */
export const portalPath = (entry: Pick<TimedEntry, 'kind' | 'ref'>): string => {
  const ref = encodeURIComponent(entry.ref);
  switch (entry.kind) {
    case 'listing':
      return `${PORTAL_BASE}work-calendar/listing/${ref}`;
    case 'private':
      return `${PORTAL_BASE}work-calendar/external/${ref}`;
    case 'journey':
      return `${PORTAL_BASE}journey/${ref}`;
    case 'reservation':
      return `${PORTAL_BASE}reservations`;
  }
};

export interface IcsContext {
  /** The origin links point at (`https://partners.example.com`); its host makes the UIDs. */
  readonly origin: string;
  readonly vehicles: readonly CalendarVehicle[];
  readonly drivers: readonly CalendarDriver[];
  /** DTSTAMP: when the file is made. */
  readonly now: Date;
}

/** One entry as an event. */
export const entryEvent = (entry: TimedEntry, context: IcsContext): IcsEvent => {
  const host = new URL(context.origin).host;
  const vehicle = context.vehicles.find((v) => v.id === entry.vehicle_id);
  const driver = context.drivers.find((d) => d.user_id === entry.driver_user_id);
  const description = [
    ...entry.stops.map((stop) => `${STOP_LABEL[stop.type]}: ${stop.town}`),
    `Status: ${entry.status}`,
    ...(vehicle ? [`Vehicle: ${vehicle.registration}`] : []),
    ...(driver ? [`Driver: ${driver.full_name}`] : []),
  ].join('\n');
  return {
    uid: `${entry.id}@${host}`,
    start: entry.startAt,
    end: entry.endAt,
    summary: `${KIND_LABEL[entry.kind]}: ${entry.title}`,
    ...(entry.stops[0] ? { location: entry.stops[0].town } : {}),
    description,
    categories: [entry.kind],
    url: `${context.origin}${portalPath(entry)}`,
    status: entry.kind === 'reservation' && UNDECIDED.has(entry.status) ? 'TENTATIVE' : 'CONFIRMED',
  };
};

/** The whole file for a partner's entries. */
export const calendarIcs = (entries: readonly TimedEntry[], context: IcsContext): string =>
  writeIcs({
    productId: '-//Partner portal//Work calendar//EN',
    name: 'Work calendar',
    stamp: context.now,
    events: entries.map((entry) => entryEvent(entry, context)),
  });
