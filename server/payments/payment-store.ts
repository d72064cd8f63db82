import {
  EXPRESS_FEE_BASIS_POINTS,
  EXPRESS_FEE_MINIMUM,
  PAYDAY_OFFSET_DAYS,
  PAYMENTS_PAGE_SIZE,
  expressFee,
  type ExpressPaySettings,
  type Invoice,
  type InvoiceLine,
  type InvoiceBrief,
  type InvoicePage,
  type PageMeta,
  type PaymentsSummary,
  type Payout,
  type PayoutBrief,
  type PayoutItem,
  type PayoutPage,
  type PayoutStatus,
} from '@/schemas/payments';
import type { MinorUnits } from '@/schemas/money';
import type { Db } from '@/server/db/db';
import { NotFoundError } from '@/server/http/api-errors';
import { PLATFORM_DETAILS } from '@/server/payments/platform-details';
import { addDays, londonDate, startOfLondonWeek } from '@/server/time/london';

/**
 * Reads and writes of the payments slice (migration 0011, schemas/payments.ts). Every read takes the signed-in
 * partner's id and filters by it: another partner's payout or invoice answers like a missing one (NotFoundError, 404).
 */

interface PayoutRow {
  id: number;
  status: PayoutStatus;
  week_start: string;
  amount: number;
  fee: number;
  express: boolean;
  scheduled_for: string | null;
  transferred_at: Date | null;
  reference: string;
  invoice_id: number | null;
}

interface ItemRow {
  id: number;
  payout_id: number;
  job_id: number | null;
  reservation_id: number | null;
  description: string;
  work_date: string;
  amount: number;
}

const PAYOUT_COLUMNS = `p.id, p.status, p.week_start::text as week_start, p.amount, p.fee, p.express,
  p.scheduled_for::text as scheduled_for, p.transferred_at, p.reference, i.id as invoice_id`;

const itemOf = (row: ItemRow): PayoutItem =>
  ({
    id: row.id,
    kind: row.job_id === null ? 'reservation' : 'job',
    job_id: row.job_id,
    reservation_id: row.reservation_id,
    description: row.description,
    date: row.work_date,
    amount: row.amount,
  }) as PayoutItem;

const payoutOf = (row: PayoutRow, items: readonly ItemRow[]): Payout =>
  ({
    id: row.id,
    status: row.status,
    week_start: row.week_start,
    amount: row.amount,
    fee: row.fee,
    net: row.amount - row.fee,
    express: row.express,
    scheduled_for: row.scheduled_for,
    transferred_at: row.transferred_at ? new Date(row.transferred_at).toISOString() : null,
    reference: row.reference,
    invoice_id: row.invoice_id,
    items: items.filter((item) => item.payout_id === row.id).map(itemOf),
  }) as unknown as Payout;

const pageMeta = (page: number, total: number): PageMeta => ({
  page,
  per_page: PAYMENTS_PAGE_SIZE,
  total,
  last_page: Math.max(1, Math.ceil(total / PAYMENTS_PAGE_SIZE)),
});

const itemsOf = async (db: Db, payoutIds: readonly number[]): Promise<ItemRow[]> =>
  payoutIds.length === 0
    ? []
    : (
        await db.query<ItemRow>(
          `select id, payout_id, job_id, reservation_id, description, work_date::text as work_date, amount
             from payout_items where payout_id = any($1::int[]) order by work_date, id`,
          [payoutIds],
        )
      ).rows;

/**
 * A page of the partner's payouts, one status or all: pending first, then scheduled, then transferred, each newest
 * week first.
 */
export const listPayouts = async (
  db: Db,
  userId: number,
  query: { readonly status?: PayoutStatus | undefined; readonly page: number },
): Promise<PayoutPage> => {
  const status = query.status ?? null;
  const [{ rows }, count] = await Promise.all([
    db.query<PayoutRow>(
      `select ${PAYOUT_COLUMNS} from payouts p left join invoices i on i.payout_id = p.id
        where p.user_id = $1 and ($2::text is null or p.status = $2)
        order by case p.status when 'pending' then 0 when 'scheduled' then 1 else 2 end, p.week_start desc, p.id desc
        limit $3 offset $4`,
      [userId, status, PAYMENTS_PAGE_SIZE, (query.page - 1) * PAYMENTS_PAGE_SIZE],
    ),
    db.query<{ n: number }>(
      'select count(*)::int as n from payouts where user_id = $1 and ($2::text is null or status = $2)',
      [userId, status],
    ),
  ]);
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((row) => payoutOf(row, items)), meta: pageMeta(query.page, count.rows[0]?.n ?? 0) };
};

/** The express pay settings (no row: both off) with the fee terms, and whether the flag lets the partner use it. */
export const loadExpressPay = async (db: Db, userId: number): Promise<ExpressPaySettings> => {
  const [settings, flag] = await Promise.all([
    db.query<{ enrolled: boolean; auto_enrol: boolean }>(
      'select enrolled, auto_enrol from express_pay_settings where user_id = $1',
      [userId],
    ),
    db.query<{ enabled: boolean }>("select enabled from feature_flags where user_id = $1 and flag = 'express_pay'", [
      userId,
    ]),
  ]);
  return {
    available: flag.rows[0]?.enabled === true,
    enrolled: settings.rows[0]?.enrolled ?? false,
    auto_enrol: settings.rows[0]?.auto_enrol ?? false,
    fee_basis_points: EXPRESS_FEE_BASIS_POINTS,
    fee_minimum: EXPRESS_FEE_MINIMUM,
  } as ExpressPaySettings;
};

