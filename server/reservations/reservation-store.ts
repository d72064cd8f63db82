import type { ExternalJob, People, Reservation, ReservationChange, ReservationStatus } from '@/schemas/reservation';
import type { Db, SqlParam } from '@/server/db/db';
import { allowedActions } from '@/server/reservations/allowed-actions';
import { formatPounds, type PriceRange } from '@/server/reservations/pricing';
import type { PlannedReservation } from '@/server/reservations/reservation-plan';
import { londonDate } from '@/server/time/london';

/** A reservation row with its partner and vehicle, as RESERVATION_SELECT reads it. */
export interface ReservationRow {
  id: number;
  user_id: number;
  vehicle_id: number;
  date: string;
  type: Reservation['type'];
  people: '1' | '2' | 'flexible';
  capacity_m3: number;
  status: ReservationStatus;
  start_time: Date | null;
  start_time_type: 'fixed' | 'anytime';
  start_town: string;
  start_postcode: string;
  start_lat: number;
  start_lng: number;
  end_time: Date | null;
  end_town: string | null;
  end_postcode: string | null;
  end_lat: number | null;
  end_lng: number | null;
  min_price: number | null;
  max_price: number | null;
  offer_expires_at: Date | null;
  created_at: Date;
  external_jobs: ExternalJob[];
  cancel_reason: Reservation['cancel_reason'];
  cancel_note: string | null;
  status_before_request: ReservationStatus | null;
  requested_change: (typeof ReservationChange.Encoded & { min_price: number; max_price: number }) | null;
  decide_at: Date | null;
  tp_name: string;
  tp_email: string;
  vehicle_registration: string;
  vehicle_type: Reservation['vehicle']['type'];
  vehicle_tail_lift: boolean;
  vehicle_capacity_m3: number;
}

/** The select of ReservationRow; append `where …` (the reservation is `r`). */
export const RESERVATION_SELECT = `
  select r.id, r.user_id, r.vehicle_id, r.date::text as date, r.type, r.people, r.capacity_m3, r.status,
         r.start_time, r.start_time_type, r.start_town, r.start_postcode, r.start_lat, r.start_lng,
         r.end_time, r.end_town, r.end_postcode, r.end_lat, r.end_lng, r.min_price, r.max_price,
         r.offer_expires_at, r.created_at, r.external_jobs, r.cancel_reason, r.cancel_note,
         r.status_before_request, r.requested_change, r.decide_at,
         u.full_name as tp_name, u.email as tp_email,
         v.registration_number as vehicle_registration, v.type as vehicle_type,
         v.has_tail_lift as vehicle_tail_lift, v.loading_capacity_m3 as vehicle_capacity_m3
    from reservations r
    join users u on u.id = r.user_id
    join vehicles v on v.id = r.vehicle_id`;

/** The caller's reservation by id, or null (another partner's answers the same as a missing one). */
export const loadOwnReservation = async (db: Db, userId: number, id: number): Promise<ReservationRow | null> =>
  (await db.query<ReservationRow>(`${RESERVATION_SELECT} where r.id = $1 and r.user_id = $2`, [id, userId])).rows[0] ??
  null;

export const peopleOf = (stored: ReservationRow['people']): People =>
  stored === 'flexible' ? 'flexible' : stored === '2' ? 2 : 1;
export const storedPeople = (people: People): ReservationRow['people'] =>
  people === 'flexible' ? 'flexible' : people === 2 ? '2' : '1';

const price = (pence: number | null) => (pence === null ? null : { amount: pence, formatted: formatPounds(pence) });
const iso = (at: Date | null) => (at === null ? null : at.toISOString());

export const vehicleView = (v: {
  id: number;
  registration: string;
  type: Reservation['vehicle']['type'];
  tailLift: boolean;
  capacityM3: number;
}) => ({
  id: v.id,
  registration: v.registration,
  type: v.type,
  tail_lift: v.tailLift,
  capacity: { value: v.capacityM3, unit: 'm3' as const, formatted: `${v.capacityM3} m³` },
});

/** The reference shown to people: `R-000042`. */
export const reservationReference = (id: number): string => `R-${String(id).padStart(6, '0')}`;

