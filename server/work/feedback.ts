import type { FeedbackRequestedResponse, JobFeedback, RateJobRequest } from '@/schemas/work';
import { DONE_JOB_STATUSES, FEEDBACK_ALREADY_REQUESTED_MESSAGE } from '@/schemas/work';
import type { Db } from '@/server/db/db';
import { sqlList } from '@/server/db/sql-list';
import { loadWonJobRow } from '@/server/work/won-job-row';
import { done, feedbackRefusal, notFound, refused, type WorkOutcome } from '@/server/work/work-rules';

/**
 * GET /ajax-provider-do-dash-option/request-feedback/{id} (spec §7): asks the customer of one of the caller's
 * finished jobs for feedback, once per job. The insert is conditional on the job and keyed by it (migration 0007), so
 * a second request, even at the same moment, writes nothing and is refused (409 already_requested).
 */
export const requestFeedback = async (
  db: Db,
  input: { userId: number; id: number; now: Date },
): Promise<WorkOutcome<typeof FeedbackRequestedResponse.Encoded>> => {
  const { userId, id, now } = input;
  const { rows } = await db.query<{ requested_at: Date }>(
    `insert into job_feedback_requests (job_id, user_id, requested_at)
     select j.id, $2, $3 from jobs j
      where j.id = $1 and j.provider_id = $2 and j.status in ${sqlList(DONE_JOB_STATUSES)}
     on conflict (job_id) do nothing
     returning requested_at`,
    [id, userId, now],
  );
  const requested = rows[0];
  if (requested) return done({ listing_id: id, requested_at: requested.requested_at.toISOString() });
  const job = await loadWonJobRow(db, userId, id);
  if (!job) return notFound;
  // Null only when the job changed under the insert: told as the request that beat this one.
  return (
    feedbackRefusal(job, job.feedback_requested_at !== null) ??
    refused(409, 'already_requested', FEEDBACK_ALREADY_REQUESTED_MESSAGE)
  );
};

/**
 * POST /v1/admin/listings/{id}/rating (admins; the seed tools of the demo): records the customer's rating of a job
 * whose feedback was requested, once. 404 for no such job, 409 feedback_not_requested or already_rated.
 */
export const rateJob = async (
  db: Db,
  input: { id: number; rating: RateJobRequest; now: Date },
): Promise<WorkOutcome<typeof JobFeedback.Encoded>> => {
  const { id, rating, now } = input;
  const { rows } = await db.query<{ requested_at: Date; rated_at: Date; comment: string | null }>(
    `insert into job_ratings (job_id, punctuality, communication, care_of_goods, presentation, comment, rated_at)
     select f.job_id, $2, $3, $4, $5, $6, $7 from job_feedback_requests f where f.job_id = $1
     on conflict (job_id) do nothing
     returning (select requested_at from job_feedback_requests where job_id = $1) as requested_at, rated_at, comment`,
    [
      id,
      rating.punctuality,
      rating.communication,
      rating.care_of_goods,
      rating.presentation,
      rating.comment?.trim() || null,
      now,
    ],
  );
  const row = rows[0];
  if (row)
    return done(
      {
        requested_at: row.requested_at.toISOString(),
        rating: {
          punctuality: rating.punctuality,
          communication: rating.communication,
          care_of_goods: rating.care_of_goods,
          presentation: rating.presentation,
          comment: row.comment,
          rated_at: row.rated_at.toISOString(),
        },
      },
      201,
    );
  const { rows: state } = await db.query<{ requested: boolean }>(
    `select exists (select 1 from job_feedback_requests where job_id = $1) as requested from jobs where id = $1`,
    [id],
  );
  if (!state[0]) return notFound;
  return state[0].requested
    ? refused(409, 'already_rated', 'The customer has already rated this job.')
    : refused(409, 'feedback_not_requested', 'Feedback has not been requested for this job.');
};
