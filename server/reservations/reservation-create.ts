import { Schema } from 'effect';
import {
  RESERVATION_ERROR_TEXTS,
  RESERVATION_MESSAGES,
  RESERVATION_REFUSALS,
  RESERVATION_RULES_CODE,
  ReservationInput,
  type ReservationDraft,
  type ReservationInfo,
  type ReservationRuleError,
  type ReservationRulesFailure,
} from '@/schemas/reservation';
import { VEHICLE_TYPES } from '@/schemas/vehicle';
import type { Db } from '@/server/db/db';
import { ValidationError } from '@/server/http/api-errors';
import { sqlList } from '@/server/db/sql-list';
import { startsAt } from '@/server/reservations/allowed-actions';
import { decisionDueAt, DEFAULT_LIFECYCLE_CLOCK, type LifecycleClock } from '@/server/reservations/decision-policy';
import { DAY_HOLDING_STATUSES } from '@/server/reservations/lifecycle';
import { formatPounds, priceReservation } from '@/server/reservations/pricing';
import {
  planReservation,
  reservationPeriod,
  type FieldErrors,
  type PlannedReservation,
} from '@/server/reservations/reservation-plan';
import { checkReservationRules } from '@/server/reservations/reservation-rules';
import {
  planColumns,
  RESERVATION_SELECT,
  reservationView,
  vehicleView,
  type ReservationRow,
} from '@/server/reservations/reservation-store';
import { londonDate } from '@/server/time/london';

/** An answer of a reservation call: its status and JSON body. */
export interface ReservationAnswer {
  readonly status: 200 | 201 | 403 | 404 | 409 | 422;
  readonly body: unknown;
}

/** How long a validated draft may wait for the partner's confirmation (create step 2) before it must be validated again. */
export const DRAFT_LIFETIME_MINUTES = 30;
/** The largest id an integer column holds. */
const MAX_ID = 2_147_483_647;
/** Every size may be reserved (the spec lists the field, not a rule; the demo fleet has every size). */
export const ELIGIBLE_VEHICLE_TYPES = VEHICLE_TYPES;

const NOT_ELIGIBLE: ReservationAnswer = { status: 403, body: { message: RESERVATION_REFUSALS.notEligible } };
export const OTHER_PARTNER = 'You can make reservations only for yourself.';

/** Who may reserve (spec §6: journey-ready transport partners) and whether own time windows are on for them. */
export const loadReservationPartner = async (db: Db, userId: number) => {
  const { rows } = await db.query<{ eligible: boolean; custom: boolean }>(
    `select u.role = 'transport_partner' and u.ip_journey_ready as eligible, coalesce(f.enabled, false) as custom
       from users u left join feature_flags f on f.user_id = u.id and f.flag = 'custom_plus_reservations'
      where u.id = $1`,
    [userId],
  );
  return { eligible: rows[0]?.eligible === true, customWindows: rows[0]?.custom === true };
};

/** GET /v1/reservation-info. */
export const loadReservationInfo = async (db: Db, userId: number, now: Date): Promise<ReservationInfo> => {
  const partner = await loadReservationPartner(db, userId);
  return {
    reservation_period: reservationPeriod(londonDate(now)),
    custom_reservation: partner.customWindows,
    eligible_vehicle_types: ELIGIBLE_VEHICLE_TYPES,
    eligible: partner.eligible,
  };
};

interface VehicleRow {
  id: number;
  registration_number: string;
  type: ReservationRow['vehicle_type'];
  has_tail_lift: boolean;
  loading_capacity_m3: number;
}