/** A row as the API answers it (schemas/reservation.ts Reservation, encoded). */
export const reservationView = (row: ReservationRow, now: Date): typeof Reservation.Encoded => {
  const priced = row.min_price !== null && row.max_price !== null;
  return {
    id: row.id,
    reservation_id: reservationReference(row.id),
    status: row.status,
    date: row.date,
    type: row.type,
    people: peopleOf(row.people),
    capacity: { value: row.capacity_m3, unit: 'm3' },
    created_at: row.created_at.toISOString(),
    offer_expires_at: row.status === 'return_offer' ? iso(row.offer_expires_at) : null,
    decision_due_at: ['pending', 'pending_cancellation', 'pending_modification'].includes(row.status)
      ? iso(row.decide_at)
      : null,
    pending_cancellation: row.status === 'pending_cancellation',
    pending_modification: row.status === 'pending_modification',
    start_time_type: row.start_time_type,
    cancel_reason: row.cancel_reason,
    cancel_note: row.cancel_note,
    tp: { id: row.user_id, username: row.tp_name, email: row.tp_email },
    vehicle: vehicleView({
      id: row.vehicle_id,
      registration: row.vehicle_registration,
      type: row.vehicle_type,
      tailLift: row.vehicle_tail_lift,
      capacityM3: row.vehicle_capacity_m3,
    }),
    startNode: {
      time: iso(row.start_time),
      place: { lat: row.start_lat, lng: row.start_lng, town: row.start_town, postcode: row.start_postcode },
    },
    endNode: {
      time: iso(row.end_time),
      place:
        row.end_lat === null || row.end_lng === null || row.end_town === null || row.end_postcode === null
          ? null
          : { lat: row.end_lat, lng: row.end_lng, town: row.end_town, postcode: row.end_postcode },
    },
    externalJobs: row.external_jobs,
    min_price: price(row.min_price),
    max_price: price(row.max_price),
    meta: {
      allowed_actions: allowedActions(
        { status: row.status, date: row.date, startTime: row.start_time, priced },
        now,
        londonDate(now),
      ),
    },
  };
};

/** The request a stored reservation answers to, to validate it again (an edit starts from it). */
export const changeOfRow = (row: ReservationRow): typeof ReservationChange.Encoded => ({
  people: peopleOf(row.people),
  capacity: { value: row.capacity_m3, unit: 'm3' },
  nodes: [
    {
      place: { lat: row.start_lat, lng: row.start_lng, town: row.start_town, postcode: row.start_postcode },
      time: row.start_time ? row.start_time.toISOString() : 'anytime',
    },
    row.end_lat === null || row.end_lng === null || row.end_town === null || row.end_postcode === null
      ? { place: null, time: null }
      : {
          place: { lat: row.end_lat, lng: row.end_lng, town: row.end_town, postcode: row.end_postcode },
          time: row.end_time ? row.end_time.toISOString() : 'anytime',
        },
  ],
  externalJobs: row.external_jobs,
});

/** The columns a plan and its prices set on a reservation (create, edit, an approved change). */
export const planColumns = (plan: PlannedReservation, prices: PriceRange): Record<string, SqlParam> => ({
  type: plan.type,
  people: storedPeople(plan.people),
  capacity_m3: plan.capacityM3,
  start_time: plan.startTime,
  start_time_type: plan.startTime ? 'fixed' : 'anytime',
  start_town: plan.start.town,
  start_postcode: plan.start.postcode,
  start_lat: plan.start.lat,
  start_lng: plan.start.lng,
  end_time: plan.endTime,
  end_town: plan.end?.town ?? null,
  end_postcode: plan.end?.postcode ?? null,
  end_lat: plan.end?.lat ?? null,
  end_lng: plan.end?.lng ?? null,
  external_jobs: JSON.stringify(plan.externalJobs),
  min_price: prices.min,
  max_price: prices.max,
});

/** `set a = $2, b = $3 …` for an update whose first parameter is taken; returns the clause and the values. */
export const setClause = (columns: Record<string, SqlParam>, firstParam: number) => {
  const names = Object.keys(columns);
  return {
    sql: names.map((name, i) => `${name} = $${firstParam + i}${name === 'external_jobs' ? '::jsonb' : ''}`).join(', '),
    values: names.map((name) => columns[name] ?? null),
  };
};
