import type { WonJob, WonJobStop } from '@/schemas/work';
import type { Db } from '@/server/db/db';
import { outwardCode } from '@/server/search/listing-row';
import {
  actionsOf,
  driveMs,
  isSuspended,
  listingStatusOf,
  NO_ACTIONS,
  quoteListingStatusOf,
  trackingFrom,
} from '@/server/work/work-rules';

/**
 * One won job (or live quote) as the won-work calls read it, and its WonJob (schemas/work.ts). Every read of this
 * folder selects WON_JOB_COLUMNS from WON_JOB_FROM, so the list, the sheet and the answers of the writes are the
 * same rows.
 */
export interface WonJobRow {
  id: number;
  kind: 'instant' | 'auction';
  category: WonJob['category'];
  status: string;
  pickup_town: string;
  pickup_postcode: string | null;
  pickup_lat: number;
  pickup_lng: number;
  delivery_town: string;
  delivery_postcode: string | null;
  delivery_lat: number;
  delivery_lng: number;
  pickup_date_start: Date;
  pickup_date_end: Date;
  price: number;
  volume_m3: number;
  distance_m: number;
  attributes: Record<string, string>;
  provider_id: number | null;
  driver_pickup_at: Date | null;
  realised_at: Date | null;
  completed_at: Date | null;
  archived_at: Date | null;
  completion_issue: { text?: string; sub_type?: string | null; extra_charge?: number | null } | null;
  customer_first_name: string | null;
  customer_phone: string | null;
  driver_id: number | null;
  driver_name: string | null;
  vehicle_id: number | null;
  vehicle_registration: string | null;
  feedback_requested_at: Date | null;
  punctuality: number | null;
  communication: number | null;
  care_of_goods: number | null;
  presentation: number | null;
  rating_comment: string | null;
  rated_at: Date | null;
}

export const WON_JOB_COLUMNS = `j.id, j.kind, j.category, j.status, j.pickup_town, j.pickup_postcode, j.pickup_lat,
  j.pickup_lng, j.delivery_town, j.delivery_postcode, j.delivery_lat, j.delivery_lng, j.pickup_date_start,
  j.pickup_date_end, j.price, j.volume_m3, j.distance_m, j.attributes, j.provider_id, j.driver_pickup_at,
  j.realised_at, j.completed_at, j.archived_at, j.completion_issue, j.customer_first_name, j.customer_phone,
  d.id as driver_id, d.full_name as driver_name, v.id as vehicle_id, v.registration_number as vehicle_registration,
  f.requested_at as feedback_requested_at, r.punctuality, r.communication, r.care_of_goods, r.presentation,
  r.comment as rating_comment, r.rated_at`;

export const WON_JOB_FROM = `jobs j
  left join drivers d on d.id = j.driver_id
  left join vehicles v on v.id = j.provider_vehicle_id
  left join job_feedback_requests f on f.job_id = j.id
  left join job_ratings r on r.job_id = j.id`;

/** One of the caller's won jobs by id (any status, archived too), or null: another partner's job is null as well. */
export const loadWonJobRow = async (db: Db, userId: number, id: number): Promise<WonJobRow | null> => {
  const { rows } = await db.query<WonJobRow>(
    `select ${WON_JOB_COLUMNS} from ${WON_JOB_FROM} where j.id = $1 and j.provider_id = $2`,
    [id, userId],
  );
  return rows[0] ?? null;
};

