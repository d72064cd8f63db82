import { fromPromise } from 'xstate';
import type { FleetDriver } from '@/schemas/fleet';
import { createDriver, type DriverPayload } from '@/src/api/fleet';

/** Adds (and, when asked, invites) the driver; answers the driver as stored. */
export const saveDriver = fromPromise<FleetDriver, DriverPayload>(({ input }) => createDriver(input));
