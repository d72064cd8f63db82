import { Schema } from 'effect';
import { positiveId, StorableText } from './common';

/** POST /login body (the monolith session sign-in). Plain JSON, not under `payload`. */
export const LoginRequest = Schema.Struct({
  email: Schema.Trim.check(Schema.isNonEmpty({ message: "Email can't be blank" }).abort(), Schema.isMaxLength(254)),
  // No stored password holds a NUL or a lone surrogate (StorableText at sign-up and reset), and scrypt would take
  // `demo1234\u0000` for `demo1234` (its HMAC pads a short key with zero bytes): refused here, as everywhere.
  password: StorableText.check(
    Schema.isNonEmpty({ message: "Password can't be blank" }).abort(),
    Schema.isMaxLength(200),
  ),
});
export type LoginRequest = typeof LoginRequest.Type;

export const LoginResponse = Schema.Struct({ ok: Schema.Literal(true) });

/** Grant types of spec §7: the cookie grant, or the mock-user grant in test mode. */
export const GrantType = Schema.Literals(['monolith_cookie_grant', 'mock_user_grant']);

/**
 * POST /oauth/token body, under `payload` like every API body. Client id and secret are empty, scope '*'. The
 * mock-user grant (an admin's switch user, spec §6) names the partner to act as in `user_id` (spec §7 "plus caller
 * data").
 */
export const TokenRequest = Schema.Struct({
  payload: Schema.Struct({
    grant_type: GrantType,
    client_id: Schema.Literal(''),
    client_secret: Schema.Literal(''),
    scope: Schema.Literal('*'),
    user_id: Schema.optional(positiveId('user')),
  }),
});
export type TokenRequest = typeof TokenRequest.Type;

export const TokenResponse = Schema.Struct({
  token_type: Schema.Literal('Bearer'),
  access_token: Schema.String.check(Schema.isMinLength(16)),
  /** Seconds until the access token expires. */
  expires_in: Schema.Number,
});
export type TokenResponse = typeof TokenResponse.Type;

/**
 * One entry of the list form of `errors`: the reservation errors of code 101 (spec §8, schemas/reservation.ts
 * ReservationRuleError), read loosely here so that an unknown code still reaches the toast that names it.
 */
export const ErrorListEntry = Schema.Struct({
  code: Schema.String,
  message: Schema.String,
  reservation: Schema.optional(Schema.Number),
  date: Schema.optional(Schema.String),
  field: Schema.optional(Schema.String),
});
export type ErrorListEntry = typeof ErrorListEntry.Type;

/**
 * Error bodies. `messages.validation` carries the failing fields as a record by field (spec §8); the reservation
 * errors (`messages.reservation_errors`, code 101) carry a list of entries instead.
 */
export const ErrorBody = Schema.Struct({
  message: Schema.String,
  errors: Schema.optional(
    Schema.Union([Schema.Record(Schema.String, Schema.Array(Schema.String)), Schema.Array(ErrorListEntry)]),
  ),
  code: Schema.optional(Schema.Number),
});
export type ErrorBody = typeof ErrorBody.Type;
