import { Effect, Schema, SchemaIssue } from 'effect';

/*
 * Pieces every schema file uses. Effect 4 runs every check of a field when decoding with `errors: 'all'`; a check
 * marked `.abort()` skips the checks after it when it fails, so a field gets one message (a whole number first, then
 * its range), as Effect 3's chained refinements gave.
 */

/** An optional field that is absent or valid (`undefined` is not a value JSON can carry). */
export const optional = <S extends Schema.Constraint>(schema: S) => Schema.optionalKey(schema);

/** A field that may be missing or null; missing decodes as null. */
export const nullable = <S extends Schema.Top>(schema: S) =>
  Schema.NullOr(schema).pipe(Schema.withDecodingDefaultKey(Effect.succeed(null)));

/** A message annotation: the one message for a failed literal union or a failed check. */
export const says = (message: string) => ({ message });

/**
 * One message for any failure inside a schema: its type, any of its checks, any member of a union. A `message`
 * annotation only covers a schema's own type or its last check, and a union reports the member that nearly matched.
 */
export const saysAll =
  (message: string) =>
  <S extends Schema.Top>(schema: S) =>
    schema.pipe(Schema.catchDecoding(() => Effect.fail(new SchemaIssue.InvalidValue({ message }))));

/** A whole number, 0 or more: one message for a value that is neither. */
/** A positive whole number that identifies a `what` (journey, listing, driver), with messages that say which. */
export const positiveId = (what: string) =>
  Schema.Number.check(
    Schema.isInt({ message: `A ${what} id is a whole number` }).abort(),
    Schema.isGreaterThan(0, { message: `A ${what} id is a positive number` }),
  );

export const NonNegativeInt = Schema.Number.check(Schema.isInt().abort(), Schema.isGreaterThanOrEqualTo(0));

/** No NUL and no lone surrogate: text PostgreSQL can store (in a text column or inside jsonb). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const StorableText = Schema.String.check(
  Schema.makeFilter(
    (s) => !s.includes('\u0000') && !LONE_SURROGATE.test(s),
    { message: 'Contains characters that cannot be stored' },
    true, // abort: a check added after this one runs only on storable text (one message)
  ),
);

/** Whether `s` is a calendar date yyyy-MM-dd that exists (2026-02-30 and 2026-13-45 are not). */
export const isCalendarDate = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const at = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === s;
};
/** A calendar date yyyy-MM-dd that exists (2026-02-30 does not). */
export const CalendarDate = Schema.String.check(
  Schema.makeFilter(isCalendarDate, {
    message: 'A date is yyyy-MM-dd',
  }),
);

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const isInstant = (s: string) => {
  const m = ISO_INSTANT.exec(s);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0));
  return date.getUTCDate() === day && date.getUTCMonth() + 1 === month && hour! <= 23 && minute! <= 59 && second! <= 59;
};
/** An ISO 8601 instant with its offset: `2026-11-20T08:00:00Z`, `2026-07-01T09:30:00+01:00`. */
export const Instant = Schema.String.check(
  Schema.makeFilter(isInstant, { message: 'A time is an ISO 8601 instant with its offset (2026-11-20T08:00:00Z)' }),
);

/**
 * The header that makes a write safe to repeat: booking, quoting, claiming, reserving (a UUID the portal makes per user
 * action).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
