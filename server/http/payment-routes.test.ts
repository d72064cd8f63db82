import { Schema } from 'effect';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EXPORT_COLUMNS,
  EXPORT_RANGE_MESSAGES,
  EXPRESS_PAY_SAVED,
  ExpressPayResponse,
  Invoice,
  InvoicePage,
  PAYMENT_REFUSALS,
  PaymentsSummary,
  PayoutPage,
  expressFee,
  type Payout,
} from '@/schemas/payments';
import { readCsv, readCsvObjects } from '@/server/payments/csv-reader';
import { createSeededApp, SETUP_TIMEOUT_MS, signIn, type SeededApp } from '@/server/testing/seeded-app';

/**
 * The payments endpoints against the seeded demo (TEST_NOW: Wednesday 18 November 2026, 14:30 GMT; this London week
 * starts Monday 16 November): the owner's payouts and invoices only, each status, the summary, the CSV export read
 * back and checked against the list, its escaping and range rules, the printable invoice in both languages, and
 * express pay with its flag.
 */

type Who = 'partner' | 'starter' | 'admin';
let t: SeededApp;
const token = {} as Record<Who, string>;
const userId = {} as Record<Who, number>;

beforeAll(async () => {
  t = await createSeededApp({ tokenTtlS: 365 * 86_400, sessionTtlS: 365 * 86_400 });
  for (const who of ['partner', 'starter', 'admin'] as const) {
    token[who] = (await signIn(t.app, `${who}@example.com`)).token;
    const { rows } = await t.db.query<{ id: number }>('select id from users where email = $1', [`${who}@example.com`]);
    userId[who] = rows[0]!.id;
  }
}, SETUP_TIMEOUT_MS);
beforeEach(() => {
  t.errors.splice(0);
});

