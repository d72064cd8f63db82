import {
  PrivateJob,
  PrivateJobList,
  PrivateWorkPreferences,
  type PrivateJobInput,
  type PrivateJobListQuery,
} from '@/schemas/private-job';
import { api } from './api';

/**
 * The partner's own private (external) jobs and private-work preferences (issue 7, beyond spec §7, which shows no
 * path for them; shapes and paths in schemas/private-job.ts). The client makes each job's uuid, so a create repeated
 * after a lost answer stores one job. Refusals come back as HttpError: 422 `messages.validation` with `errors` by
 * payload path (`nodes.0.place`, `volumeInM3`) in words meant for the partner, 404 for a job that is not theirs, 409
 * for a uuid already used by another job.
 */

const PRIVATE_JOBS = 'ng/api/v3/provider/private-jobs';
const PREFERENCES = 'ng/api/v3/provider/private-work-preferences';
const uuidPath = (uuid: string) => `${PRIVATE_JOBS}/${encodeURIComponent(uuid)}`;

/** The spec §3 payload as sent (uuid, volumeInM3, two nodes) with the partner's vehicle and driver. */
export type PrivateJobPayload = typeof PrivateJobInput.Encoded;

/** GET …/private-jobs?from&to: the private jobs meeting those London days (both included, at most 62 days). */
export const fetchPrivateJobs = (range: PrivateJobListQuery, signal?: AbortSignal): Promise<readonly PrivateJob[]> =>
  api
    .get(PRIVATE_JOBS, PrivateJobList, 'PrivateJobList', { query: { from: range.from, to: range.to }, signal })
    .then((r) => r.rows);

/** GET …/private-jobs/{uuid}: one of the partner's private jobs (404 when it is not theirs or was deleted). */
export const fetchPrivateJob = (uuid: string, signal?: AbortSignal): Promise<PrivateJob> =>
  api.get(uuidPath(uuid), PrivateJob, 'PrivateJob', { signal });

/** POST …/private-jobs: stores a new private job under the payload's uuid (a repeat answers the same, one row). */
export const createPrivateJob = (payload: PrivateJobPayload): Promise<PrivateJob> =>
  api.post(PRIVATE_JOBS, PrivateJob, 'PrivateJob', { body: payload });

/** PUT …/private-jobs/{uuid}: changes the private job of the payload's uuid. */
export const updatePrivateJob = (payload: PrivateJobPayload): Promise<PrivateJob> =>
  api.put(uuidPath(payload.uuid), PrivateJob, 'PrivateJob', { body: payload });

/** DELETE …/private-jobs/{uuid}: 204; the job leaves the calendar. */
export const deletePrivateJob = (uuid: string): Promise<void> =>
  api.delete(uuidPath(uuid), null, 'PrivateJobDeleted').then(() => undefined);

/** GET …/private-work-preferences: the partner's, or the defaults when never saved. */
export const fetchPrivateWorkPreferences = (signal?: AbortSignal): Promise<PrivateWorkPreferences> =>
  api.get(PREFERENCES, PrivateWorkPreferences, 'PrivateWorkPreferences', { signal });

/** PUT …/private-work-preferences: every field; answers the preferences as stored. */
export const savePrivateWorkPreferences = (preferences: PrivateWorkPreferences): Promise<PrivateWorkPreferences> =>
  api.put(PREFERENCES, PrivateWorkPreferences, 'PrivateWorkPreferences', { body: preferences });
