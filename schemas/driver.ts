import { Schema } from 'effect';
import { positiveId } from './common';

export const DriverId = positiveId('driver').pipe(Schema.brand('DriverId'));
export type DriverId = typeof DriverId.Type;

/** One of the caller's drivers. `user_id` as in JourneyDriver; `provider_id` is the caller. */
export const ProviderDriver = Schema.Struct({
  id: DriverId,
  user_id: Schema.Number,
  provider_id: Schema.Number,
  full_name: Schema.String,
  email: Schema.String,
  phone: Schema.String,
  active: Schema.Boolean,
  created_at: Schema.String,
});
export type ProviderDriver = typeof ProviderDriver.Type;
