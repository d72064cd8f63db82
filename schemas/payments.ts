import { Effect, Schema } from 'effect';
import { MinorUnits } from './money';
import { CalendarDate, NonNegativeInt, says, saysAll } from './common';

/**
 * Payments, payouts and invoices (issue 8; spec §1 "payments (pending, scheduled, transferred, invoices)", §2
 * /payments, §6 feature flags new_payments_page and express_pay, §9 formatting). The spec shows no payload: these
 * shapes are this project's, documented in server/README.md "Payments". Money is integer minor units (pence) as
 * everywhere (schemas/money.ts); the portal divides by 100 and shows the locale's currency.
 *
 * Paths (all with `Authorization: Bearer <token>`; a partner sees only its own payouts and invoices, another
 * partner's id is 404 like a missing one):
 *   GET /v1/payments/summary                                          → PaymentsSummary
 *   GET /v1/payments?status=pending|scheduled|transferred&page=n       PaymentListQuery → PayoutPage (20 a page)
 *   GET /v1/payments/export.csv?from=yyyy-MM-dd&to=yyyy-MM-dd          PaymentExportQuery → text/csv (BOM, CRLF)
 *   PUT /v1/payments/express-pay   { payload: … } ExpressPayRequest    → ExpressPayResponse (403 without express_pay)
 *   GET /v1/invoices?page=n                                            InvoiceListQuery → InvoicePage
 *   GET /v1/invoices/{id}                                              → Invoice
 *   GET /v1/invoices/{id}/print                                        → text/html, in the Accept-Language locale
 */

/** A week's payout is transferred on the Friday after it: its Monday plus 11 days (10:00 London). */
export const PAYDAY_OFFSET_DAYS = 11;
/** Payouts and invoices are listed 20 to a page (spec §9 page size 20). */
export const PAYMENTS_PAGE_SIZE = 20;
/** The CSV export covers at most this many days, both ends included (a leap year). */
export const MAX_EXPORT_DAYS = 366;
/** UK VAT, standard rate, per cent. Amounts are VAT-inclusive: an invoice splits its total into net and VAT. */
export const VAT_RATE_PERCENT = 20;
/**
 * Express pay (spec §6 "express pay with fee and auto enrolment"): the payout of a week goes out the next working
 * day instead of on the Friday after, for a fee of EXPRESS_FEE_BASIS_POINTS (1.5%) of the payout, at least
 * EXPRESS_FEE_MINIMUM (£1). Fee = max(minimum, round(amount × 1.5%)), never more than the amount itself.
 */
export const EXPRESS_FEE_BASIS_POINTS = 150;
export const EXPRESS_FEE_MINIMUM = 100;

/** The express fee on a payout of `amount` pence (see EXPRESS_FEE_BASIS_POINTS). */
export const expressFee = (amount: number): number =>
  amount <= 0
    ? 0
    : Math.min(amount, Math.max(EXPRESS_FEE_MINIMUM, Math.round((amount * EXPRESS_FEE_BASIS_POINTS) / 10_000)));

/** The VAT inside a VAT-inclusive total (20%: total / 6, rounded to the penny); net is the rest. */
export const vatOf = (total: number): number => total - Math.round((total * 100) / (100 + VAT_RATE_PERCENT));

/** Refusals with a plain message. */
export const PAYMENT_REFUSALS = {
  expressPayOff: 'Express pay is not available on your account.',
} as const;

/** Messages of the export range, worded for partners (the portal shows them under the fields). */
export const EXPORT_RANGE_MESSAGES = {
  toBeforeFrom: 'The end date is before the start date',
  tooLong: `A range is at most ${MAX_EXPORT_DAYS} days`,
} as const;

export const PayoutStatus = Schema.Literals(['pending', 'scheduled', 'transferred']);
export type PayoutStatus = typeof PayoutStatus.Type;
export const PAYOUT_STATUSES = PayoutStatus.literals;

export const PayoutId = Schema.Number.check(Schema.isInt()).pipe(Schema.brand('PayoutId'));
export type PayoutId = typeof PayoutId.Type;
export const InvoiceId = Schema.Number.check(Schema.isInt()).pipe(Schema.brand('InvoiceId'));
export type InvoiceId = typeof InvoiceId.Type;

