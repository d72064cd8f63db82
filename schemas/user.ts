import { Schema } from 'effect';
import { positiveId } from './common';
import { WorkEligibility } from './work-eligibility';

export const UserId = positiveId('user').pipe(Schema.brand('UserId'));
export type UserId = typeof UserId.Type;

/** Roles of spec §6. Customers never sign in to the partner portal but the role exists. */
export const Role = Schema.Literals(['admin', 'transport_partner', 'customer']);
export type Role = typeof Role.Type;

/** Account types of spec §3. */
export const AccountType = Schema.Literals(['individual', 'business', 'business_pro']);
export type AccountType = typeof AccountType.Type;

/** The partner's registered address. lat/lon may be missing (then location sorts are dropped, spec §5). */
export const RegisteredAddress = Schema.Struct({
  lat: Schema.NullOr(Schema.Number),
  lon: Schema.NullOr(Schema.Number),
  town: Schema.NullOr(Schema.String),
  postcode: Schema.NullOr(Schema.String),
});
export type RegisteredAddress = typeof RegisteredAddress.Type;

/** The body of GET /v1/user-info (spec §3 User, §7 Auth): the user itself, not wrapped in data. */
export const User = Schema.Struct({
  id: UserId,
  chameleon_uuid: Schema.String,
  email: Schema.String,
  full_name: Schema.String,
  role: Role,
  account_type: AccountType,
  registered_address: Schema.NullOr(RegisteredAddress),
  /** Journey-ready flag: may claim journeys and use reservations. */
  ip_journey_ready: Schema.Boolean,
  /** Set while an admin is signed in as this user (switch user). */
  impersonator_id: Schema.NullOr(UserId),
  email_verified: Schema.Boolean,
  /**
   * While the account is suspended after a false completion (spec §9, 7 days; schemas/work.ts): when the suspension
   * ends (ISO 8601 UTC); null when not suspended. Optional so answers without it still decode.
   */
  suspended_until: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /**
   * Whether the user may take work now (book, quote, claim, express interest, reserve) and why not: the server's
   * decision (schemas/work-eligibility.ts), so every page can say so before the partner tries. Optional so answers
   * without it still decode (the server still refuses what the rule does not allow).
   */
  work: Schema.optionalKey(WorkEligibility),
});
export type User = typeof User.Type;
