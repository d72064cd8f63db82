import {
  ACTIVE_JOB_STATUSES,
  ALREADY_COMPLETED_MESSAGE,
  BEFORE_PICKUP_MESSAGE,
  DONE_JOB_STATUSES,
  FEEDBACK_ALREADY_REQUESTED_MESSAGE,
  LISTING_NOT_FOUND,
  suspendedMessage,
  SUSPENSION_DAYS,
  TRACKING_SPEED_MPH,
  TRACKING_WINDOW_HOURS,
  type ListingStatusCode,
  type TrackingResponse,
  type WonJobActions,
  type WorkError,
  type WorkErrorCode,
} from '@/schemas/work';
import { METRES_PER_MILE, type LatLng } from '@/server/geo/distance';

/**
 * The rules of won work (issue 7; spec §4 job completion, §9 suspension and tracking), as pure functions of a job's
 * state and the clock, so each boundary has a unit test (work-rules.test.ts). The queries in this folder apply them:
 * the writes repeat them as conditional UPDATEs (so two requests cannot both pass), and when a write finds nothing
 * to change, these functions say why from the job as it is now.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The demo driver's speed in metres per millisecond. */
const METRES_PER_MS = (TRACKING_SPEED_MPH * METRES_PER_MILE) / HOUR_MS;
/** A quote on an auction that closed with no winner stays in the live-quotes tab this long, as EXPIRED. */
export const EXPIRED_QUOTE_DAYS = 7;

/** What a refused call answers: its status and the WorkError (or spec §8's 404) body. */
export type WorkRefusal =
  | { readonly ok: false; readonly status: 403 | 409; readonly body: typeof WorkError.Encoded }
  | { readonly ok: false; readonly status: 404; readonly body: typeof LISTING_NOT_FOUND };
export type WorkOutcome<T> = { readonly ok: true; readonly status: 200 | 201; readonly data: T } | WorkRefusal;

export const notFound: WorkRefusal = { ok: false, status: 404, body: LISTING_NOT_FOUND };
export const refused = (
  status: 403 | 409,
  code: WorkErrorCode,
  message: string,
  extra: Pick<typeof WorkError.Encoded, 'completable_from' | 'suspended_until'> = {},
): WorkRefusal => ({ ok: false, status, body: { message, code, ...extra } });
export const done = <T>(data: T, status: 200 | 201 = 200): WorkOutcome<T> => ({ ok: true, status, data });

/** The facts of a job the rules read. */
export interface JobState {
  readonly status: string;
  readonly pickup_date_start: Date;
  readonly archived_at: Date | null;
}

export const isActive = (status: string): boolean => (ACTIVE_JOB_STATUSES as readonly string[]).includes(status);
export const isDone = (status: string): boolean => (DONE_JOB_STATUSES as readonly string[]).includes(status);

/** Suspended at `now`: the suspension's end lies ahead. */
export const isSuspended = (suspendedUntil: Date | null, now: Date): suspendedUntil is Date =>
  suspendedUntil !== null && suspendedUntil.getTime() > now.getTime();

/** Spec §4 listing status code of a won job (schemas/work.ts ListingStatusCode says which code means what). */
export const listingStatusOf = (job: Pick<JobState, 'status' | 'archived_at'>): ListingStatusCode => {
  if (job.archived_at !== null) return 'HIDDEN';
  if (job.status === 'completed' || job.status === 'finalised') return 'COMPLETED';
  return 'ALLOCATED';
};

/** The listing status of the auction behind a live quote: ACTIVE while its pickup window is open, then EXPIRED. */
export const quoteListingStatusOf = (pickupDateEnd: Date, now: Date): ListingStatusCode =>
  pickupDateEnd.getTime() > now.getTime() ? 'ACTIVE' : 'EXPIRED';

/** What the partner can do with a won job now (schemas/work.ts WonJobActions). */
export const actionsOf = (
  job: Pick<JobState, 'status' | 'archived_at'> & { readonly feedback_requested: boolean },
  suspended: boolean,
): WonJobActions => ({
  allocate_driver: isActive(job.status),
  complete: isActive(job.status) && !suspended,
  archive: isDone(job.status) && job.archived_at === null,
  request_feedback: isDone(job.status) && !job.feedback_requested,
});

/** No action at all: a live quote's row. */
export const NO_ACTIONS: WonJobActions = {
  allocate_driver: false,
  complete: false,
  archive: false,
  request_feedback: false,
};

