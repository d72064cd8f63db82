import type { CancelReason, ExternalJob, ReservationStatus } from '@/schemas/reservation';
import { CANCEL_REASONS } from '@/schemas/reservation';
import type { Db, SqlParam } from '@/server/db/db';
import { loadTowns, type Town } from '@/server/geo/towns';
import { startsAt } from '@/server/reservations/allowed-actions';
import { planOfRow } from '@/server/reservations/decision-job';
import { offerPrices } from '@/server/reservations/decision-policy';
import { priceReservation } from '@/server/reservations/pricing';
import { roadMiles } from '@/server/reservations/road-distance';
import { changeOfRow, RESERVATION_SELECT, type ReservationRow } from '@/server/reservations/reservation-store';
import { insertRows } from '@/server/seed/insert-rows';
import { seedPostcode } from '@/server/seed/postcodes';
import { Random, SEED } from '@/server/seed/random';
import { addDays, londonDate, londonInstant } from '@/server/time/london';

/**
 * The reservations' side of the demo seed, run after seed.ts has inserted the planned reservations (demo-accounts.ts,
 * partner-plans.ts). It draws from its own random stream, so the rest of the seed is the same with or without it.
 *
 * 1. partner@example.com gets a reservation in every status of spec §4 that its plan lacks (tp_rejected, av_rejected,
 *    tp_withdrawn, av_withdrawn, superseded, tp_cancelled_after_association, av_cancelled_after_association, unknown),
 *    two of them current (a red badge in the current list), and eight older completed or no_match ones, so the
 *    historic list has a second page of 20. starter@example.com gets three historic ones (it is not journey-ready
 *    now, so nothing current: its dashboard shows no upcoming reservation).
 * 2. Every seeded reservation is made coherent with server/reservations/: full-day reservations have a fixed start and
 *    a full-day end, custom ones their own window; the demo partners' nationwide ends lie 100–300 road miles away;
 *    prices come from pricing.ts (a return offer's from its offer band); pending decisions are due within 24 hours of
 *    the request; return offers expire — the partner's in 3 hours, so the countdown is visible; pending cancellations
 *    and edits carry their request (an edit asks for 2 m³ less); partner cancellations carry a reason and a note. The
 *    partner's accepted reservation in two days has a private job (Stockport to Bolton).
 */

const HOUR_MS = 3_600_000;
const STREAM = SEED + 606;
const OFFER_HOURS_FOR_PARTNER = 3;

interface ExtraPlan {
  readonly inDays: number;
  readonly status: ReservationStatus;
  readonly type: 'local' | 'national' | 'return';
  readonly people: '1' | '2' | 'flexible';
}

const PARTNER_EXTRAS: readonly ExtraPlan[] = [
  { inDays: 4, status: 'av_rejected', type: 'local', people: '1' },
  { inDays: 12, status: 'tp_withdrawn', type: 'local', people: '2' },
  { inDays: -2, status: 'tp_rejected', type: 'return', people: '1' },
  { inDays: -6, status: 'av_rejected', type: 'local', people: '2' },
  { inDays: -9, status: 'tp_withdrawn', type: 'local', people: '1' },
  { inDays: -10, status: 'superseded', type: 'local', people: '1' },
  { inDays: -14, status: 'av_withdrawn', type: 'national', people: '2' },
  { inDays: -18, status: 'tp_cancelled_after_association', type: 'national', people: '1' },
  { inDays: -25, status: 'av_cancelled_after_association', type: 'local', people: '2' },
  { inDays: -30, status: 'unknown', type: 'local', people: '1' },
  ...[-35, -40, -44, -49, -53, -58, -63, -70].map((inDays, i): ExtraPlan => ({
    inDays,
    status: i % 3 === 2 ? 'no_match' : 'completed',
    type: i % 4 === 1 ? 'national' : 'local',
    people: i % 2 === 0 ? '1' : '2',
  })),
];

const STARTER_EXTRAS: readonly ExtraPlan[] = [
  { inDays: -2, status: 'tp_withdrawn', type: 'local', people: '1' },
  { inDays: -4, status: 'av_rejected', type: 'local', people: '1' },
  { inDays: -9, status: 'completed', type: 'national', people: '1' },
];

/** Nationwide ends for the demo partners' homes: each 100–300 estimated road miles away. */
const NATIONAL_ENDS: Readonly<Record<string, readonly string[]>> = {
  Manchester: ['London', 'Bristol', 'Glasgow', 'Newcastle upon Tyne', 'Southampton'],
  Leeds: ['London', 'Cardiff', 'Edinburgh'],
};

