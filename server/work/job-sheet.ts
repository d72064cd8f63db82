import type { TrackingResponse, WonJobSheet } from '@/schemas/work';
import type { Db } from '@/server/db/db';
import { describeListing } from '@/server/listings/listing-description';
import { loadSuspendedUntil, loadWonJobRow, toWonJob, type WonJobRow } from '@/server/work/won-job-row';
import { done, isActive, notFound, trackingOf, type WorkOutcome } from '@/server/work/work-rules';

/**
 * The customer, while the job is active only (spec §6: customer details are removed for data protection once the job
 * is done); null for a job the reference server has no customer for.
 */
export const customerOf = (row: WonJobRow) =>
  isActive(row.status) && row.customer_first_name !== null && row.customer_phone !== null
    ? { first_name: row.customer_first_name, phone: row.customer_phone }
    : null;

/** GET /ng/api/v3/provider/won-work/{id}: the job sheet of one of the caller's won jobs (archived ones too). */
export const loadJobSheet = async (
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<WorkOutcome<typeof WonJobSheet.Encoded>> => {
  const [row, suspendedUntil] = await Promise.all([loadWonJobRow(db, userId, id), loadSuspendedUntil(db, userId)]);
  if (!row) return notFound;
  return done({
    ...toWonJob(row, now, suspendedUntil),
    description: describeListing(row),
    customer: customerOf(row),
  });
};

/** GET /ng/api/v3/provider/won-work/{id}/tracking: the demo driver's position (work-rules.ts trackingOf). */
export const loadTracking = async (
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<WorkOutcome<typeof TrackingResponse.Encoded>> => {
  const row = await loadWonJobRow(db, userId, id);
  if (!row) return notFound;
  return done(
    trackingOf(
      {
        status: row.status,
        pickup_date_start: row.pickup_date_start,
        distance_m: row.distance_m,
        pickup: { lat: row.pickup_lat, lng: row.pickup_lng },
        delivery: { lat: row.delivery_lat, lng: row.delivery_lng },
        has_driver: row.driver_id !== null,
      },
      now,
    ),
  );
};