// ---------------------------------------------------------------------------------------------------------------
// Requests

const pageParam = Schema.NumberFromString.check(
  Schema.isInt({ message: 'page must be a whole number' }),
  Schema.isBetween({ minimum: 1, maximum: 100_000 }, { message: 'page must be at least 1' }),
).pipe(saysAll('page must be a whole number from 1'), Schema.withDecodingDefaultTypeKey(Effect.succeed(1)));

/** `GET /v1/payments`: one status or all, newest first. */
export const PaymentListQuery = Schema.Struct({
  status: Schema.optionalKey(PayoutStatus.annotate(says('status is pending, scheduled or transferred'))),
  page: pageParam,
});
export type PaymentListQuery = typeof PaymentListQuery.Type;

export const InvoiceListQuery = Schema.Struct({ page: pageParam });
export type InvoiceListQuery = typeof InvoiceListQuery.Type;

/** Days from `from` to `to`, both included. */
export const rangeDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The export range rules: `to` not before `from`, at most MAX_EXPORT_DAYS days (a `Schema.makeFilter` predicate). */
export const exportRangeIssue = (range: { readonly from: string; readonly to: string }) => {
  if (range.to < range.from) return { path: ['to'], issue: EXPORT_RANGE_MESSAGES.toBeforeFrom };
  if (rangeDays(range.from, range.to) > MAX_EXPORT_DAYS) return { path: ['to'], issue: EXPORT_RANGE_MESSAGES.tooLong };
  return true;
};

/** `GET /v1/payments/export.csv`: the payout items dated (London) from `from` to `to`, both included. */
export const PaymentExportQuery = Schema.Struct({ from: CalendarDate, to: CalendarDate })
  .check(Schema.makeFilter(exportRangeIssue))
  .annotate({ identifier: 'PaymentExportQuery' });
export type PaymentExportQuery = typeof PaymentExportQuery.Type;

/** `PUT /v1/payments/express-pay` under `payload` (spec §7 bodies travel under a payload key). */
export const ExpressPayRequest = Schema.Struct({
  payload: Schema.Struct({
    enrolled: Schema.Boolean.annotate(says('enrolled is true or false')),
    auto_enrol: Schema.Boolean.annotate(says('auto_enrol is true or false')),
  }),
});
export type ExpressPayRequest = typeof ExpressPayRequest.Type;

// ---------------------------------------------------------------------------------------------------------------
// Responses

/** One earning in a payout: a completed job, or a completed reservation (its guaranteed minimum price). */
export const PayoutItem = Schema.Struct({
  id: Schema.Number,
  kind: Schema.Literals(['job', 'reservation']),
  job_id: Schema.NullOr(Schema.Number),
  reservation_id: Schema.NullOr(Schema.Number),
  description: Schema.String,
  /** The London calendar date the work was done, yyyy-MM-dd (the CSV export's range applies to it). */
  date: Schema.String,
  amount: MinorUnits,
});
export type PayoutItem = typeof PayoutItem.Type;

/**
 * A week's payout. `pending`: the current London week, still earning; `scheduled`: closed, to be transferred on
 * `scheduled_for`; `transferred`: paid at `transferred_at` with `reference`. `net` = `amount` − `fee` (the express
 * fee, 0 without express pay). A transferred payout has its invoice.
 */
export const Payout = Schema.Struct({
  id: PayoutId,
  status: PayoutStatus,
  /** Monday of the London week the work was done in, yyyy-MM-dd. */
  week_start: Schema.String,
  amount: MinorUnits,
  fee: MinorUnits,
  net: MinorUnits,
  express: Schema.Boolean,
  scheduled_for: Schema.NullOr(Schema.String),
  transferred_at: Schema.NullOr(Schema.String),
  reference: Schema.String,
  invoice_id: Schema.NullOr(InvoiceId),
  items: Schema.Array(PayoutItem),
});
export type Payout = typeof Payout.Type;

export const PageMeta = Schema.Struct({
  page: Schema.Number,
  per_page: Schema.Number,
  total: NonNegativeInt,
  last_page: Schema.Number,
});
export type PageMeta = typeof PageMeta.Type;

