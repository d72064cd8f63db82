import {
  ACTIVE_JOB_STATUSES,
  ALREADY_COMPLETED_MESSAGE,
  type CompleteWithIssueRequest,
  type WonJob,
} from '@/schemas/work';
import type { Db } from '@/server/db/db';
import { sqlList } from '@/server/db/sql-list';
import { loadSuspendedUntil, loadWonJobRow, toWonJob } from '@/server/work/won-job-row';
import { completionRefusal, done, notFound, refused, type WorkOutcome } from '@/server/work/work-rules';

/** What a completion with an issue records on the job (migration 0007 `completion_issue`). */
export interface CompletionIssue {
  readonly text: string;
  readonly sub_type: CompleteWithIssueRequest['sub_type'];
  /** Pence; null without an additional cost. */
  readonly extra_charge: number | null;
}

/** The issue of a complete-with-issue body: its text trimmed, the additional cost when there is one. */
export const issueOf = (body: CompleteWithIssueRequest): CompletionIssue => ({
  text: body.text.trim(),
  sub_type: body.sub_type,
  extra_charge: body.extra_charge?.amount ?? null,
});

/**
 * Completes one of the caller's won jobs (spec §4 job completion, §7 complete and complete-with-issue): the job
 * becomes `realised`, with `realised_at` now and the issue when there is one. One conditional UPDATE applies every
 * rule of work-rules.ts completionRefusal (the caller's own job, active, not before its pickup, the caller not
 * suspended), so of two completions at the same moment one wins and the other is told it is already completed. When
 * the UPDATE changes nothing, the refusal is told from the job as it is now. (A repeated request with the same
 * Idempotency-Key never gets here: http/idempotency.ts answers it with the first answer.)
 */
export const completeJob = async (
  db: Db,
  input: { userId: number; id: number; issue: CompletionIssue | null; now: Date },
): Promise<WorkOutcome<typeof WonJob.Encoded>> => {
  const { userId, id, issue, now } = input;
  const { rows } = await db.query<{ id: number }>(
    `update jobs set status = 'realised', realised_at = $3, completion_issue = $4
      where id = $1 and provider_id = $2 and status in ${sqlList(ACTIVE_JOB_STATUSES)} and pickup_date_start <= $3
        and not exists (select 1 from users u where u.id = $2 and u.suspended_until > $3)
      returning id`,
    [id, userId, now, issue === null ? null : { ...issue }],
  );
  const [row, suspendedUntil] = await Promise.all([loadWonJobRow(db, userId, id), loadSuspendedUntil(db, userId)]);
  if (!row) return notFound;
  if (rows.length > 0) return done(toWonJob(row, now, suspendedUntil));
  return completionRefusal(row, now, suspendedUntil) ?? refused(409, 'already_completed', ALREADY_COMPLETED_MESSAGE);
};
