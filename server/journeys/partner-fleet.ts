import type { NotEligibleReason } from '@/schemas/journey';
import type { WorkEligibility } from '@/schemas/work-eligibility';
import type { Db } from '@/server/db/db';
import { ValidationError } from '@/server/http/api-errors';
import { notEligible, type JourneyRefusal } from '@/server/journeys/journey-outcome';
import { vehicleFits } from '@/server/journeys/journey-rules';
import { loadWorkEligibility, workRefusalMessage } from '@/server/partner/work-eligibility';

/** One of the partner's vehicles that is not deleted. */
export interface FleetVehicle {
  readonly id: number;
  readonly type: 'swb' | 'mwb' | 'lwb' | 'xlwb' | 'luton_van';
  readonly make: string;
  readonly model: string;
  readonly registration_number: string;
  readonly status: 'APPROVED' | 'PENDING' | 'REJECTED';
  readonly has_tail_lift: boolean;
  readonly loading_capacity_m3: number;
  readonly total_payload_kg: number;
}

/**
 * What decides whether a partner may take journeys (spec §6): the work rule (server/partner/work-eligibility.ts: role,
 * suspension, documents, an approved vehicle, terms), the journey-ready flag, and the fleet.
 */
export interface PartnerFleet {
  readonly userId: number;
  readonly role: string | null;
  readonly journeyReady: boolean;
  readonly vehicles: readonly FleetVehicle[];
  readonly work: typeof WorkEligibility.Encoded;
}

export const loadPartnerFleet = async (db: Db, userId: number, now: Date): Promise<PartnerFleet> => {
  const [fleet, work] = await Promise.all([loadFleetVehicles(db, userId), loadWorkEligibility(db, userId, now)]);
  return { ...fleet, work };
};

/** The partner's role, journey-ready flag and vehicles (not deleted), without the work rule. */
export const loadFleetVehicles = async (db: Db, userId: number): Promise<Omit<PartnerFleet, 'work'>> => {
  const { rows } = await db.query<
    { role: string; ip_journey_ready: boolean } & { [K in keyof FleetVehicle]: FleetVehicle[K] | null }
  >(
    `select u.role, u.ip_journey_ready, v.id, v.type, v.make, v.model, v.registration_number, v.status,
            v.has_tail_lift, v.loading_capacity_m3, v.total_payload_kg
       from users u
       left join vehicles v on v.user_id = u.id and v.deleted_at is null
      where u.id = $1
      order by v.id`,
    [userId],
  );
  return {
    userId,
    role: rows[0]?.role ?? null,
    journeyReady: rows[0]?.ip_journey_ready ?? false,
    vehicles: rows.flatMap((r) => (r.id === null ? [] : [r as FleetVehicle])),
  };
};

const m3 = (value: number) => `${Math.round(value * 10) / 10} m³`;

/** The journeys' words for the work rule's reasons they have always given; the others use the rule's own words. */
const JOURNEY_DETAIL: Partial<Record<NotEligibleReason, string>> = {
  not_a_partner: 'Only transport partners can take journeys.',
  no_approved_vehicle: 'You need an approved vehicle to take journeys.',
};

/**
 * The partner-level rules, before any vehicle or journey: a partner who may take work (its first reason, with the
 * whole decision as `work`), then journey-ready.
 */
export const partnerRefusal = (fleet: PartnerFleet): JourneyRefusal | null => {
  const reason = fleet.work.reasons[0];
  if (reason !== undefined)
    return notEligible(reason, JOURNEY_DETAIL[reason] ?? workRefusalMessage(fleet.work), undefined, fleet.work);
  if (!fleet.journeyReady)
    return notEligible(
      'not_journey_ready',
      'Your account is not ready for journeys yet. Please contact our team to become journey-ready.',
    );
  return null;
};

/**
 * The chosen vehicle: one of the partner's (else 422 on `provider_vehicle_id`, the same for a missing vehicle and
 * another partner's), approved, and big enough for the journey's load (spec §6, fit rule in journey-rules.ts).
 */
export const chosenVehicle = (fleet: PartnerFleet, vehicleId: number): FleetVehicle | JourneyRefusal => {
  const vehicle = fleet.vehicles.find((v) => v.id === vehicleId);
  if (!vehicle) throw new ValidationError({ provider_vehicle_id: ['Choose one of your vehicles'] });
  if (vehicle.status !== 'APPROVED')
    return notEligible('vehicle_not_approved', `${vehicle.registration_number} is not approved yet.`);
  return vehicle;
};

export const loadRefusal = (
  vehicle: FleetVehicle,
  journey: { id: number; volume_m3: number },
  withJourneyId = false,
): JourneyRefusal | null =>
  vehicleFits(vehicle.loading_capacity_m3, journey.volume_m3)
    ? null
    : notEligible(
        'vehicle_too_small',
        `${vehicle.registration_number} holds ${m3(vehicle.loading_capacity_m3)}; this journey needs ${m3(journey.volume_m3)}.`,
        withJourneyId ? journey.id : undefined,
      );

/**
 * Whether the partner could take a journey of this volume with any of its vehicles, and if not why (the journey
 * page's `actions.eligible` / `reason`).
 */
export const eligibilityFor = (
  fleet: PartnerFleet,
  volumeM3: number,
): { eligible: boolean; reason: NotEligibleReason | null } => {
  const refusal = partnerRefusal(fleet);
  if (refusal) return { eligible: false, reason: refusal.body.reason ?? null };
  const fits = fleet.vehicles.some((v) => v.status === 'APPROVED' && vehicleFits(v.loading_capacity_m3, volumeM3));
  return fits ? { eligible: true, reason: null } : { eligible: false, reason: 'vehicle_too_small' };
};

export const isRefusal = (value: FleetVehicle | JourneyRefusal): value is JourneyRefusal =>
  'ok' in value && value.ok === false;

/** One of the partner's active drivers, else 422 on `driver_id` (missing, inactive and another's alike). */
export const requireActiveDriver = async (db: Db, userId: number, driverId: number): Promise<number> => {
  const { rows } = await db.query<{ id: number }>('select id from drivers where id = $1 and user_id = $2 and active', [
    driverId,
    userId,
  ]);
  if (!rows[0]) throw new ValidationError({ driver_id: ['Choose one of your active drivers'] });
  return rows[0].id;
};

/** A path id: a positive whole number that fits an integer column, else null. */
export const pathId = (raw: string): number | null => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
};
