import { fromPromise } from 'xstate';
import type { PrivateJob } from '@/schemas/private-job';
import { lookUpPlaces } from '@/src/api/places';
import { fetchDrivers } from '@/src/api/journeys';
import {
  createPrivateJob,
  deletePrivateJob,
  fetchPrivateJob,
  fetchPrivateWorkPreferences,
  updatePrivateJob,
  type PrivateJobPayload,
} from '@/src/api/private-jobs';
import { fetchApprovedVehicles } from '@/src/api/vehicles';
import type { LookUpOutput, PrivateJobSetup, StopPlace } from './private-job.types';

/** The partner's approved vehicles, active drivers and private-work preferences, read together. */
export const loadSetup = fromPromise<PrivateJobSetup>(async ({ signal }) => {
  const [vehicles, drivers, preferences] = await Promise.all([
    fetchApprovedVehicles(signal),
    fetchDrivers(signal),
    fetchPrivateWorkPreferences(signal),
  ]);
  return {
    vehicles: vehicles.map((v) => ({ id: v.id, label: `${v.registration_number} · ${v.make} ${v.model}` })),
    drivers: drivers.filter((d) => d.active).map((d) => ({ id: d.id, name: d.full_name })),
    defaults: {
      volumeM3: preferences.default_volume_m3,
      pickupOnSiteS: preferences.pickup_on_site_s,
      deliveryOnSiteS: preferences.delivery_on_site_s,
    },
  };
});

/**
 * GET v1/places for each postcode (the offline look-up places a postcode's district at its post town): where it is,
 * or null when nothing is known there.
 */
export const lookUpStops = fromPromise<LookUpOutput, { pickup: string; delivery: string }>(
  async ({ input, signal }) => {
    const find = async (postcode: string): Promise<StopPlace | null> => {
      const place = (await lookUpPlaces(postcode, signal))[0];
      return place ? { lat: place.lat, lng: place.lng, town: place.town, postcode } : null;
    };
    const [pickup, delivery] = await Promise.all([find(input.pickup), find(input.delivery)]);
    return { pickup, delivery };
  },
);

/** POST (new) or PUT (a change) …/private-jobs under the job's uuid; not aborted once the partner has saved. */
export const saveJob = fromPromise<PrivateJob, { editing: boolean; payload: PrivateJobPayload }>(({ input }) =>
  input.editing ? updatePrivateJob(input.payload) : createPrivateJob(input.payload),
);

/** GET …/private-jobs/{uuid}. */
export const loadJob = fromPromise<PrivateJob, { uuid: string }>(({ input, signal }) =>
  fetchPrivateJob(input.uuid, signal),
);

/** DELETE …/private-jobs/{uuid}. */
export const deleteJob = fromPromise<void, { uuid: string }>(({ input }) => deletePrivateJob(input.uuid));