/** The caller's approved, not deleted vehicle of an eligible type, or null. */
const loadReservableVehicle = async (db: Db, userId: number, vehicleId: number): Promise<VehicleRow | null> => {
  // An id past the integer column is nobody's vehicle (and must not reach the database as one).
  if (vehicleId > MAX_ID) return null;
  const { rows } = await db.query<VehicleRow>(
    `select id, registration_number, type, has_tail_lift, loading_capacity_m3 from vehicles
      where id = $1 and user_id = $2 and status = 'APPROVED' and deleted_at is null`,
    [vehicleId, userId],
  );
  const vehicle = rows[0];
  return vehicle && (ELIGIBLE_VEHICLE_TYPES as readonly string[]).includes(vehicle.type) ? vehicle : null;
};

const NOT_YOUR_VEHICLE = 'Choose one of your approved vehicles';

/** The 101 answer for the broken rules of each reservation (index and date say which). */
export const rulesFailure = (
  broken: readonly { index: number; date: string; violations: ReturnType<typeof checkReservationRules> }[],
): ReservationAnswer | null => {
  const errors: ReservationRuleError[] = broken.flatMap(({ index, date, violations }) =>
    violations.map((v) => ({
      code: v.code,
      message: RESERVATION_ERROR_TEXTS[v.code],
      reservation: index,
      date,
      field: v.field,
    })),
  );
  if (errors.length === 0) return null;
  const body: ReservationRulesFailure = {
    message: RESERVATION_MESSAGES.ruleErrors,
    code: RESERVATION_RULES_CODE,
    errors,
  };
  return { status: 422, body };
};

/**
 * Plans and checks each reservation: the form rules first (a ValidationError, 422 by field under
 * `reservations.{i}.`), then the reservation rules (the 101 answer). Returns the plans when everything holds.
 */
const planAll = (
  inputs: readonly ReservationInput[],
  options: Parameters<typeof planReservation>[1],
): { plans: PlannedReservation[]; refusal: ReservationAnswer | null } => {
  const fieldErrors: FieldErrors = {};
  const plans = inputs.map((input, i) => {
    const { errors, plan } = planReservation(input, options);
    for (const [field, messages] of Object.entries(errors)) fieldErrors[`reservations.${i}.${field}`] = messages;
    return plan;
  });
  if (Object.keys(fieldErrors).length > 0) throw new ValidationError(fieldErrors);
  const refusal = rulesFailure(
    plans.map((plan, index) => ({ index, date: plan.date, violations: checkReservationRules(plan) })),
  );
  return { plans, refusal };
};

/**
 * One live reservation per vehicle and day: the 101 answer for each reservation whose vehicle already holds that date
 * (a reservation in DAY_HOLDING_STATUSES) or whose date stands earlier in the same request for the same vehicle. Null
 * when every day is free. Inside a transaction, the caller locks the vehicles' rows first, so that two creates of the
 * same day cannot both pass.
 */
const dayAlreadyReserved = async (
  db: Db,
  requested: readonly { readonly vehicleId: number; readonly date: string }[],
): Promise<ReservationAnswer | null> => {
  if (requested.length === 0) return null;
  const { rows } = await db.query<{ vehicle_id: number; date: string }>(
    `select distinct vehicle_id, date::text as date from reservations
      where status in ${sqlList(DAY_HOLDING_STATUSES)}
        and vehicle_id in (select (jsonb_array_elements_text($1::jsonb))::int)
        and date in (select (jsonb_array_elements_text($2::jsonb))::date)`,
    [
      JSON.stringify([...new Set(requested.map((r) => r.vehicleId))]),
      JSON.stringify([...new Set(requested.map((r) => r.date))]),
    ],
  );
  const held = new Set(rows.map((row) => `${row.vehicle_id} ${row.date}`));
  return rulesFailure(
    requested.map(({ vehicleId, date }, index) => {
      const key = `${vehicleId} ${date}`;
      const taken = held.has(key);
      held.add(key);
      return { index, date, violations: taken ? [{ code: 'vehicle_already_reserved' as const, field: 'date' }] : [] };
    }),
  );
};

