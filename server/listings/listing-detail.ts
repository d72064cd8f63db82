import type { AuctionState, ListingDetail } from '@/schemas/listing';
import type { Db } from '@/server/db/db';
import { haversineMetres, type LatLng } from '@/server/geo/distance';
import { OPEN_JOB_STATUSES } from '@/server/jobs/job-categories';
import { loadEligibility, type Eligibility } from '@/server/listings/eligibility';
import { describeListing } from '@/server/listings/listing-description';
import { loadRegisteredPoint } from '@/server/search/partner-home';
import { LISTING_COLUMNS, toListing, type ListingRow } from '@/server/search/listing-row';

/** A job as the listing calls read it: the search columns plus who won it and with which vehicle. */
export interface JobRow extends Omit<ListingRow, 'kind' | 'pickup_distance_m' | 'delivery_distance_m'> {
  kind: 'instant' | 'auction';
  pickup_postcode: string;
  delivery_postcode: string;
  provider_id: number | null;
  provider_vehicle_id: number | null;
  allocated_at: Date | null;
}

/** One job by id, whatever its state (callers decide what the caller may see), or null. */
export const loadJob = async (db: Db, id: number): Promise<JobRow | null> => {
  const { rows } = await db.query<JobRow>(
    `select ${LISTING_COLUMNS}, provider_id, provider_vehicle_id, allocated_at from jobs where id = $1`,
    [id],
  );
  return rows[0] ?? null;
};

/** Open on the marketplace at `now`: the predicate of a search (server/search/listing-filter.ts SOURCES.jobs). */
export const isOpen = (job: JobRow, now: Date): boolean =>
  (OPEN_JOB_STATUSES as readonly string[]).includes(job.status) &&
  job.provider_id === null &&
  job.pickup_date_end.getTime() > now.getTime();

/** Instant jobs taken by click and claim can be booked now; express-interest instants and auctions cannot. */
export const isBookable = (job: Pick<JobRow, 'kind' | 'allocation_method'>): boolean =>
  job.kind === 'instant' && job.allocation_method === 'click_and_claim';

export const isQuotable = (job: Pick<JobRow, 'kind'>): boolean => job.kind === 'auction';

const loadAuctionState = async (db: Db, jobId: number, userId: number): Promise<typeof AuctionState.Encoded> => {
  const { rows } = await db.query<{
    lowest: number | null;
    n: number;
    mine: number | null;
    created_at: Date | null;
    updated_at: Date | null;
  }>(
    `select (select min(amount) from listing_quotes where job_id = $1)::int as lowest,
            (select count(*) from listing_quotes where job_id = $1)::int as n,
            m.amount as mine, m.created_at, m.updated_at
       from (select 1) as one
       left join listing_quotes m on m.job_id = $1 and m.user_id = $2`,
    [jobId, userId],
  );
  const row = rows[0];
  return {
    lowest_quote: row?.lowest == null ? null : { amount: row.lowest },
    quote_count: row?.n ?? 0,
    my_quote:
      row?.mine == null || !row.created_at || !row.updated_at
        ? null
        : {
            amount: { amount: row.mine },
            created_at: row.created_at.toISOString(),
            updated_at: row.updated_at.toISOString(),
          },
  };
};

const distanceFrom = (home: LatLng | null, lat: number, lng: number) =>
  home === null ? null : haversineMetres(home, { lat, lng });

/**
 * The listing page of one job for the caller, or null when the caller may not see it: a job is shown while it is
 * open on the marketplace (what a search can find), and afterwards only to the partner who won it. Anyone else gets
 * null (404 'Listing not found'), whether the job was taken, closed, never listed or never existed.
 */
export const loadListingDetail = async (
  db: Db,
  userId: number,
  id: number,
  now: Date,
  known: { eligibility?: Eligibility } = {},
): Promise<typeof ListingDetail.Encoded | null> => {
  const job = await loadJob(db, id);
  if (!job) return null;
  const mine = job.provider_id === userId;
  const open = isOpen(job, now);
  if (!mine && !open) return null;
  const [eligibility, home, auction] = await Promise.all([
    known.eligibility ?? loadEligibility(db, userId, now),
    loadRegisteredPoint(db, userId),
    job.kind === 'auction' ? loadAuctionState(db, id, userId) : null,
  ]);
  const listing = toListing({
    ...job,
    pickup_distance_m: distanceFrom(home, job.pickup_lat, job.pickup_lng),
    delivery_distance_m: distanceFrom(home, job.delivery_lat, job.delivery_lng),
    score: null,
  });
  return {
    ...listing,
    kind: job.kind,
    description: describeListing(job),
    eligible: eligibility.eligible,
    work: eligibility.work,
    actions: {
      book: eligibility.eligible && open && isBookable(job),
      quote: eligibility.eligible && open && isQuotable(job),
    },
    auction,
    allocation: mine
      ? {
          provider_vehicle_id: job.provider_vehicle_id,
          allocated_at: job.allocated_at?.toISOString() ?? null,
          pickup_postcode: job.pickup_postcode,
          delivery_postcode: job.delivery_postcode,
        }
      : null,
  };
};
