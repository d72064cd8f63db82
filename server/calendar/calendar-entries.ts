import type { ExternalJob } from '@/schemas/reservation';
import {
  driverColour,
  vehicleColour,
  type CalendarDriver,
  type CalendarEntry,
  type CalendarStop,
  type CalendarVehicle,
  type WorkCalendar,
} from '@/schemas/work-calendar';
import type { Db } from '@/server/db/db';
import { sqlList } from '@/server/db/sql-list';
import { METRES_PER_MILE } from '@/server/geo/distance';
import { meetsRange, type InstantRange } from '@/server/calendar/calendar-range';
import { FULL_DAY_HOURS } from '@/schemas/reservation';
import { anytimeDay, serviceDay } from '@/server/reservations/reservation-plan';
import { driveMinutes } from '@/server/reservations/road-distance';
import { addDays, londonDate } from '@/server/time/london';

/**
 * The work calendar's entries (schemas/work-calendar.ts CalendarEntry) from the four places a partner's work lives:
 *
 * - **listing**: marketplace jobs the partner won (`jobs.provider_id`), in a won status of spec §4 (allocated,
 *   in_realisation, realised, completed, finalised) and not archived (`archived_at`, migration 0007); from the
 *   pickup window's start to its end. The vehicle is the one booked with (`provider_vehicle_id`), the driver the one
 *   assigned (`driver_id`, 0007).
 * - **journey**: journeys held by the partner (`journeys.provider_id`, allocated or completed), from the first pickup
 *   to the last planned stop (`journey_nodes.scheduled_at`, dropped stops left out); a journey without stops ends
 *   after the drive over its distance. Vehicle and driver from the live allocation.
 * - **private**: the partner's private jobs not deleted, pickup window opening to delivery window closing.
 * - **reservation**: the partner's reservations except those no longer holding the vehicle (EXCLUDED_RESERVATION_
 *   STATUSES), over their window as the reservation rules plan it (reservationSpan).
 *
 * An entry is in a range when it overlaps it (calendar-range.ts meetsRange). Queries stay on one partner's rows
 * through the indexes on provider/user id; the range narrows them in SQL where the span is a column, and in code
 * where the span is computed (journeys, reservations), with a margin in SQL first.
 */

const HOUR_MS = 3_600_000;

/** Spec §4 job statuses of work the partner won. */
export const WON_JOB_STATUSES = ['allocated', 'in_realisation', 'realised', 'completed', 'finalised'] as const;
/** Journey statuses of a journey the partner holds or held. */
export const HELD_JOURNEY_STATUSES = ['allocated', 'completed'] as const;
/**
 * Reservation statuses left off the calendar: the vehicle is no longer held — cancelled, rejected, withdrawn,
 * timed out, or replaced (superseded) or turned down by the team (unsuccessful).
 */
export const EXCLUDED_RESERVATION_STATUSES = [
  'timed_out',
  'unsuccessful',
  'tp_rejected',
  'av_rejected',
  'tp_withdrawn',
  'av_withdrawn',
  'tp_cancelled',
  'av_cancelled',
  'superseded',
  'tp_cancelled_after_association',
  'av_cancelled_after_association',
] as const;

/** An entry with its span as instants (what range checks and the .ics writer read). */
export interface TimedEntry extends Omit<CalendarEntry, 'start' | 'end'> {
  readonly startAt: Date;
  readonly endAt: Date;
}

/** What the calendar shows of one entry (instants as ISO 8601 UTC). */
export const entryView = (entry: TimedEntry): CalendarEntry => {
  const { startAt, endAt, ...rest } = entry;
  return { ...rest, start: startAt.toISOString(), end: endAt.toISOString() };
};

/** `First town → last town`, one town when both are the same. */
export const titleOf = (stops: readonly CalendarStop[]): string => {
  const first = stops[0]?.town ?? '';
  const last = stops[stops.length - 1]?.town ?? first;
  return first === last ? first : `${first} → ${last}`;
};

/**
 * A reservation's window as the reservation rules plan it (reservations/reservation-plan.ts): both times given, as
 * given; a start alone, a full day of 10 hours from it (cut at 03:30 next morning); an end alone, the 10 hours before
 * it (from 04:00); neither ('anytime'), the London day 08:00 to 18:00.
 */
export const reservationSpan = (date: string, startTime: Date | null, endTime: Date | null): InstantRange => {
  if (startTime && endTime) return { start: startTime, end: endTime };
  const day = serviceDay(date);
  const fullDay = FULL_DAY_HOURS * HOUR_MS;
  if (startTime)
    return { start: startTime, end: new Date(Math.min(startTime.getTime() + fullDay, day.closes.getTime())) };
  if (endTime) return { start: new Date(Math.max(endTime.getTime() - fullDay, day.opens.getTime())), end: endTime };
  return anytimeDay(date);
};

/** The end of a journey with no planned stops: the first pickup plus the drive over its (route) distance. */
export const estimatedJourneyEnd = (firstPickupAt: Date, distanceM: number): Date =>
  new Date(firstPickupAt.getTime() + driveMinutes(distanceM / METRES_PER_MILE) * 60_000);