const draftView = (
  id: number,
  plan: PlannedReservation,
  vehicle: VehicleRow,
  expiresAt: Date,
): typeof ReservationDraft.Encoded => {
  const prices = priceReservation(plan);
  const place = (p: PlannedReservation['start']) => ({ lat: p.lat, lng: p.lng, town: p.town, postcode: p.postcode });
  return {
    id,
    date: plan.date,
    type: plan.type,
    people: plan.people,
    capacity: { value: plan.capacityM3, unit: 'm3' },
    start_time_type: plan.startTime ? 'fixed' : 'anytime',
    vehicle: vehicleView({
      id: vehicle.id,
      registration: vehicle.registration_number,
      type: vehicle.type,
      tailLift: vehicle.has_tail_lift,
      capacityM3: vehicle.loading_capacity_m3,
    }),
    startNode: { time: plan.startTime?.toISOString() ?? null, place: place(plan.start) },
    endNode: { time: plan.endTime?.toISOString() ?? null, place: plan.end ? place(plan.end) : null },
    externalJobs: plan.externalJobs,
    min_price: { amount: prices.min, formatted: formatPounds(prices.min) },
    max_price: { amount: prices.max, formatted: formatPounds(prices.max) },
    expires_at: expiresAt.toISOString(),
  };
};

/**
 * POST /v1/reservations: validates the reservations of one vehicle and keeps the valid ones as drafts (all or none),
 * each priced. The caller's expired drafts are cleared on the way.
 */
export const validateNewReservations = async (
  db: Db,
  request: {
    readonly userId: number;
    readonly now: Date;
    readonly payload: { user_id: number; vehicle_id: number; reservations: readonly ReservationInput[] };
  },
): Promise<ReservationAnswer> => {
  const { userId, now, payload } = request;
  const partner = await loadReservationPartner(db, userId);
  if (!partner.eligible) return NOT_ELIGIBLE;
  if (payload.user_id !== userId) return { status: 403, body: { message: OTHER_PARTNER } };
  const vehicle = await loadReservableVehicle(db, userId, payload.vehicle_id);
  if (!vehicle) throw new ValidationError({ vehicle_id: [NOT_YOUR_VEHICLE] });

  const period = reservationPeriod(londonDate(now));
  const { plans, refusal } = planAll(payload.reservations, { customWindows: partner.customWindows, period });
  if (refusal) return refusal;
  const taken = await dayAlreadyReserved(
    db,
    plans.map((plan) => ({ vehicleId: vehicle.id, date: plan.date })),
  );
  if (taken) return taken;

  const expiresAt = new Date(now.getTime() + DRAFT_LIFETIME_MINUTES * 60_000);
  const drafts = await db.transaction(async (tx) => {
    await tx.query('delete from reservation_drafts where user_id = $1 and expires_at <= $2', [userId, now]);
    const ids: number[] = [];
    for (const input of payload.reservations) {
      const { rows } = await tx.query<{ id: number }>(
        `insert into reservation_drafts (user_id, vehicle_id, date, input, created_at, expires_at)
         values ($1, $2, $3, $4::jsonb, $5, $6) returning id`,
        [userId, vehicle.id, input.date, JSON.stringify(Schema.encodeSync(ReservationInput)(input)), now, expiresAt],
      );
      ids.push(rows[0]?.id ?? 0);
    }
    return ids;
  });
  return { status: 200, body: { data: plans.map((plan, i) => draftView(drafts[i] ?? 0, plan, vehicle, expiresAt)) } };
};

/**
 * POST /v1/reservations/accept-drafts: creates the listed drafts as pending reservations, in one transaction. Each
 * draft is validated again at this moment (the day may have left the reservation period, the van its approval). A
 * draft that is not the caller's, was already used, or has expired is a 422 on its position; so the same create sent
 * twice never makes two reservations (and with an Idempotency-Key the repeat gets the first answer).
 */
