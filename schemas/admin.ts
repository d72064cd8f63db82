import { Effect, Schema } from 'effect';
import { AccountType, UserId } from './user';
import { NonNegativeInt, positiveIdFromText, StorableText } from './common';

/**
 * The admin's switch user (spec §6; issue 8), beside the mock-user grant of POST /oauth/token (schemas/auth.ts):
 * - `GET /v1/admin/partners?q=` → AdminPartnersResponse: partners to act as, by name or e-mail, at most 20.
 * - `GET /v1/admin/impersonated-actions?user_id=` → ImpersonatedActionsResponse: what admins did as a partner,
 *   newest first, at most 100.
 * Both are for admins only (403 otherwise).
 */

export const AdminPartnersQuery = Schema.Struct({
  q: StorableText.check(Schema.isMaxLength(100, { message: 'q is at most 100 characters' })).pipe(
    Schema.withDecodingDefaultKey(Effect.succeed('')),
  ),
});
export type AdminPartnersQuery = typeof AdminPartnersQuery.Type;

export const AdminPartner = Schema.Struct({
  id: UserId,
  full_name: Schema.String,
  email: Schema.String,
  account_type: AccountType,
  town: Schema.NullOr(Schema.String),
});
export type AdminPartner = typeof AdminPartner.Type;

export const AdminPartnersResponse = Schema.Struct({
  data: Schema.Array(AdminPartner),
  meta: Schema.Struct({ total: NonNegativeInt }),
});
export type AdminPartnersResponse = typeof AdminPartnersResponse.Type;

/** `user_id`: one issue, the first check it fails (a whole number, above 0, within an integer column). */
export const ImpersonatedActionsQuery = Schema.Struct({ user_id: positiveIdFromText('user') });

export const ImpersonatedAction = Schema.Struct({
  impersonator_id: UserId,
  user_id: UserId,
  method: Schema.String,
  path: Schema.String,
  status: Schema.Int,
  at: Schema.String,
});
export type ImpersonatedAction = typeof ImpersonatedAction.Type;

export const ImpersonatedActionsResponse = Schema.Struct({ data: Schema.Array(ImpersonatedAction) });
export type ImpersonatedActionsResponse = typeof ImpersonatedActionsResponse.Type;