/** Won marketplace jobs meeting the range. */
export const listingEntries = async (db: Db, userId: number, range: InstantRange): Promise<TimedEntry[]> => {
  const { rows } = await db.query<{
    id: number;
    status: string;
    pickup_town: string;
    delivery_town: string;
    pickup_date_start: Date;
    pickup_date_end: Date;
    provider_vehicle_id: number | null;
    driver_id: number | null;
  }>(
    `select id, status, pickup_town, delivery_town, pickup_date_start, pickup_date_end, provider_vehicle_id, driver_id
       from jobs
      where provider_id = $1 and status in ${sqlList(WON_JOB_STATUSES)} and archived_at is null
        and pickup_date_start < $3 and (pickup_date_end > $2 or pickup_date_start >= $2)`,
    [userId, range.start, range.end],
  );
  return rows.map((row) => {
    const stops: CalendarStop[] = [
      { type: 'pickup', town: row.pickup_town },
      { type: 'delivery', town: row.delivery_town },
    ];
    return {
      id: `listing-${row.id}`,
      kind: 'listing',
      ref: String(row.id),
      title: titleOf(stops),
      startAt: new Date(row.pickup_date_start),
      endAt: new Date(row.pickup_date_end),
      vehicle_id: row.provider_vehicle_id,
      driver_user_id: row.driver_id,
      status: row.status,
      stops,
    };
  });
};

/** Longest a journey is taken to last when its start is before the range (the SQL margin; the span decides). */
const JOURNEY_MARGIN_DAYS = 7;

/** Journeys the partner holds or held, meeting the range. */
export const journeyEntries = async (db: Db, userId: number, range: InstantRange): Promise<TimedEntry[]> => {
  const { rows } = await db.query<{
    id: number;
    status: string;
    first_pickup_at: Date;
    distance_m: number;
    start_town: string;
    end_town: string;
    vehicle_id: number | null;
    driver_id: number | null;
    last_stop_at: Date | null;
    stops: { action: 'start' | 'end' | 'pickup' | 'delivery'; town: string; private: boolean }[] | null;
  }>(
    `select j.id, j.status, j.first_pickup_at, j.distance_m, j.start_town, j.end_town,
            a.provider_vehicle_id as vehicle_id, a.driver_id,
            (select max(n.scheduled_at) from journey_nodes n
              where n.journey_id = j.id and n.deactivated_at is null) as last_stop_at,
            (select json_agg(json_build_object('action', n.action, 'town', n.town,
                                               'private', n.private_job_id is not null) order by n.sort_order)
               from journey_nodes n where n.journey_id = j.id and n.deactivated_at is null) as stops
       from journeys j
       left join journey_allocations a
         on a.journey_id = j.id and a.provider_id = j.provider_id and a.deallocated_at is null
      where j.provider_id = $1 and j.status in ${sqlList(HELD_JOURNEY_STATUSES)}
        and j.first_pickup_at < $3 and j.first_pickup_at >= $2`,
    [userId, new Date(range.start.getTime() - JOURNEY_MARGIN_DAYS * 24 * HOUR_MS), range.end],
  );
  return rows.flatMap((row): TimedEntry[] => {
    const startAt = new Date(row.first_pickup_at);
    const planned = row.last_stop_at ? new Date(row.last_stop_at) : null;
    const endAt =
      planned && planned.getTime() > startAt.getTime() ? planned : estimatedJourneyEnd(startAt, row.distance_m);
    if (!meetsRange(startAt, endAt, range)) return [];
    const stops: CalendarStop[] =
      row.stops && row.stops.length > 0
        ? row.stops.map((s) => ({ type: s.private ? 'external_job' : s.action, town: s.town }))
        : [
            { type: 'start', town: row.start_town },
            { type: 'end', town: row.end_town },
          ];
    return [
      {
        id: `journey-${row.id}`,
        kind: 'journey',
        ref: String(row.id),
        title: titleOf(stops),
        startAt,
        endAt,
        vehicle_id: row.vehicle_id,
        driver_user_id: row.driver_id,
        status: row.status,
        stops,
      },
    ];
  });
};

/** The partner's private jobs (not deleted) meeting the range; `scheduled` until the delivery window closes. */
export const privateEntries = async (db: Db, userId: number, range: InstantRange, now: Date): Promise<TimedEntry[]> => {
  const { rows } = await db.query<{
    uuid: string;
    title: string | null;
    pickup_town: string;
    delivery_town: string;
    pickup_window_start: Date;
    delivery_window_end: Date;
    vehicle_id: number | null;
    driver_id: number | null;
  }>(
    `select uuid::text as uuid, title, pickup_town, delivery_town, pickup_window_start, delivery_window_end,
            vehicle_id, driver_id
       from private_jobs
      where user_id = $1 and deleted_at is null and pickup_window_start < $3 and delivery_window_end > $2`,
    [userId, range.start, range.end],
  );
  return rows.map((row) => {
    const stops: CalendarStop[] = [
      { type: 'pickup', town: row.pickup_town },
      { type: 'delivery', town: row.delivery_town },
    ];
    const endAt = new Date(row.delivery_window_end);
    return {
      id: `private-${row.uuid}`,
      kind: 'private',
      ref: row.uuid,
      title: row.title ?? titleOf(stops),
      startAt: new Date(row.pickup_window_start),
      endAt,
      vehicle_id: row.vehicle_id,
      // Drivers have no sign-in of their own in the reference server: a driver's user id is its id (schemas/journey.ts).
      driver_user_id: row.driver_id,
      status: endAt.getTime() <= now.getTime() ? 'done' : 'scheduled',
      stops,
    };
  });
};

