import { expressFee, PAYDAY_OFFSET_DAYS, vatOf } from '@/schemas/payments';
import type { Db, SqlParam } from '@/server/db/db';
import { insertRows } from '@/server/seed/insert-rows';
import { addDays, londonDate, londonInstant, startOfLondonWeek } from '@/server/time/london';

/**
 * Payouts, their items and invoices (migration 0011, server/payments/), derived from the work the seed already made:
 * every partner's done jobs (realised, completed, finalised: paid at the job's price) and completed reservations
 * (paid at their guaranteed minimum price), grouped by the London week the work was done in. Seeded last and with no
 * randomness, so nothing seeded before changes and the result is the same for a clock and scale.
 *
 * - the current week: one `pending` payout, still earning;
 * - last week: `scheduled` for this week's Friday (its payday), or `transferred` once that Friday 10:00 has passed;
 * - older weeks: `transferred` on their payday, each with its self-billed invoice (VAT-inclusive, 20%).
 *
 * The demo partner (partner@example.com) goes first, so its invoices are 1, 2, … (the authorization matrix reads
 * invoice 1 as the owner's). Its second newest transferred payout went out by express pay (the day after its week,
 * with the fee), so an invoice shows the fee line; its express pay switches start off.
 */

const PARTNER = 'partner@example.com';
/** Payouts go out on the Friday after the week (PAYDAY_OFFSET_DAYS), at 10:00 London; express ones the Monday after. */
const EXPRESS_OFFSET_DAYS = 7;
const PAY_HOUR = 10;

interface Earning {
  readonly userId: number;
  readonly email: string;
  readonly jobId: number | null;
  readonly reservationId: number | null;
  readonly description: string;
  readonly date: string;
  readonly amount: number;
}

const weekOf = (date: string): string => londonDate(startOfLondonWeek(londonInstant(date, 12)));

const loadEarnings = async (tx: Db): Promise<Earning[]> => {
  const jobs = await tx.query<{
    user_id: number;
    email: string;
    id: number;
    done_at: Date;
    price: number;
    pickup_town: string;
    delivery_town: string;
  }>(
    `select j.provider_id as user_id, u.email, j.id, coalesce(j.completed_at, j.realised_at) as done_at, j.price,
            j.pickup_town, j.delivery_town
       from jobs j join users u on u.id = j.provider_id
      where u.role = 'transport_partner' and j.status in ('realised', 'completed', 'finalised')
        and coalesce(j.completed_at, j.realised_at) is not null
      order by j.id`,
  );
  const reservations = await tx.query<{
    user_id: number;
    email: string;
    id: number;
    date: string;
    min_price: number;
    start_town: string;
    type: string;
  }>(
    `select r.user_id, u.email, r.id, r.date::text as date, r.min_price, r.start_town, r.type
       from reservations r join users u on u.id = r.user_id
      where u.role = 'transport_partner' and r.status = 'completed' and r.min_price is not null
      order by r.id`,
  );
  return [
    ...jobs.rows.map((j) => ({
      userId: j.user_id,
      email: j.email,
      jobId: j.id,
      reservationId: null,
      description: `Job ${j.id}: ${j.pickup_town} to ${j.delivery_town}`,
      date: londonDate(new Date(j.done_at)),
      amount: j.price,
    })),
    ...reservations.rows.map((r) => ({
      userId: r.user_id,
      email: r.email,
      jobId: null,
      reservationId: r.id,
      description: `Reservation ${r.id}: ${r.type} day from ${r.start_town}`,
      date: r.date,
      amount: r.min_price,
    })),
  ];
};

interface PlannedPayout {
  readonly userId: number;
  readonly weekStart: string;
  readonly earnings: readonly Earning[];
  readonly status: 'pending' | 'scheduled' | 'transferred';
  readonly express: boolean;
  readonly scheduledFor: string | null;
  readonly transferredAt: Date | null;
}

