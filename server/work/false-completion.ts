import { DONE_JOB_STATUSES, type FalseCompletionResponse } from '@/schemas/work';
import type { Db } from '@/server/db/db';
import { sqlList } from '@/server/db/sql-list';
import { done, falseCompletionRefusal, notFound, suspensionEnd, type WorkOutcome } from '@/server/work/work-rules';

/**
 * POST /v1/admin/listings/{id}/false-completion (admins; the seed tools of the demo, spec §9): a completion found
 * false. In one transaction the job goes back to `allocated` with its completion cleared (realised_at, completed_at,
 * the issue, archiving, and the feedback request with its rating, which were about a completion that did not
 * happen), and its partner is suspended for 7 days from now (a longer suspension already running is kept). 404 for
 * no such job (or one nobody won), 409 not_completed for a job that was not completed.
 */
export const declareFalseCompletion = async (
  db: Db,
  input: { id: number; now: Date },
): Promise<WorkOutcome<typeof FalseCompletionResponse.Encoded>> => {
  const { id, now } = input;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ provider_id: number }>(
      `update jobs set status = 'allocated', realised_at = null, completed_at = null, completion_issue = null,
              archived_at = null
        where id = $1 and provider_id is not null and status in ${sqlList(DONE_JOB_STATUSES)}
        returning provider_id`,
      [id],
    );
    const providerId = rows[0]?.provider_id;
    if (providerId === undefined) {
      const job = await tx.query<{ status: string }>(
        'select status from jobs where id = $1 and provider_id is not null',
        [id],
      );
      return job.rows[0] ? (falseCompletionRefusal(job.rows[0]) ?? notFound) : notFound;
    }
    await tx.query('delete from job_feedback_requests where job_id = $1', [id]);
    const suspended = await tx.query<{ suspended_until: Date }>(
      `update users set suspended_until = greatest(coalesce(suspended_until, $2), $2)
        where id = $1 returning suspended_until`,
      [providerId, suspensionEnd(now)],
    );
    return done({
      listing_id: id,
      job_status: 'allocated' as const,
      suspended_until: (suspended.rows[0]?.suspended_until ?? suspensionEnd(now)).toISOString(),
    });
  });
};