/**
 * Why a completion (plain or with an issue) of the partner's own job is refused at `now`, or null when it may go
 * ahead: a job already realised, completed or finalised (409 already_completed); any other status that is not active
 * (409 not_active); a suspended partner (403, saying until when); before the pickup window opens (409 before_pickup,
 * with the instant it opens). Completing exactly at the pickup start is allowed.
 */
export const completionRefusal = (job: JobState, now: Date, suspendedUntil: Date | null): WorkRefusal | null => {
  if (isDone(job.status)) return refused(409, 'already_completed', ALREADY_COMPLETED_MESSAGE);
  if (!isActive(job.status)) return refused(409, 'not_active', 'This job can no longer be completed.');
  if (isSuspended(suspendedUntil, now))
    return refused(403, 'suspended', suspendedMessage(suspendedUntil), {
      suspended_until: suspendedUntil.toISOString(),
    });
  if (now.getTime() < job.pickup_date_start.getTime())
    return refused(409, 'before_pickup', BEFORE_PICKUP_MESSAGE, {
      completable_from: job.pickup_date_start.toISOString(),
    });
  return null;
};

/** A driver can be put on (or changed on) an active job only. */
export const driverChangeRefusal = (job: Pick<JobState, 'status'>): WorkRefusal | null =>
  isActive(job.status) ? null : refused(409, 'not_active', 'The driver of a completed job cannot be changed.');

/** Only finished work is archived; archiving an archived job again changes nothing (no refusal). */
export const archiveRefusal = (job: Pick<JobState, 'status'>): WorkRefusal | null =>
  isDone(job.status) ? null : refused(409, 'not_completed', 'Only completed jobs can be archived.');

/** Feedback is asked for finished work, once per job. */
export const feedbackRefusal = (job: Pick<JobState, 'status'>, alreadyRequested: boolean): WorkRefusal | null => {
  if (!isDone(job.status)) return refused(409, 'not_completed', 'Feedback can be requested once the job is completed.');
  if (alreadyRequested) return refused(409, 'already_requested', FEEDBACK_ALREADY_REQUESTED_MESSAGE);
  return null;
};

/** A false completion can only be declared on a job that was completed. */
export const falseCompletionRefusal = (job: Pick<JobState, 'status'>): WorkRefusal | null =>
  isDone(job.status) ? null : refused(409, 'not_completed', 'This job has not been completed.');

/** The end of a suspension that starts at `now` (spec §9: 7 days). */
export const suspensionEnd = (now: Date): Date => new Date(now.getTime() + SUSPENSION_DAYS * DAY_MS);

/** How long the demo driver takes over `distanceM` of road at TRACKING_SPEED_MPH, to the nearest minute. */
export const driveMs = (distanceM: number): number =>
  Math.round(Math.max(0, distanceM) / METRES_PER_MS / MINUTE_MS) * MINUTE_MS;

/** Spec §9: tracking is available from 24 hours before collection. */
export const trackingFrom = (pickupStart: Date): Date =>
  new Date(pickupStart.getTime() - TRACKING_WINDOW_HOURS * HOUR_MS);

export interface TrackedJob {
  readonly status: string;
  readonly pickup_date_start: Date;
  readonly distance_m: number;
  readonly pickup: LatLng;
  readonly delivery: LatLng;
  readonly has_driver: boolean;
}

/**
 * The demo driver's position at `now` (schemas/work.ts TrackingState): nothing before the window or without a
 * driver or once the job is done; at the pickup until the pickup starts; then on the straight line from pickup to
 * delivery in proportion to the time elapsed of the drive (road distance at 35 mph); at the delivery once arrived.
 */
export const trackingOf = (job: TrackedJob, now: Date): typeof TrackingResponse.Encoded => {
  const availableFrom = trackingFrom(job.pickup_date_start);
  const answer = (state: (typeof TrackingResponse.Encoded)['state'], at: LatLng | null) => ({
    available_from: availableFrom.toISOString(),
    state,
    position: at ? { lat: at.lat, lng: at.lng, recorded_at: now.toISOString() } : null,
  });
  if (!isActive(job.status)) return answer('not_active', null);
  if (now.getTime() < availableFrom.getTime()) return answer('before_window', null);
  if (!job.has_driver) return answer('no_driver', null);
  const start = job.pickup_date_start.getTime();
  if (now.getTime() < start) return answer('at_pickup', job.pickup);
  const drive = driveMs(job.distance_m);
  const elapsed = now.getTime() - start;
  if (elapsed >= drive) return answer('arrived', job.delivery);
  const f = elapsed / drive;
  return answer('on_the_way', {
    lat: job.pickup.lat + (job.delivery.lat - job.pickup.lat) * f,
    lng: job.pickup.lng + (job.delivery.lng - job.pickup.lng) * f,
  });
};