/** The partner's reservations still holding the vehicle, meeting the range. */
export const reservationEntries = async (db: Db, userId: number, range: InstantRange): Promise<TimedEntry[]> => {
  // A reservation day runs from 04:00 to 03:30 the next morning: the day before the range can reach into it.
  const firstDate = addDays(londonDate(range.start), -1);
  const lastDate = londonDate(new Date(range.end.getTime() - 1));
  const { rows } = await db.query<{
    id: number;
    date: string;
    status: string;
    vehicle_id: number;
    start_time: Date | null;
    end_time: Date | null;
    start_town: string;
    end_town: string | null;
    external_jobs: ExternalJob[] | null;
  }>(
    `select id, date::text as date, status, vehicle_id, start_time, end_time, start_town, end_town, external_jobs
       from reservations
      where user_id = $1 and status not in ${sqlList(EXCLUDED_RESERVATION_STATUSES)}
        and date between $2::date and $3::date`,
    [userId, firstDate, lastDate],
  );
  return rows.flatMap((row): TimedEntry[] => {
    const span = reservationSpan(
      row.date,
      row.start_time ? new Date(row.start_time) : null,
      row.end_time ? new Date(row.end_time) : null,
    );
    if (!meetsRange(span.start, span.end, range)) return [];
    const stops: CalendarStop[] = [
      { type: 'start', town: row.start_town },
      ...(row.external_jobs ?? []).flatMap((job) =>
        job.nodes.map((node): CalendarStop => ({ type: 'external_job', town: node.place.town })),
      ),
      ...(row.end_town ? [{ type: 'end' as const, town: row.end_town }] : []),
    ];
    return [
      {
        id: `reservation-${row.id}`,
        kind: 'reservation',
        ref: String(row.id),
        title: titleOf([stops[0]!, ...(row.end_town ? [stops[stops.length - 1]!] : [])]),
        startAt: span.start,
        endAt: span.end,
        vehicle_id: row.vehicle_id,
        driver_user_id: null,
        status: row.status,
        stops,
      },
    ];
  });
};

export interface EntryFilter {
  readonly vehicleId?: number | null;
  readonly driverUserId?: number | null;
}

/** Every entry of the partner meeting the range, with the filters, ordered by start then id. */
export const loadEntries = async (
  db: Db,
  userId: number,
  range: InstantRange,
  now: Date,
  filter: EntryFilter = {},
): Promise<TimedEntry[]> => {
  const all = (
    await Promise.all([
      listingEntries(db, userId, range),
      journeyEntries(db, userId, range),
      privateEntries(db, userId, range, now),
      reservationEntries(db, userId, range),
    ])
  ).flat();
  return all
    .filter((e) => filter.vehicleId == null || e.vehicle_id === filter.vehicleId)
    .filter((e) => filter.driverUserId == null || e.driver_user_id === filter.driverUserId)
    .sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
};

/** The partner's vehicles (not deleted) and drivers, with their colours (spec §9 palette, by id). */
export const loadColours = async (
  db: Db,
  userId: number,
): Promise<{ vehicles: CalendarVehicle[]; drivers: CalendarDriver[] }> => {
  const [vehicles, drivers] = await Promise.all([
    db.query<{ id: number; registration_number: string }>(
      'select id, registration_number from vehicles where user_id = $1 and deleted_at is null order by id',
      [userId],
    ),
    db.query<{ id: number; full_name: string; active: boolean }>(
      'select id, full_name, active from drivers where user_id = $1 order by id',
      [userId],
    ),
  ]);
  return {
    vehicles: vehicles.rows.map((v) => ({
      id: v.id,
      registration: v.registration_number,
      colour: vehicleColour(v.id),
    })),
    drivers: drivers.rows.map((d) => ({
      user_id: d.id,
      full_name: d.full_name,
      active: d.active,
      colour: driverColour(d.id),
    })),
  };
};

/** GET …/work-calendar: the entries of the range with the partner's vehicles and drivers. */
export const loadWorkCalendar = async (
  db: Db,
  userId: number,
  range: InstantRange,
  now: Date,
  filter: EntryFilter = {},
): Promise<WorkCalendar> => {
  const [entries, colours] = await Promise.all([loadEntries(db, userId, range, now, filter), loadColours(db, userId)]);
  return { entries: entries.map(entryView), ...colours };
};
