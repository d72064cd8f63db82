import { fromPromise } from 'xstate';
import type { WonJob } from '@/schemas/work';
import { fetchDrivers } from '@/src/api/journeys';
import { fetchApprovedVehicles } from '@/src/api/vehicles';
import { allocateListingDriver, archiveListing, fetchWonWork, requestFeedback } from '@/src/api/work';
import type { WonWorkPage, WonWorkQueryState } from './won-work.types';

/** One page of the tab (and, the first time, the partner's drivers and vehicles for the filters and the cards). */
export const loadWonWork = fromPromise<WonWorkPage, WonWorkQueryState & { withSetup: boolean }>(
  async ({ input, signal }) => {
    const [page, drivers, vehicles] = await Promise.all([
      fetchWonWork(input, signal),
      input.withSetup ? fetchDrivers(signal) : null,
      input.withSetup ? fetchApprovedVehicles(signal) : null,
    ]);
    return {
      rows: page.rows,
      total: page.rows_total,
      pageSize: page.page_size,
      counts: page.counts,
      setup: drivers && vehicles ? { drivers, vehicles } : null,
    };
  },
);

/** Puts the chosen driver on the job (allocate-driver); answers the job as it is now. */
export const assignDriver = fromPromise<WonJob, { listingId: number; driverId: number }>(({ input }) =>
  allocateListingDriver(input.listingId, input.driverId),
);

/** Archives a done job: it leaves the tabs. */
export const archiveJob = fromPromise<number, { listingId: number }>(({ input }) => archiveListing(input.listingId));

/** Asks the customer for feedback on the job (once); answers when. */
export const askForFeedback = fromPromise<string, { listingId: number }>(({ input }) =>
  requestFeedback(input.listingId),
);