const headers = (who: Who, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token[who]}`, ...extra });
const get = (path: string, who: Who = 'partner', extra: Record<string, string> = {}) =>
  t.app.request(path, { headers: headers(who, extra) });
const putExpress = (body: unknown, who: Who = 'partner') =>
  t.app.request('/v1/payments/express-pay', {
    method: 'PUT',
    headers: { ...headers(who), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const decode = <A, I>(schema: Schema.Codec<A, I>) => Schema.decodeUnknownSync(schema);

/** Every payout of the caller, all pages. */
const allPayouts = async (who: Who = 'partner'): Promise<Payout[]> => {
  const out: Payout[] = [];
  for (let page = 1; ; page++) {
    const body = decode(PayoutPage)(await (await get(`/v1/payments?page=${page}`, who)).json());
    out.push(...body.data);
    if (page >= body.meta.last_page) return out;
  }
};

describe('payouts', () => {
  it("lists the owner's payouts: one pending this week, last week scheduled for Friday, older weeks transferred", async () => {
    const payouts = await allPayouts();
    const pending = payouts.filter((p) => p.status === 'pending');
    expect(pending.map((p) => p.week_start)).toEqual(['2026-11-16']);
    const scheduled = payouts.filter((p) => p.status === 'scheduled');
    expect(scheduled.map((p) => [p.week_start, p.scheduled_for])).toEqual([['2026-11-09', '2026-11-20']]);
    const transferred = payouts.filter((p) => p.status === 'transferred');
    expect(transferred.length).toBeGreaterThanOrEqual(3);
    for (const p of transferred) {
      expect(p.week_start < '2026-11-09').toBe(true);
      expect(p.invoice_id).not.toBeNull();
      expect(p.transferred_at).not.toBeNull();
    }
    for (const p of payouts) {
      expect(p.amount).toBe(p.items.reduce((sum, i) => sum + i.amount, 0));
      expect(p.net).toBe(p.amount - p.fee);
      expect(p.fee).toBe(p.express ? expressFee(p.amount) : 0);
      for (const item of p.items) expect(item.date >= p.week_start && item.date <= addDays(p.week_start, 6)).toBe(true);
    }
    // One seeded express payout, with its fee.
    expect(transferred.filter((p) => p.express)).toHaveLength(1);
    // Won work and completed reservations both pay.
    const kinds = new Set(payouts.flatMap((p) => p.items.map((i) => i.kind)));
    expect(kinds).toEqual(new Set(['job', 'reservation']));
  });

  it('filters by status and orders pending, scheduled, transferred, newest week first', async () => {
    const all = await allPayouts();
    for (const status of ['pending', 'scheduled', 'transferred'] as const) {
      const body = decode(PayoutPage)(await (await get(`/v1/payments?status=${status}`)).json());
      expect(body.data.map((p) => p.id)).toEqual(all.filter((p) => p.status === status).map((p) => p.id));
    }
    const transferred = all.filter((p) => p.status === 'transferred').map((p) => p.week_start);
    expect(transferred).toEqual([...transferred].sort().reverse());
  });

  it('shows each partner only its own payouts', async () => {
    const own = new Set((await allPayouts()).map((p) => p.id));
    const starters = await allPayouts('starter');
    expect(starters.some((p) => own.has(p.id))).toBe(false);
    const { rows } = await t.db.query<{ id: number }>('select id from payouts where user_id = $1', [userId.starter]);
    expect(starters.map((p) => p.id).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('pages 20 at a time', async () => {
    const body = decode(PayoutPage)(await (await get('/v1/payments?page=99')).json());
    expect(body.data).toEqual([]);
    expect(body.meta.per_page).toBe(20);
    expect(body.meta.page).toBe(99);
  });

  it('refuses a bad status or page with 422 and the field', async () => {
    for (const [query, field] of [
      ['status=paid', 'status'],
      ['page=0', 'page'],
      ['page=x', 'page'],
    ] as const) {
      const res = await get(`/v1/payments?${query}`);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.message).toBe('messages.validation');
      expect(Object.keys(body.errors)).toEqual([field]);
    }
  });
});

describe('the summary', () => {
  it('adds up this week, names the next and the last transfer, and the express pay terms', async () => {
    const summary = decode(PaymentsSummary)(await (await get('/v1/payments/summary')).json());
    const payouts = await allPayouts();
    const pending = payouts.find((p) => p.status === 'pending')!;
    expect(summary.current_week).toEqual({
      week_start: '2026-11-16',
      week_end: '2026-11-22',
      items: pending.items.length,
      amount: pending.amount,
    });
    expect(summary.next_scheduled?.date).toBe('2026-11-20');
    const last = payouts.filter((p) => p.status === 'transferred')[0]!;
    expect(summary.last_transferred?.id).toBe(last.id);
    expect(summary.express_pay).toEqual({
      available: true,
      enrolled: false,
      auto_enrol: false,
      fee_basis_points: 150,
      fee_minimum: 100,
    });
  });
});

describe('the next payment', () => {
  it("is this week's pending payout on its Friday once last week's was transferred", async () => {
    const scheduled = (await allPayouts()).find((p) => p.status === 'scheduled')!;
    const pending = (await allPayouts()).find((p) => p.status === 'pending')!;
    await t.db.query("update payouts set status = 'transferred', transferred_at = $2 where id = $1", [
      scheduled.id,
      t.clock.now,
    ]);
    try {
      const summary = decode(PaymentsSummary)(await (await get('/v1/payments/summary')).json());
      expect(summary.next_scheduled).toEqual({
        id: pending.id,
        amount: pending.amount,
        net: pending.net,
        date: '2026-11-27',
      });
      expect(summary.last_transferred?.id).toBe(scheduled.id);
    } finally {
      await t.db.query("update payouts set status = 'scheduled', transferred_at = null where id = $1", [scheduled.id]);
    }
  });
});

describe('invoices', () => {
  it("lists the owner's invoices, one per transferred payout; invoice 1 is the owner's", async () => {
    const page = decode(InvoicePage)(await (await get('/v1/invoices')).json());
    const transferred = (await allPayouts()).filter((p) => p.status === 'transferred');
    expect(page.data.map((i) => i.payout_id).sort()).toEqual(transferred.map((p) => p.id).sort());
    expect(page.data.map((i) => i.id)).toContain(1);
    for (const i of page.data) expect(i.number).toMatch(/^INV-\d{4}-\d{6}$/);
  });

  it('gives an invoice with its lines, net, 20% VAT and a total that is what was transferred', async () => {
    const transferred = (await allPayouts()).filter((p) => p.status === 'transferred');
    for (const payout of transferred) {
      const invoice = decode(Invoice)(await (await get(`/v1/invoices/${payout.invoice_id}`)).json());
      expect(invoice.total).toBe(payout.net);
      expect(invoice.net + invoice.vat).toBe(invoice.total);
      expect(invoice.vat).toBe(invoice.total - Math.round(invoice.total / 1.2));
      expect(invoice.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(invoice.total);
      expect(invoice.lines.filter((l) => l.kind === 'fee')).toHaveLength(payout.express ? 1 : 0);
      expect(invoice.supplier.name).toBe('Dan Carter');
      expect(invoice.customer.vat_number).not.toBeNull();
    }
  });

  it("answers another partner's invoice, and a missing or malformed id, with 404", async () => {
    for (const who of ['starter', 'admin'] as const) {
      expect((await get('/v1/invoices/1', who)).status).toBe(404);
      expect((await get('/v1/invoices/1/print', who)).status).toBe(404);
    }
    for (const id of ['999999', '0', 'abc', '1e3', '12345678901'])
      expect((await get(`/v1/invoices/${id}`)).status).toBe(404);
  });

  it('prints an invoice as HTML without script or inline style, in English with £ or in Spanish with €', async () => {
    const invoice = decode(Invoice)(await (await get('/v1/invoices/1')).json());
    const en = await get('/v1/invoices/1/print');
    expect(en.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await en.text();
    expect(html).toContain(`<h1>Invoice ${invoice.number}</h1>`);
    expect(html).toContain('VAT (20%)');
    expect(html).toContain('£');
    expect(html).toContain('Partner Marketplace Ltd');
    expect(html).not.toMatch(/<script|<style|style=/i);
    const es = await (await get('/v1/invoices/1/print', 'partner', { 'accept-language': 'es_ES' })).text();
    expect(es).toContain(`<h1>Factura ${invoice.number}</h1>`);
    expect(es).toContain('€');
    expect(es).toContain('lang="es"');
  });
});

describe('the CSV export', () => {
  const csv = (query: string, who: Who = 'partner', extra: Record<string, string> = {}) =>
    get(`/v1/payments/export.csv?${query}`, who, extra);

  it('is a UTF-8 CSV with a BOM, CRLF line ends, the header row and one row per payout item in the range', async () => {
    const res = await csv('from=2026-01-01&to=2026-12-31');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="payments-2026-01-01-2026-12-31.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(readCsv(text)[0]).toEqual([...EXPORT_COLUMNS]);

    const rows = readCsvObjects(text);
    const items = (await allPayouts()).flatMap((p) => p.items.map((i) => ({ ...i, payout: p })));
    expect(rows).toHaveLength(items.length);
    const cents = (s: string) => Math.round(Number(s) * 100);
    expect(rows.reduce((sum, r) => sum + cents(r.amount!), 0)).toBe(items.reduce((sum, i) => sum + i.amount, 0));
    expect(rows.reduce((sum, r) => sum + cents(r.fee!), 0)).toBe(
      (await allPayouts()).reduce((sum, p) => sum + p.fee, 0),
    );
    for (const row of rows) {
      expect(row.amount).toMatch(/^\d+\.\d{2}$/);
      expect(cents(row.net!)).toBe(cents(row.amount!) - cents(row.fee!));
      expect(row.currency).toBe('GBP');
    }
    expect(rows.map((r) => r.date)).toEqual(rows.map((r) => r.date).sort());
  });

  it('keeps to the range, both ends included', async () => {
    const items = (await allPayouts()).flatMap((p) => p.items);
    const day = items[0]!.date;
    const rows = readCsvObjects(await (await csv(`from=${day}&to=${day}`)).text());
    expect(rows.map((r) => r.description).sort()).toEqual(
      items
        .filter((i) => i.date === day)
        .map((i) => i.description)
        .sort(),
    );
  });

  it('shows EUR for a Spanish caller, with the same dot decimals', async () => {
    const rows = readCsvObjects(
      await (await csv('from=2026-01-01&to=2026-12-31', 'partner', { 'accept-language': 'es_ES' })).text(),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.currency).toBe('EUR');
  });

  it('quotes a description with a comma, a quote and a line break, and defuses a formula', async () => {
    const pending = (await allPayouts()).find((p) => p.status === 'pending')!;
    const { rows: reservations } = await t.db.query<{ id: number }>(
      `select id from reservations where user_id = $1 and id not in (select reservation_id from payout_items
        where reservation_id is not null) order by id limit 2`,
      [userId.partner],
    );
    const tricky = 'Piano, "Steinway"\nsecond floor';
    await t.db.query(
      `insert into payout_items (payout_id, reservation_id, description, work_date, amount)
       values ($1, $2, $3, '2026-11-17', 1234), ($1, $4, '=HYPERLINK("x")', '2026-11-17', 1)`,
      [pending.id, reservations[0]!.id, tricky, reservations[1]!.id],
    );
    try {
      const text = await (await csv('from=2026-11-17&to=2026-11-17')).text();
      expect(text).toContain('"Piano, ""Steinway""\nsecond floor"');
      const rows = readCsvObjects(text);
      expect(rows.find((r) => r.amount === '12.34')?.description).toBe(tricky);
      expect(rows.find((r) => r.amount === '0.01')?.description).toBe('\'=HYPERLINK("x")');
    } finally {
      await t.db.query('delete from payout_items where reservation_id = any($1::int[])', [
        reservations.map((r) => r.id),
      ]);
    }
  });

  it('refuses a range that ends before it starts, lasts more than 366 days, or is not dates, with the field', async () => {
    const cases: [string, string, string | null][] = [
      ['from=2026-11-10&to=2026-11-09', 'to', EXPORT_RANGE_MESSAGES.toBeforeFrom],
      ['from=2025-01-01&to=2026-01-02', 'to', EXPORT_RANGE_MESSAGES.tooLong],
      ['from=2026-02-30&to=2026-03-01', 'from', null],
      ['from=2026-11-01', 'to', null],
    ];
    for (const [query, field, message] of cases) {
      const res = await csv(query);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(body.errors)).toEqual([field]);
      if (message) expect(body.errors[field]).toEqual([message]);
    }
    // 366 days, both ends included, is allowed (2024 was a leap year).
    expect((await csv('from=2024-01-01&to=2024-12-31')).status).toBe(200);
  });

  it("exports only the caller's own items", async () => {
    const own = (await allPayouts()).flatMap((p) => p.items.map((i) => i.description));
    const rows = readCsvObjects(await (await csv('from=2026-01-01&to=2026-12-31', 'starter')).text());
    const starters = (await allPayouts('starter')).flatMap((p) => p.items.map((i) => i.description));
    expect(rows.map((r) => r.description).sort()).toEqual([...starters].sort());
    expect(rows.some((r) => own.includes(r.description!))).toBe(false);
  });
});

describe('express pay', () => {
  it("enrols this week's payout with its fee, keeps auto-enrolment, and goes back without a fee", async () => {
    const on = decode(ExpressPayResponse)(
      await (await putExpress({ payload: { enrolled: true, auto_enrol: true } })).json(),
    );
    expect(on.message).toBe(EXPRESS_PAY_SAVED);
    expect(on.data).toMatchObject({ enrolled: true, auto_enrol: true, available: true });
    let pending = (await allPayouts()).find((p) => p.status === 'pending')!;
    expect(pending.express).toBe(true);
    expect(pending.fee).toBe(expressFee(pending.amount));
    const summary = decode(PaymentsSummary)(await (await get('/v1/payments/summary')).json());
    expect(summary.express_pay).toMatchObject({ enrolled: true, auto_enrol: true });

    const off = await putExpress({ payload: { enrolled: false, auto_enrol: true } });
    expect(((await off.json()) as ExpressPayResponse).data).toMatchObject({ enrolled: false, auto_enrol: true });
    pending = (await allPayouts()).find((p) => p.status === 'pending')!;
    expect(pending).toMatchObject({ express: false, fee: 0 });
    await putExpress({ payload: { enrolled: false, auto_enrol: false } });
  });

  it('refuses a partner whose express_pay flag is off with 403 and leaves the settings', async () => {
    await t.db.query("update feature_flags set enabled = false where user_id = $1 and flag = 'express_pay'", [
      userId.starter,
    ]);
    try {
      const res = await putExpress({ payload: { enrolled: true, auto_enrol: true } }, 'starter');
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: PAYMENT_REFUSALS.expressPayOff });
      const summary = decode(PaymentsSummary)(await (await get('/v1/payments/summary', 'starter')).json());
      expect(summary.express_pay).toMatchObject({ available: false, enrolled: false, auto_enrol: false });
    } finally {
      await t.db.query("update feature_flags set enabled = true where user_id = $1 and flag = 'express_pay'", [
        userId.starter,
      ]);
    }
  });

  it('refuses a body without both switches with 422', async () => {
    const res = await putExpress({ payload: { enrolled: 'yes' } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['auto_enrol', 'enrolled']);
  });

  it("is the caller's own: the admin's switches do not touch the owner's", async () => {
    await putExpress({ payload: { enrolled: true, auto_enrol: true } }, 'admin');
    const summary = decode(PaymentsSummary)(await (await get('/v1/payments/summary')).json());
    expect(summary.express_pay).toMatchObject({ enrolled: false, auto_enrol: false });
  });
});

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
