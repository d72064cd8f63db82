import { DONE_JOB_STATUSES } from '@/schemas/work';
import type { Db } from '@/server/db/db';
import { sqlList } from '@/server/db/sql-list';
import { loadWonJobRow } from '@/server/work/won-job-row';
import { countActiveWonJobs } from '@/server/work/won-work-list';
import { archiveRefusal, done, notFound, type WorkOutcome } from '@/server/work/work-rules';

/**
 * POST /ajax-dashboard-provider-listing-won with `listing_id` and `action=archive` (spec §7): archives one of the
 * caller's finished jobs (realised, completed or finalised), which then leaves the won-work tabs (listing status
 * HIDDEN), and answers the caller's active won-job count like `countOnly`. An active job is refused (409
 * not_completed); archiving an archived job again changes nothing and answers the count.
 */
export const archiveJob = async (
  db: Db,
  input: { userId: number; id: number; now: Date },
): Promise<WorkOutcome<{ count: number }>> => {
  const { userId, id, now } = input;
  const { rows } = await db.query<{ id: number }>(
    `update jobs set archived_at = $3
      where id = $1 and provider_id = $2 and status in ${sqlList(DONE_JOB_STATUSES)} and archived_at is null
      returning id`,
    [id, userId, now],
  );
  if (rows.length === 0) {
    const job = await loadWonJobRow(db, userId, id);
    if (!job) return notFound;
    const refusal = archiveRefusal(job);
    if (refusal) return refusal;
  }
  return done({ count: await countActiveWonJobs(db, userId) });
};
