import {
  ACTIVE_JOB_STATUSES,
  DONE_JOB_STATUSES,
  WON_WORK_PAGE_SIZE,
  type WonWorkQuery,
  type WonWorkResponse,
} from '@/schemas/work';
import type { Db } from '@/server/db/db';
import { sqlList } from '@/server/db/sql-list';
import { SqlParams } from '@/server/search/sql-params';
import {
  loadSuspendedUntil,
  toQuotedJob,
  toWonJob,
  WON_JOB_COLUMNS,
  WON_JOB_FROM,
  type WonJobRow,
} from '@/server/work/won-job-row';
import { EXPIRED_QUOTE_DAYS } from '@/server/work/work-rules';

const DAY_MS = 86_400_000;

/**
 * The three tabs as SQL over WON_JOB_FROM (`j` the job). Archived jobs are in no tab. A live quote is the caller's
 * quote (listing_quotes, migration 0003) on an auction nobody has won, whose pickup window is open or closed less than
 * EXPIRED_QUOTE_DAYS ago (then listed as EXPIRED).
 */
const TAB_WHERE = {
  active: `j.status in ${sqlList(ACTIVE_JOB_STATUSES)} and j.archived_at is null`,
  completed: `j.status in ${sqlList(DONE_JOB_STATUSES)} and j.archived_at is null`,
} as const;
const TAB_ORDER = {
  active: 'j.pickup_date_start asc, j.id asc',
  completed: 'coalesce(j.completed_at, j.realised_at) desc nulls last, j.id desc',
  live_quotes: 'j.pickup_date_start asc, j.id asc',
} as const;

/** `provider_id = user` plus the filters: the vehicle the job was booked with, the driver on it. */
const ownedAndFiltered = (params: SqlParams, userId: number, query: WonWorkQuery): string => {
  const clauses = [`j.provider_id = ${params.add(userId)}`];
  if (query.vehicle_id != null) clauses.push(`j.provider_vehicle_id = ${params.add(query.vehicle_id)}`);
  if (query.driver_id != null) clauses.push(`j.driver_id = ${params.add(query.driver_id)}`);
  return clauses.join(' and ');
};

const liveQuoteWhere = (params: SqlParams, userId: number, now: Date): string =>
  `q.user_id = ${params.add(userId)} and j.kind = 'auction' and j.status = 'pending_allocation'
   and j.provider_id is null and j.pickup_date_end > ${params.add(new Date(now.getTime() - EXPIRED_QUOTE_DAYS * DAY_MS))}`;

/**
 * GET /ng/api/v3/provider/won-work: one page of a tab, its total, and what every tab holds with the same filters
 * (live quotes ignore the vehicle and driver filters: a quote has neither). Three statements: the counts, the page,
 * and the caller's suspension (which decides `can.complete`).
 */
export const loadWonWork = async (
  db: Db,
  userId: number,
  query: WonWorkQuery,
  now: Date,
): Promise<typeof WonWorkResponse.Encoded> => {
  const counting = new SqlParams();
  const mine = ownedAndFiltered(counting, userId, query);
  const quotes = liveQuoteWhere(counting, userId, now);
  const counts = db.query<{ active: number; completed: number; live_quotes: number }>(
    `select (select count(*)::int from jobs j where ${mine} and ${TAB_WHERE.active}) as active,
            (select count(*)::int from jobs j where ${mine} and ${TAB_WHERE.completed}) as completed,
            (select count(*)::int from listing_quotes q join jobs j on j.id = q.job_id where ${quotes}) as live_quotes`,
    counting.values,
  );

  const params = new SqlParams();
  const offset = (query.page - 1) * WON_WORK_PAGE_SIZE;
  const paging = `order by ${TAB_ORDER[query.tab]} limit ${params.add(WON_WORK_PAGE_SIZE)} offset ${params.add(offset)}`;
  const page =
    query.tab === 'live_quotes'
      ? db.query<WonJobRow & { quote_amount: number }>(
          `select ${WON_JOB_COLUMNS}, q.amount as quote_amount
             from listing_quotes q join ${WON_JOB_FROM} on j.id = q.job_id
            where ${liveQuoteWhere(params, userId, now)} ${paging}`,
          params.values,
        )
      : db.query<WonJobRow>(
          `select ${WON_JOB_COLUMNS} from ${WON_JOB_FROM}
            where ${ownedAndFiltered(params, userId, query)} and ${TAB_WHERE[query.tab]} ${paging}`,
          params.values,
        );

  const [countRows, pageRows, suspendedUntil] = await Promise.all([counts, page, loadSuspendedUntil(db, userId)]);
  const tabCounts = countRows.rows[0] ?? { active: 0, completed: 0, live_quotes: 0 };
  return {
    rows:
      query.tab === 'live_quotes'
        ? (pageRows.rows as (WonJobRow & { quote_amount: number })[]).map((row) => toQuotedJob(row, now))
        : pageRows.rows.map((row) => toWonJob(row, now, suspendedUntil)),
    rows_total: tabCounts[query.tab],
    page: query.page,
    page_size: WON_WORK_PAGE_SIZE,
    counts: tabCounts,
  };
};

/** The caller's active won jobs (allocated, in realisation): the count of POST /ajax-dashboard-provider-listing-won. */
export const countActiveWonJobs = async (db: Db, userId: number): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from jobs j where j.provider_id = $1 and ${TAB_WHERE.active}`,
    [userId],
  );
  return rows[0]?.n ?? 0;
};
