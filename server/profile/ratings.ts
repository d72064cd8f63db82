import {
  MIN_RATINGS_SHOWN,
  MONTHS_SHOWN,
  RATING_CRITERIA,
  RATINGS_AVERAGED,
  ratingMean,
  REVIEWS_PAGE_SIZE,
  twoDecimals,
  type Ratings,
  type RatingCriterion,
} from '@/schemas/profile';
import type { Db } from '@/server/db/db';
import { lastLondonMonths, londonMonth } from '@/server/profile/london-months';
import { londonDate } from '@/server/time/london';

/**
 * GET /v1/ratings: the signed-in partner's customer ratings (job_ratings of 0007, on jobs they carried), spec §9:
 *
 * - `count`: every rating the partner has; `shown` from MIN_RATINGS_SHOWN (5) on. Until then no average, criteria or
 *   history is answered at all (the portal says "Not enough ratings yet (n of 5)"), only the reviews list.
 * - `average`: over the last RATINGS_AVERAGED (25) ratings by rated_at (newest first; a tie by job id), the mean of
 *   each rating's mean of its four criteria; `criteria`: each criterion's mean over the same 25. Two decimals.
 * - `history`: for the rating-over-time chart, each of the last 12 London months that has ratings, with the mean of
 *   that month's ratings (each rating's mean of its criteria) and how many there were.
 * - `reviews`: a page of 20, newest first, with the job each is about.
 */

interface RatingRow extends Record<RatingCriterion, number> {
  job_id: number;
  comment: string | null;
  rated_at: Date;
  pickup_town: string;
  delivery_town: string;
  pickup_date_start: Date;
}

const RATED_JOBS = `from job_ratings r join jobs j on j.id = r.job_id where j.provider_id = $1`;
const NEWEST_FIRST = 'order by r.rated_at desc, r.job_id desc';

export const loadRatings = async (db: Db, userId: number, page: number, now: Date): Promise<typeof Ratings.Encoded> => {
  const count = (await db.query<{ n: number }>(`select count(*)::int as n ${RATED_JOBS}`, [userId])).rows[0]?.n ?? 0;
  const shown = count >= MIN_RATINGS_SHOWN;
  const lastPage = Math.max(1, Math.ceil(count / REVIEWS_PAGE_SIZE));
  const columns = `r.job_id, r.punctuality, r.communication, r.care_of_goods, r.presentation, r.comment, r.rated_at,
                   j.pickup_town, j.delivery_town, j.pickup_date_start`;
  const reviews = (
    await db.query<RatingRow>(`select ${columns} ${RATED_JOBS} ${NEWEST_FIRST} limit $2 offset $3`, [
      userId,
      REVIEWS_PAGE_SIZE,
      (page - 1) * REVIEWS_PAGE_SIZE,
    ])
  ).rows;
  const base = {
    count,
    shown,
    reviews: reviews.map(toReview),
    page,
    last_page: lastPage,
  };
  if (!shown) return { ...base, average: null, criteria: null, history: [] };

  const last = (
    await db.query<RatingRow>(`select ${columns} ${RATED_JOBS} ${NEWEST_FIRST} limit $2`, [userId, RATINGS_AVERAGED])
  ).rows;
  const months = lastLondonMonths(now, MONTHS_SHOWN);
  const since = (
    await db.query<RatingRow>(`select ${columns} ${RATED_JOBS} and r.rated_at >= $2 ${NEWEST_FIRST}`, [
      userId,
      months.start,
    ])
  ).rows;
  return {
    ...base,
    average: twoDecimals(mean(last.map(ratingMean))),
    criteria: Object.fromEntries(RATING_CRITERIA.map((c) => [c, twoDecimals(mean(last.map((r) => r[c])))])) as Record<
      RatingCriterion,
      number
    >,
    history: months.list.flatMap((month) => {
      const inMonth = since.filter((r) => londonMonth(r.rated_at) === month);
      return inMonth.length > 0
        ? [{ month, average: twoDecimals(mean(inMonth.map(ratingMean))), count: inMonth.length }]
        : [];
    }),
  };
};

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

const toReview = (row: RatingRow) => ({
  listing_id: row.job_id,
  rated_at: row.rated_at.toISOString(),
  punctuality: row.punctuality,
  communication: row.communication,
  care_of_goods: row.care_of_goods,
  presentation: row.presentation,
  comment: row.comment,
  job: { from_town: row.pickup_town, to_town: row.delivery_town, date: londonDate(row.pickup_date_start) },
});