const NOTES: Readonly<Record<CancelReason, string>> = {
  vehicle_issues: 'The van failed its MOT and is booked in for repairs.',
  driver_unable_to_work: 'My driver is off sick this week.',
  scheduling_conflict_av: 'I took another job through the marketplace for that day.',
  scheduling_conflict_external: 'A regular customer booked the van for the day.',
  other: 'Family commitment on that day.',
};

const CANCELLED_BY_PARTNER: readonly ReservationStatus[] = [
  'tp_cancelled',
  'tp_withdrawn',
  'tp_cancelled_after_association',
  'pending_cancellation',
];

interface Home {
  readonly userId: number;
  readonly email: string;
  readonly town: Town;
}

export const seedReservationLifecycle = async (db: Db, now: Date): Promise<void> => {
  const random = new Random(STREAM);
  const today = londonDate(now);
  const towns = loadTowns();
  const named = (name: string) => {
    const town = towns.find((t) => t.name === name);
    if (!town) throw new Error(`no town named ${name}`);
    return town;
  };

  const { rows: users } = await db.query<{ id: number; email: string; town: string | null }>(
    `select id, email, address_town as town from users
      where email in ('partner@example.com', 'starter@example.com') order by id`,
  );
  const homes: Home[] = users.flatMap((u) => (u.town ? [{ userId: u.id, email: u.email, town: named(u.town) }] : []));

  const extras: Record<string, SqlParam>[] = [];
  for (const home of homes) {
    const { rows: vans } = await db.query<{ id: number; capacity: number }>(
      'select id, loading_capacity_m3 as capacity from vehicles where user_id = $1 order by id',
      [home.userId],
    );
    const plans = home.email === 'partner@example.com' ? PARTNER_EXTRAS : STARTER_EXTRAS;
    plans.forEach((plan, i) => {
      const van = vans[i % vans.length];
      if (!van) return;
      const date = addDays(today, plan.inDays);
      const end = plan.type === 'national' ? named(NATIONAL_ENDS[home.town.name]?.[i % 3] ?? 'London') : home.town;
      extras.push({
        user_id: home.userId,
        vehicle_id: van.id,
        date,
        type: plan.type,
        people: plan.people,
        capacity_m3: Math.min(40, Math.floor(van.capacity)),
        status: plan.status,
        start_time: londonInstant(date, 8),
        start_town: home.town.name,
        start_postcode: seedPostcode(random, home.town.postcodeArea),
        start_lat: home.town.lat,
        start_lng: home.town.lng,
        end_time: null,
        end_town: end.name,
        end_postcode: seedPostcode(random, end.postcodeArea),
        end_lat: end.lat,
        end_lng: end.lng,
        min_price: 0,
        max_price: 0,
        offer_expires_at: null,
        created_at: new Date(
          Math.min(now.getTime(), londonInstant(date, 0).getTime()) - random.int(2, 9) * 24 * HOUR_MS,
        ),
      });
    });
  }
  await insertRows(db, 'reservations', extras);

  const demo = new Map(homes.map((home) => [home.userId, home]));
  const { rows } = await db.query<ReservationRow>(`${RESERVATION_SELECT} order by r.id`);
  const nationalTurn = new Map<number, number>();
  const updates = rows.map((stored) => {
    const row: ReservationRow = { ...stored, start_time_type: stored.start_time ? 'fixed' : 'anytime' };
    // A full day is a fixed start and a full-day end; only custom reservations keep their own end.
    if (row.type !== 'custom' && row.end_town !== null) row.end_time = null;
    const home = demo.get(row.user_id);
    const ends = home ? NATIONAL_ENDS[home.town.name] : undefined;
    if (home && ends && row.end_lat !== null && row.end_lng !== null && row.type === 'national') {
      const miles = roadMiles({ lat: row.start_lat, lng: row.start_lng }, { lat: row.end_lat, lng: row.end_lng });
      if (miles <= 100 || miles > 300) {
        const turn = nationalTurn.get(row.user_id) ?? 0;
        nationalTurn.set(row.user_id, turn + 1);
        const end = named(ends[turn % ends.length] ?? 'London');
        Object.assign(row, {
          end_town: end.name,
          end_postcode: seedPostcode(random, end.postcodeArea),
          end_lat: end.lat,
          end_lng: end.lng,
        });
      }
    }
    if (home?.email === 'partner@example.com' && row.status === 'accepted' && row.date === addDays(today, 2))
      row.external_jobs = [privateJob(random, row.date, named('Stockport'), named('Bolton'))];

    const start = startsAt({ date: row.date, startTime: row.start_time });
    const plan = planOfRow(row);
    const full = priceReservation(plan);
    const prices = row.status === 'return_offer' ? offerPrices(full) : full;
    let createdAt = row.created_at;
    let decideAt: Date | null = null;
    let decidedAt: Date | null = null;
    let offerExpiresAt: Date | null = null;
    let before: ReservationStatus | null = null;
    let requested: unknown = null;
    const inHours = (h: number) => new Date(now.getTime() + h * HOUR_MS);
    const capped = (at: Date) => new Date(Math.min(at.getTime(), start.getTime()));
    switch (row.status) {
      case 'pending':
        createdAt = inHours(-random.int(1, 20));
        decideAt = capped(new Date(createdAt.getTime() + 24 * HOUR_MS));
        break;
      case 'return_offer':
        decidedAt = inHours(-1);
        offerExpiresAt = capped(inHours(home ? OFFER_HOURS_FOR_PARTNER : random.int(4, 12)));
        row.type = 'return';
        break;
      case 'pending_cancellation':
      case 'pending_modification': {
        decidedAt = new Date(createdAt.getTime() + 2 * HOUR_MS);
        decideAt = capped(inHours(random.int(3, 20)));
        before = 'accepted';
        if (row.status === 'pending_modification') {
          const change = {
            ...changeOfRow(row),
            capacity: { value: Math.max(1, Math.floor(row.capacity_m3) - 2), unit: 'm3' as const },
          };
          const changed = priceReservation(planOfRow(row, change));
          requested = { ...change, min_price: changed.min, max_price: changed.max };
        }
        break;
      }
      default:
        decidedAt = new Date(Math.min(createdAt.getTime() + 2 * HOUR_MS, now.getTime()));
    }
    const reason = CANCELLED_BY_PARTNER.includes(row.status) ? random.pick(CANCEL_REASONS) : null;
    return {
      id: row.id,
      type: row.type,
      min_price: row.min_price === null ? null : prices.min,
      max_price: row.max_price === null ? null : prices.max,
      start_time_type: row.start_time_type,
      end_time: row.end_time,
      end_town: row.end_town,
      end_postcode: row.end_postcode,
      end_lat: row.end_lat,
      end_lng: row.end_lng,
      external_jobs: row.external_jobs,
      created_at: createdAt,
      decide_at: decideAt,
      decided_at: decidedAt,
      offer_expires_at: offerExpiresAt,
      status_before_request: before,
      requested_change: requested,
      cancel_reason: reason,
      cancel_note: reason ? NOTES[reason] : null,
    };
  });
  await db.query(
    `update reservations r
        set type = v.type, min_price = v.min_price, max_price = v.max_price, start_time_type = v.start_time_type,
            end_time = v.end_time, end_town = v.end_town, end_postcode = v.end_postcode, end_lat = v.end_lat,
            end_lng = v.end_lng, external_jobs = v.external_jobs, created_at = v.created_at, decide_at = v.decide_at,
            decided_at = v.decided_at, offer_expires_at = v.offer_expires_at,
            status_before_request = v.status_before_request, requested_change = v.requested_change,
            cancel_reason = v.cancel_reason, cancel_note = v.cancel_note, updated_at = v.created_at
       from jsonb_to_recordset($1::jsonb) as v(id int, type text, min_price int, max_price int, start_time_type text,
            end_time timestamptz, end_town text, end_postcode text, end_lat float8, end_lng float8, external_jobs jsonb,
            created_at timestamptz, decide_at timestamptz, decided_at timestamptz, offer_expires_at timestamptz,
            status_before_request text, requested_change jsonb, cancel_reason text, cancel_note text)
      where r.id = v.id`,
    [JSON.stringify(updates)],
  );
};

/** A private job from `from` to `to` on `date`: pickup 10:00–12:00, delivery 13:00–15:00, 30 minutes on site each. */
const privateJob = (random: Random, date: string, from: Town, to: Town): ExternalJob => {
  const stop = (town: Town, opens: number) => ({
    place: { lat: town.lat, lng: town.lng, town: town.name, postcode: seedPostcode(random, town.postcodeArea) },
    timeWindowStart: londonInstant(date, opens).toISOString(),
    timeWindowEnd: londonInstant(date, opens + 2).toISOString(),
    durationOnSiteInSeconds: 1800,
  });
  return {
    uuid: random.uuid(),
    volumeInM3: 4,
    nodes: [
      { ...stop(from, 10), sortOrder: 1, nodeType: 'pickup' },
      { ...stop(to, 13), sortOrder: 2, nodeType: 'delivery' },
    ],
  };
};