/** The payouts of one partner's earnings, newest week first. */
const planPayouts = (userId: number, earnings: readonly Earning[], now: Date, demo: boolean): PlannedPayout[] => {
  const thisWeek = londonDate(startOfLondonWeek(now));
  const weeks = new Map<string, Earning[]>();
  for (const e of earnings) {
    const week = weekOf(e.date);
    if (week <= thisWeek) weeks.set(week, [...(weeks.get(week) ?? []), e]);
  }
  let transferredSoFar = 0;
  return [...weeks.keys()]
    .sort()
    .reverse()
    .map((weekStart) => {
      const list = weeks.get(weekStart) ?? [];
      if (weekStart === thisWeek)
        return {
          userId,
          weekStart,
          earnings: list,
          status: 'pending',
          express: false,
          scheduledFor: null,
          transferredAt: null,
        };
      const payday = addDays(weekStart, PAYDAY_OFFSET_DAYS);
      const paidAt = londonInstant(payday, PAY_HOUR);
      if (paidAt.getTime() > now.getTime())
        return {
          userId,
          weekStart,
          earnings: list,
          status: 'scheduled',
          express: false,
          scheduledFor: payday,
          transferredAt: null,
        };
      transferredSoFar += 1;
      const express = demo && transferredSoFar === 2;
      return {
        userId,
        weekStart,
        earnings: list,
        status: 'transferred',
        express,
        scheduledFor: express ? addDays(weekStart, EXPRESS_OFFSET_DAYS) : payday,
        transferredAt: express ? londonInstant(addDays(weekStart, EXPRESS_OFFSET_DAYS), PAY_HOUR) : paidAt,
      };
    });
};

const amountOf = (p: PlannedPayout) => p.earnings.reduce((sum, e) => sum + e.amount, 0);

export const seedPayments = async (tx: Db, now: Date): Promise<void> => {
  const earnings = await loadEarnings(tx);
  const users = [...new Map(earnings.map((e) => [e.userId, e.email])).entries()].sort(
    ([idA, a], [idB, b]) => Number(b === PARTNER) - Number(a === PARTNER) || idA - idB,
  );
  const plans = users.flatMap(([userId, email]) =>
    planPayouts(
      userId,
      earnings.filter((e) => e.userId === userId),
      now,
      email === PARTNER,
    ),
  );
  if (plans.length === 0) return;

  await insertRows(
    tx,
    'payouts',
    plans.map((p): Record<string, SqlParam> => {
      const amount = amountOf(p);
      return {
        user_id: p.userId,
        status: p.status,
        week_start: p.weekStart,
        amount,
        fee: p.express ? expressFee(amount) : 0,
        express: p.express,
        scheduled_for: p.scheduledFor,
        transferred_at: p.transferredAt,
        reference: `TPP-${String(p.userId).padStart(5, '0')}-${p.weekStart.replaceAll('-', '')}`,
        created_at: londonInstant(p.weekStart, 0),
      };
    }),
  );
  const ids = new Map(
    (
      await tx.query<{ id: number; user_id: number; week_start: string }>(
        'select id, user_id, week_start::text as week_start from payouts',
      )
    ).rows.map((r) => [`${r.user_id} ${r.week_start}`, r.id]),
  );
  const payoutId = (p: PlannedPayout) => {
    const id = ids.get(`${p.userId} ${p.weekStart}`);
    if (id === undefined) throw new Error(`payout ${p.userId} ${p.weekStart} was not inserted`);
    return id;
  };

  await insertRows(
    tx,
    'payout_items',
    plans.flatMap((p) =>
      p.earnings.map((e) => ({
        payout_id: payoutId(p),
        job_id: e.jobId,
        reservation_id: e.reservationId,
        description: e.description,
        work_date: e.date,
        amount: e.amount,
      })),
    ),
  );

  // Oldest first within each partner, the demo partner's first of all.
  const invoiced = users.flatMap(([userId]) =>
    plans.filter((p) => p.userId === userId && p.status === 'transferred').reverse(),
  );
  await insertRows(
    tx,
    'invoices',
    invoiced.map((p) => {
      const amount = amountOf(p);
      const total = amount - (p.express ? expressFee(amount) : 0);
      const vat = vatOf(total);
      return {
        number: `pending-${payoutId(p)}`,
        user_id: p.userId,
        payout_id: payoutId(p),
        issued_at: p.transferredAt,
        net: total - vat,
        vat,
        total,
      };
    }),
  );
  await tx.query(
    `update invoices set number = 'INV-' || to_char(issued_at at time zone 'Europe/London', 'YYYY') || '-'
       || lpad(id::text, 6, '0')`,
  );
  const demo = users.find(([, email]) => email === PARTNER);
  if (demo)
    await tx.query(
      'insert into express_pay_settings (user_id, enrolled, auto_enrol, updated_at) values ($1, false, false, $2)',
      [demo[0], now],
    );
};