export const acceptDrafts = async (
  db: Db,
  request: {
    readonly userId: number;
    readonly now: Date;
    readonly ids: readonly number[];
    /** The lifecycle's speed: when the new reservations are decided (server/config.ts). */
    readonly clock?: LifecycleClock;
  },
): Promise<ReservationAnswer> => {
  const { userId, now, ids } = request;
  const clock = request.clock ?? DEFAULT_LIFECYCLE_CLOCK;
  const partner = await loadReservationPartner(db, userId);
  if (!partner.eligible) return NOT_ELIGIBLE;
  return db
    .transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number; vehicle_id: number; input: unknown }>(
        `delete from reservation_drafts
        where user_id = $1 and expires_at > $2 and id in (select (jsonb_array_elements_text($3::jsonb))::int)
        returning id, vehicle_id, input`,
        [userId, now, JSON.stringify(ids)],
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      const missing = ids.flatMap((id, i) => (byId.has(id) ? [] : [i]));
      if (missing.length > 0)
        throw new ValidationError(
          Object.fromEntries(
            missing.map((i) => [
              `reservations.${i}`,
              ['This reservation is no longer waiting to be created (used or expired): validate it again'],
            ]),
          ),
        );
      const drafts = ids.map((id) => byId.get(id)!);
      const inputs = drafts.map((d) => Schema.decodeUnknownSync(ReservationInput)(d.input));
      const vehicleIds = [...new Set(drafts.map((d) => d.vehicle_id))].sort((a, b) => a - b);
      // Locked in id order (no deadlock between two creates), so a create of the same vehicle waits for this one.
      await tx.query(
        'select id from vehicles where id in (select (jsonb_array_elements_text($1::jsonb))::int) order by id for update',
        [JSON.stringify(vehicleIds)],
      );
      for (const vehicleId of vehicleIds)
        if (!(await loadReservableVehicle(tx, userId, vehicleId)))
          throw new ValidationError({ vehicle_id: [NOT_YOUR_VEHICLE] });
      const { plans, refusal } = planAll(inputs, {
        customWindows: partner.customWindows,
        period: reservationPeriod(londonDate(now)),
      });
      // The drafts stay deleted only when the reservations are made: a refusal rolls the transaction back.
      if (refusal) throw new RefusedInTransaction(refusal);
      const taken = await dayAlreadyReserved(
        tx,
        plans.map((plan, i) => ({ vehicleId: drafts[i]!.vehicle_id, date: plan.date })),
      );
      if (taken) throw new RefusedInTransaction(taken);
      const created: number[] = [];
      for (const [i, plan] of plans.entries()) {
        const columns = {
          user_id: userId,
          vehicle_id: drafts[i]!.vehicle_id,
          date: plan.date,
          status: 'pending',
          created_at: now,
          updated_at: now,
          decide_at: decisionDueAt(now, startsAt({ date: plan.date, startTime: plan.startTime }), clock),
          ...planColumns(plan, priceReservation(plan)),
        };
        const names = Object.keys(columns);
        const { rows: inserted } = await tx.query<{ id: number }>(
          `insert into reservations (${names.join(', ')})
         values (${names.map((n, k) => `$${k + 1}${n === 'external_jobs' ? '::jsonb' : ''}`).join(', ')}) returning id`,
          Object.values(columns),
        );
        created.push(inserted[0]?.id ?? 0);
      }
      const { rows: made } = await tx.query<ReservationRow>(
        `${RESERVATION_SELECT} where r.user_id = $1 and r.id in (select (jsonb_array_elements_text($2::jsonb))::int)`,
        [userId, JSON.stringify(created)],
      );
      const views = new Map(made.map((row) => [row.id, reservationView(row, now)]));
      return { status: 201, body: { data: created.map((id) => views.get(id)) } } satisfies ReservationAnswer;
    })
    .catch((error: unknown) => {
      if (error instanceof RefusedInTransaction) return error.answer;
      throw error;
    });
};

/** A refusal found inside a transaction: thrown to roll it back, then answered. */
class RefusedInTransaction extends Error {
  constructor(readonly answer: ReservationAnswer) {
    super('reservation refused');
  }
}
