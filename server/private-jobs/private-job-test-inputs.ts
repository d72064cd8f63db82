import { Schema } from 'effect';
import { PrivateJobInput, type PrivateJobPayload } from '@/schemas/private-job';
import { at, DAY, PLACES } from '@/server/reservations/reservation-test-inputs';

/**
 * Private job payloads for the tests: Stockport → Bolton on DAY (Friday 20 November 2026, GMT), pickup 10:00–12:00,
 * delivery 13:00–15:00 London, 30 minutes on site each, 4 m³. Places and times are the reservation tests' own.
 */

type NodePayload = PrivateJobPayload['nodes'][number];

export const PICKUP: NodePayload = {
  place: PLACES.stockport,
  sortOrder: 1,
  nodeType: 'pickup',
  timeWindowStart: at(10),
  timeWindowEnd: at(12),
  durationOnSiteInSeconds: 1800,
};

export const DELIVERY: NodePayload = {
  place: PLACES.bolton,
  sortOrder: 2,
  nodeType: 'delivery',
  timeWindowStart: at(13),
  timeWindowEnd: at(15),
  durationOnSiteInSeconds: 1800,
};

/** A payload with changes: `pickup` and `delivery` are merged into the two default stops. */
export const privateJobPayload = (
  overrides: Partial<Omit<PrivateJobPayload, 'nodes'>> & {
    readonly nodes?: PrivateJobPayload['nodes'];
    readonly pickup?: Partial<NodePayload>;
    readonly delivery?: Partial<NodePayload>;
  } = {},
): PrivateJobPayload => {
  const { pickup = {}, delivery = {}, nodes, ...rest } = overrides;
  return {
    uuid: '6f0d7c4e-8a1b-4c2d-9e3f-5a6b7c8d9e01',
    volumeInM3: 4,
    nodes: nodes ?? [
      { ...PICKUP, ...pickup },
      { ...DELIVERY, ...delivery },
    ],
    ...rest,
  };
};

/** The payload decoded, as the rules receive it. */
export const decodedPayload = (payload: PrivateJobPayload = privateJobPayload()): PrivateJobInput =>
  Schema.decodeUnknownSync(PrivateJobInput)(payload);

export { at, DAY, PLACES };