/** The end of the caller's suspension, or null (never suspended). */
export const loadSuspendedUntil = async (db: Db, userId: number): Promise<Date | null> => {
  const { rows } = await db.query<{ suspended_until: Date | null }>('select suspended_until from users where id = $1', [
    userId,
  ]);
  return rows[0]?.suspended_until ?? null;
};

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** Pickup with the customer's window; delivery with that window moved by the drive (work-rules.ts driveMs). */
export const stopsOf = (
  row: Pick<
    WonJobRow,
    | 'pickup_town'
    | 'pickup_postcode'
    | 'pickup_lat'
    | 'pickup_lng'
    | 'delivery_town'
    | 'delivery_postcode'
    | 'delivery_lat'
    | 'delivery_lng'
    | 'pickup_date_start'
    | 'pickup_date_end'
    | 'distance_m'
  >,
): WonJobStop[] => {
  const drive = driveMs(row.distance_m);
  return [
    {
      type: 'pickup',
      town: row.pickup_town,
      postcode_area: outwardCode(row.pickup_postcode),
      lat: row.pickup_lat,
      lng: row.pickup_lng,
      date_start: row.pickup_date_start.toISOString(),
      date_end: row.pickup_date_end.toISOString(),
    },
    {
      type: 'delivery',
      town: row.delivery_town,
      postcode_area: outwardCode(row.delivery_postcode),
      lat: row.delivery_lat,
      lng: row.delivery_lng,
      date_start: new Date(row.pickup_date_start.getTime() + drive).toISOString(),
      date_end: new Date(row.pickup_date_end.getTime() + drive).toISOString(),
    },
  ];
};

const ratingOf = (row: WonJobRow) =>
  row.rated_at !== null &&
  row.punctuality !== null &&
  row.communication !== null &&
  row.care_of_goods !== null &&
  row.presentation !== null
    ? {
        punctuality: row.punctuality,
        communication: row.communication,
        care_of_goods: row.care_of_goods,
        presentation: row.presentation,
        comment: row.rating_comment,
        rated_at: row.rated_at.toISOString(),
      }
    : null;

/** The won job as the partner sees it at `now`; `suspendedUntil` decides whether it can be completed. */
export const toWonJob = (row: WonJobRow, now: Date, suspendedUntil: Date | null): typeof WonJob.Encoded => {
  const issue = row.completion_issue;
  const extraCharge = typeof issue?.extra_charge === 'number' ? issue.extra_charge : null;
  return {
    listing_id: row.id,
    kind: row.kind,
    category: row.category,
    job_status: row.status as (typeof WonJob.Encoded)['job_status'],
    listing_status: listingStatusOf(row),
    stops: stopsOf(row),
    price: { amount: row.price },
    volume_m3: row.volume_m3,
    distance_m: row.distance_m,
    driver: row.driver_id === null ? null : { user_id: row.driver_id, full_name: row.driver_name ?? '' },
    vehicle:
      row.vehicle_id === null ? null : { id: row.vehicle_id, registration_number: row.vehicle_registration ?? '' },
    pickup_date: row.pickup_date_start.toISOString(),
    planned_pickup_at: iso(row.driver_pickup_at),
    completable_from: row.pickup_date_start.toISOString(),
    realised_at: iso(row.realised_at),
    completed_at: iso(row.completed_at),
    archived_at: iso(row.archived_at),
    extra_charge: extraCharge === null ? null : { amount: extraCharge },
    issue_text: typeof issue?.text === 'string' ? issue.text : null,
    feedback: { requested_at: iso(row.feedback_requested_at), rating: ratingOf(row) },
    can: actionsOf(
      { status: row.status, archived_at: row.archived_at, feedback_requested: row.feedback_requested_at !== null },
      isSuspended(suspendedUntil, now),
    ),
    tracking_from: trackingFrom(row.pickup_date_start).toISOString(),
  };
};

/**
 * A live quote as a row of the list: the auction's facts with the caller's quote as its price, no driver or vehicle,
 * no actions, and ACTIVE or EXPIRED by its pickup window.
 */
export const toQuotedJob = (row: WonJobRow & { quote_amount: number }, now: Date): typeof WonJob.Encoded => ({
  ...toWonJob({ ...row, driver_id: null, vehicle_id: null, completion_issue: null }, now, null),
  listing_status: quoteListingStatusOf(row.pickup_date_end, now),
  price: { amount: row.quote_amount },
  feedback: { requested_at: null, rating: null },
  can: NO_ACTIONS,
});
