import { DONE_JOB_STATUSES } from '@/schemas/work';
import { HISTORY_PAGE_SIZE, MONTHS_SHOWN, type History, type Statistics } from '@/schemas/profile';
import type { Db } from '@/server/db/db';
import { sqlList } from '@/server/db/sql-list';
import { lastLondonMonths, londonMonth } from '@/server/profile/london-months';

/**
 * The profile's "statistics" and "history and invoicing" tabs (spec §2), from the partner's done marketplace jobs
 * (status realised, completed or finalised: DONE_JOB_STATUSES; archived ones too — archiving only tidies the won-work
 * tabs). A job counts in the month it was done: realised_at (the partner's completion), else the platform's
 * completed_at. Earnings are the jobs' prices in pence; an extra charge or the payout schedule is the payments
 * page's business (/payments), where the invoices are.
 */

const DONE = `j.provider_id = $1 and j.status in ${sqlList(DONE_JOB_STATUSES)}`;
const DONE_AT = 'coalesce(j.realised_at, j.completed_at)';

export const loadStatistics = async (db: Db, userId: number, now: Date): Promise<typeof Statistics.Encoded> => {
  const months = lastLondonMonths(now, MONTHS_SHOWN);
  const { rows } = await db.query<{ done_at: Date; price: number }>(
    `select ${DONE_AT} as done_at, j.price from jobs j where ${DONE} and ${DONE_AT} >= $2 and ${DONE_AT} <= $3`,
    [userId, months.start, now],
  );
  const byMonth = new Map(months.list.map((month) => [month, { month, jobs: 0, earnings: 0 }]));
  for (const row of rows) {
    const entry = byMonth.get(londonMonth(row.done_at));
    if (!entry) continue;
    entry.jobs += 1;
    entry.earnings += row.price;
  }
  const list = [...byMonth.values()];
  return {
    months: list,
    totals: {
      jobs: list.reduce((n, m) => n + m.jobs, 0),
      earnings: list.reduce((n, m) => n + m.earnings, 0),
    },
  };
};

interface HistoryRow {
  id: number;
  status: 'realised' | 'completed' | 'finalised';
  archived_at: Date | null;
  pickup_town: string;
  delivery_town: string;
  pickup_date_start: Date;
  done_at: Date | null;
  price: number;
}

/** GET /v1/history?page=: the partner's done jobs, newest first, 20 to a page. */
export const loadHistory = async (db: Db, userId: number, page: number): Promise<typeof History.Encoded> => {
  const total =
    (await db.query<{ n: number }>(`select count(*)::int as n from jobs j where ${DONE}`, [userId])).rows[0]?.n ?? 0;
  const { rows } = await db.query<HistoryRow>(
    `select j.id, j.status, j.archived_at, j.pickup_town, j.delivery_town, j.pickup_date_start,
            ${DONE_AT} as done_at, j.price
       from jobs j where ${DONE}
      order by ${DONE_AT} desc nulls last, j.id desc limit $2 offset $3`,
    [userId, HISTORY_PAGE_SIZE, (page - 1) * HISTORY_PAGE_SIZE],
  );
  return {
    rows: rows.map((row) => ({
      listing_id: row.id,
      status: row.status,
      archived: row.archived_at !== null,
      from_town: row.pickup_town,
      to_town: row.delivery_town,
      pickup_at: row.pickup_date_start.toISOString(),
      done_at: row.done_at?.toISOString() ?? null,
      price: row.price,
    })),
    total,
    page,
    last_page: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)),
  };
};