export const PayoutPage = Schema.Struct({ data: Schema.Array(Payout), meta: PageMeta });
export type PayoutPage = typeof PayoutPage.Type;

/** The express pay settings and their terms, so the portal explains the fee from the server's numbers. */
export const ExpressPaySettings = Schema.Struct({
  /** The express_pay feature flag is on for this partner: the switches can change. */
  available: Schema.Boolean,
  enrolled: Schema.Boolean,
  /** Enrol every new week's payout in express pay without asking. */
  auto_enrol: Schema.Boolean,
  fee_basis_points: Schema.Number,
  fee_minimum: MinorUnits,
});
export type ExpressPaySettings = typeof ExpressPaySettings.Type;

/** The message id of a saved change (spec §7: updates answer with a message and the data). */
export const EXPRESS_PAY_SAVED = 'payments.expressPay.saved';
export const ExpressPayResponse = Schema.Struct({ message: Schema.String, data: ExpressPaySettings });
export type ExpressPayResponse = typeof ExpressPayResponse.Type;

export const PayoutBrief = Schema.Struct({
  id: PayoutId,
  amount: MinorUnits,
  net: MinorUnits,
  date: Schema.String,
});
export type PayoutBrief = typeof PayoutBrief.Type;

export const PaymentsSummary = Schema.Struct({
  current_week: Schema.Struct({
    week_start: Schema.String,
    week_end: Schema.String,
    /** Payout items (jobs and reservations) earned so far. */
    items: NonNegativeInt,
    amount: MinorUnits,
  }),
  /**
   * The next transfer and its date: the first scheduled payout, or, once last week's was transferred on Friday, this
   * week's pending payout on its payday (amounts so far). Null when nothing is due.
   */
  next_scheduled: Schema.NullOr(PayoutBrief),
  /** The last transferred payout; `date` is when it was transferred (London). */
  last_transferred: Schema.NullOr(PayoutBrief),
  express_pay: ExpressPaySettings,
});
export type PaymentsSummary = typeof PaymentsSummary.Type;

export const InvoiceParty = Schema.Struct({
  name: Schema.String,
  address: Schema.Array(Schema.String),
  vat_number: Schema.NullOr(Schema.String),
});
export type InvoiceParty = typeof InvoiceParty.Type;

/** A line of an invoice: an item of the payout, or the express fee (a negative amount). */
export const InvoiceLine = Schema.Struct({
  kind: Schema.Literals(['job', 'reservation', 'fee']),
  description: Schema.String,
  date: Schema.NullOr(Schema.String),
  amount: MinorUnits,
});
export type InvoiceLine = typeof InvoiceLine.Type;

/** An invoice in a list. */
export const InvoiceBrief = Schema.Struct({
  id: InvoiceId,
  number: Schema.String,
  payout_id: PayoutId,
  issued_at: Schema.String,
  total: MinorUnits,
});
export type InvoiceBrief = typeof InvoiceBrief.Type;

export const InvoicePage = Schema.Struct({ data: Schema.Array(InvoiceBrief), meta: PageMeta });
export type InvoicePage = typeof InvoicePage.Type;

/**
 * A self-billed invoice: the platform writes it on the partner's behalf for a transferred payout. Lines are the
 * payout's items (VAT-inclusive) and, with express pay, the fee as a negative line; `total` is what was transferred,
 * split into `net` and `vat` at VAT_RATE_PERCENT.
 */
export const Invoice = Schema.Struct({
  id: InvoiceId,
  number: Schema.String,
  payout_id: PayoutId,
  issued_at: Schema.String,
  week_start: Schema.String,
  supplier: InvoiceParty,
  customer: InvoiceParty,
  lines: Schema.Array(InvoiceLine),
  vat_rate: Schema.Number,
  net: MinorUnits,
  vat: MinorUnits,
  total: MinorUnits,
});
export type Invoice = typeof Invoice.Type;

/** The CSV export's header row, in order. */
export const EXPORT_COLUMNS = [
  'date',
  'reference',
  'description',
  'status',
  'amount',
  'fee',
  'net',
  'currency',
] as const;
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