/**
 * Saves the switches. `enrolled` applies at once to the current week's pending payout: it becomes express, with its
 * fee (or goes back to the Friday payout without one). Refused (null) when the express_pay flag is off.
 */
export const saveExpressPay = async (
  db: Db,
  userId: number,
  input: { readonly enrolled: boolean; readonly auto_enrol: boolean },
  now: Date,
): Promise<ExpressPaySettings | null> => {
  if (!(await loadExpressPay(db, userId)).available) return null;
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into express_pay_settings (user_id, enrolled, auto_enrol, updated_at) values ($1, $2, $3, $4)
         on conflict (user_id) do update set enrolled = $2, auto_enrol = $3, updated_at = $4`,
      [userId, input.enrolled, input.auto_enrol, now],
    );
    const { rows } = await tx.query<{ id: number; amount: number }>(
      "select id, amount from payouts where user_id = $1 and status = 'pending'",
      [userId],
    );
    for (const payout of rows)
      await tx.query('update payouts set express = $2, fee = $3 where id = $1', [
        payout.id,
        input.enrolled,
        input.enrolled ? expressFee(payout.amount) : 0,
      ]);
  });
  return loadExpressPay(db, userId);
};

const brief = (row: { id: number; amount: number; fee: number; date: string }): PayoutBrief =>
  ({ id: row.id, amount: row.amount, net: row.amount - row.fee, date: row.date }) as PayoutBrief;

/** The page's head: this London week so far, the next transfer, the last one, express pay. */
export const loadSummary = async (db: Db, userId: number, now: Date): Promise<PaymentsSummary> => {
  const weekStart = londonDate(startOfLondonWeek(now));
  const [current, next, last, express] = await Promise.all([
    db.query<{ items: number; amount: number }>(
      `select count(i.id)::int as items, coalesce(sum(i.amount), 0)::int as amount
         from payouts p join payout_items i on i.payout_id = p.id
        where p.user_id = $1 and p.status = 'pending' and p.week_start = $2::date`,
      [userId, weekStart],
    ),
    // The next transfer: the first scheduled payout; with none (its Friday has passed), this week's pending one,
    // on its own payday (the Friday after the week).
    db.query<{ id: number; amount: number; fee: number; date: string }>(
      `select id, amount, fee, coalesce(scheduled_for, week_start + ${PAYDAY_OFFSET_DAYS})::text as date from payouts
        where user_id = $1 and (status = 'scheduled' or (status = 'pending' and amount > 0))
        order by case status when 'scheduled' then 0 else 1 end, scheduled_for, week_start, id limit 1`,
      [userId],
    ),
    db.query<{ id: number; amount: number; fee: number; transferred_at: Date }>(
      `select id, amount, fee, transferred_at from payouts
        where user_id = $1 and status = 'transferred' order by transferred_at desc, id desc limit 1`,
      [userId],
    ),
    loadExpressPay(db, userId),
  ]);
  const lastRow = last.rows[0];
  const nextRow = next.rows[0];
  return {
    current_week: {
      week_start: weekStart,
      week_end: addDays(weekStart, 6),
      items: current.rows[0]?.items ?? 0,
      amount: current.rows[0]?.amount ?? 0,
    },
    next_scheduled: nextRow ? brief(nextRow) : null,
    last_transferred: lastRow ? brief({ ...lastRow, date: londonDate(new Date(lastRow.transferred_at)) }) : null,
    express_pay: express,
  } as PaymentsSummary;
};

/** One row of the CSV export: a payout item with its payout's reference, status and share of the fee. */
export interface ExportRow {
  readonly date: string;
  readonly reference: string;
  readonly description: string;
  readonly status: PayoutStatus;
  readonly amount: number;
  readonly fee: number;
}

/**
 * The partner's payout items dated `from` to `to` (London dates, both included), oldest first. A payout's express
 * fee is shared among its items in proportion to their amounts (largest remainders get the odd pence), so the fee
 * column of a payout's rows adds up to its fee.
 */
export const exportRows = async (db: Db, userId: number, from: string, to: string): Promise<ExportRow[]> => {
  const { rows } = await db.query<ItemRow & { status: PayoutStatus; reference: string; fee: number; total: number }>(
    `select i.id, i.payout_id, i.job_id, i.reservation_id, i.description, i.work_date::text as work_date, i.amount,
            p.status, p.reference, p.fee, p.amount as total
       from payout_items i join payouts p on p.id = i.payout_id
      where p.user_id = $1 and i.work_date between $2::date and $3::date
      order by i.work_date, i.id`,
    [userId, from, to],
  );
  const shares = await feeShares(db, rows);
  return rows.map((row) => ({
    date: row.work_date,
    reference: row.reference,
    description: row.description,
    status: row.status,
    amount: row.amount,
    fee: shares.get(row.id) ?? 0,
  }));
};

/** Each item's share of its payout's fee, over all the payout's items (an export range may cut a payout). */
const feeShares = async (db: Db, rows: readonly { payout_id: number; fee: number }[]): Promise<Map<number, number>> => {
  const charged = [...new Set(rows.filter((r) => r.fee > 0).map((r) => r.payout_id))];
  const shares = new Map<number, number>();
  if (charged.length === 0) return shares;
  const items = await itemsOf(db, charged);
  const fees = new Map(rows.map((r) => [r.payout_id, r.fee]));
  for (const payoutId of charged) {
    const own = items.filter((i) => i.payout_id === payoutId);
    for (const [id, share] of splitFee(
      fees.get(payoutId) ?? 0,
      own.map((i) => ({ id: i.id, amount: i.amount })),
    ))
      shares.set(id, share);
  }
  return shares;
};

/** Splits `fee` over `items` in proportion to their amounts; the shares add up to `fee` exactly. */
export const splitFee = (fee: number, items: readonly { id: number; amount: number }[]): Map<number, number> => {
  const total = items.reduce((sum, i) => sum + i.amount, 0);
  const shares = new Map<number, number>();
  if (items.length === 0) return shares;
  const exact = items.map((i) => ({ id: i.id, exact: total === 0 ? fee / items.length : (fee * i.amount) / total }));
  let left = fee;
  for (const e of exact) {
    const floor = Math.floor(e.exact);
    shares.set(e.id, floor);
    left -= floor;
  }
  const byRemainder = [...exact].sort(
    (a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || a.id - b.id,
  );
  for (let i = 0; left > 0; i = (i + 1) % byRemainder.length, left--) {
    const e = byRemainder[i];
    if (e) shares.set(e.id, (shares.get(e.id) ?? 0) + 1);
  }
  return shares;
};

interface InvoiceRow {
  id: number;
  number: string;
  payout_id: number;
  issued_at: Date;
  net: number;
  vat: number;
  total: number;
}

const briefOf = (row: InvoiceRow): InvoiceBrief =>
  ({
    id: row.id,
    number: row.number,
    payout_id: row.payout_id,
    issued_at: new Date(row.issued_at).toISOString(),
    total: row.total,
  }) as InvoiceBrief;

/** A page of the partner's invoices, newest first. */
export const listInvoices = async (db: Db, userId: number, page: number): Promise<InvoicePage> => {
  const [{ rows }, count] = await Promise.all([
    db.query<InvoiceRow>(
      `select id, number, payout_id, issued_at, net, vat, total from invoices where user_id = $1
        order by issued_at desc, id desc limit $2 offset $3`,
      [userId, PAYMENTS_PAGE_SIZE, (page - 1) * PAYMENTS_PAGE_SIZE],
    ),
    db.query<{ n: number }>('select count(*)::int as n from invoices where user_id = $1', [userId]),
  ]);
  return { data: rows.map(briefOf), meta: pageMeta(page, count.rows[0]?.n ?? 0) };
};

/** The invoice's number: INV-<year issued>-<id, 6 digits>. */
export const invoiceNumber = (id: number, issuedAt: Date): string =>
  `INV-${londonDate(issuedAt).slice(0, 4)}-${String(id).padStart(6, '0')}`;

/** A path id: a positive whole number that fits the column, else null (answered 404). */
export const pathId = (text: string): number | null => (/^[1-9]\d{0,8}$/.test(text) ? Number(text) : null);

/** One of the partner's invoices in full, with both parties; another partner's is NotFoundError. */
export const loadInvoice = async (db: Db, userId: number, id: number): Promise<Invoice> => {
  const { rows } = await db.query<
    InvoiceRow & {
      week_start: string;
      fee: number;
      full_name: string;
      address_town: string | null;
      address_postcode: string | null;
      email: string;
    }
  >(
    `select i.id, i.number, i.payout_id, i.issued_at, i.net, i.vat, i.total, p.week_start::text as week_start, p.fee,
            u.full_name, u.address_town, u.address_postcode, u.email
       from invoices i join payouts p on p.id = i.payout_id join users u on u.id = i.user_id
      where i.id = $1 and i.user_id = $2`,
    [id, userId],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError('invoice');
  const items = await itemsOf(db, [row.payout_id]);
  const lines: InvoiceLine[] = items.map((item) => ({
    kind: item.job_id === null ? 'reservation' : 'job',
    description: item.description,
    date: item.work_date,
    amount: item.amount as MinorUnits,
  }));
  if (row.fee > 0)
    lines.push({ kind: 'fee', description: 'Express pay fee', date: null, amount: -row.fee as MinorUnits });
  return {
    ...briefOf(row),
    week_start: row.week_start,
    supplier: {
      name: row.full_name,
      address: [row.address_town, row.address_postcode].filter((part): part is string => part !== null),
      vat_number: null,
    },
    customer: PLATFORM_DETAILS,
    lines,
    vat_rate: 20,
    net: row.net,
    vat: row.vat,
  } as unknown as Invoice;
};
