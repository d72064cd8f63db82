import { Temporal } from 'temporal-polyfill';
import { ACTIVE_JOB_STATUSES, PICKUP_DATE_MESSAGE, type WonJob } from '@/schemas/work';
import type { Db } from '@/server/db/db';
import { sqlList } from '@/server/db/sql-list';
import { ValidationError } from '@/server/http/api-errors';
import { TIME_ZONE } from '@/server/time/london';
import { loadSuspendedUntil, loadWonJobRow, toWonJob } from '@/server/work/won-job-row';
import { done, driverChangeRefusal, notFound, refused, type WorkOutcome } from '@/server/work/work-rules';

/** 422 texts of a driver that cannot go on the job (spec §5 'Please select a driver' is the schema's, for none). */
export const NOT_YOUR_DRIVER = 'This driver is not one of your drivers.';
export const DRIVER_DEACTIVATED = 'This driver is deactivated: reactivate them or choose another driver.';

const WALL_TIME = /^(\d{4})[-/](\d{2})[-/](\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/**
 * The instant of an allocate-driver `pickup_date` (schemas/work.ts PICKUP_DATE_PATTERN): an ISO instant with its
 * offset as it says, a wall-clock time without one in London (spec §5: stored in UTC, shown in London time; a time
 * the clocks skip moves forward). Null for a text that names no real time (2026-02-30, 25:00).
 */
export const pickupInstant = (text: string): Date | null => {
  const wall = WALL_TIME.exec(text);
  try {
    if (!wall) {
      const at = Temporal.Instant.from(text.replace(/\//g, '-').replace(' ', 'T'));
      return new Date(at.epochMilliseconds);
    }
    const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = wall.slice(1).map((n) => Number(n ?? 0));
    const zoned = Temporal.ZonedDateTime.from(
      { timeZone: TIME_ZONE, year, month, day, hour, minute, second },
      { overflow: 'reject' },
    );
    return new Date(zoned.epochMilliseconds);
  } catch {
    return null;
  }
};

/** One of the caller's drivers who may drive: 422 on `user_id` otherwise (another partner's reads as unknown). */
const requireDriver = async (db: Db, userId: number, driverId: number): Promise<void> => {
  const { rows } = await db.query<{ active: boolean }>('select active from drivers where id = $1 and user_id = $2', [
    driverId,
    userId,
  ]);
  if (!rows[0]) throw new ValidationError({ user_id: [NOT_YOUR_DRIVER] });
  if (!rows[0].active) throw new ValidationError({ user_id: [DRIVER_DEACTIVATED] });
};

/**
 * POST /ng/api/v3/listings/{id}?action=allocate-driver (spec §7): puts one of the caller's active drivers on one of
 * the caller's active jobs (allocated or in realisation), replacing the driver already there, and records the planned
 * pickup time when one is given (it must lie inside the customer's pickup window; without one the plan stays as it
 * was). Refusals in order: not the caller's job (404), a finished job (409 not_active), a driver not the caller's or
 * deactivated (422 on user_id), a pickup time outside the window (422 on pickup_date). The UPDATE re-checks the job's
 * status and the driver, so a job completed or a driver deactivated meanwhile is not written.
 */
export const allocateDriver = async (
  db: Db,
  input: { userId: number; id: number; driverId: number; pickupDate: string | null; now: Date },
): Promise<WorkOutcome<typeof WonJob.Encoded>> => {
  const { userId, id, driverId, now } = input;
  const job = await loadWonJobRow(db, userId, id);
  if (!job) return notFound;
  const refusal = driverChangeRefusal(job);
  if (refusal) return refusal;
  await requireDriver(db, userId, driverId);

  let planned: Date | null = null;
  if (input.pickupDate) {
    planned = pickupInstant(input.pickupDate);
    if (planned === null) throw new ValidationError({ pickup_date: [PICKUP_DATE_MESSAGE] });
    if (planned < job.pickup_date_start || planned > job.pickup_date_end)
      throw new ValidationError({
        pickup_date: [
          `The pickup time must be within the customer's pickup window (${job.pickup_date_start.toISOString()} to ${job.pickup_date_end.toISOString()}).`,
        ],
      });
  }

  const { rows } = await db.query<{ id: number }>(
    `update jobs set driver_id = $3, driver_pickup_at = coalesce($4, driver_pickup_at)
      where id = $1 and provider_id = $2 and status in ${sqlList(ACTIVE_JOB_STATUSES)}
        and exists (select 1 from drivers d where d.id = $3 and d.user_id = $2 and d.active)
      returning id`,
    [id, userId, driverId, planned],
  );
  const [row, suspendedUntil] = await Promise.all([loadWonJobRow(db, userId, id), loadSuspendedUntil(db, userId)]);
  if (!row) return notFound;
  if (rows.length > 0) return done(toWonJob(row, now, suspendedUntil));
  // Changed between the checks and the write: the job finished, or the driver was deactivated.
  const later = driverChangeRefusal(row);
  if (later) return later;
  await requireDriver(db, userId, driverId);
  return refused(409, 'not_active', 'The driver could not be changed. Please try again.');
};
