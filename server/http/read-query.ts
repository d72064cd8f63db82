import { Result } from 'effect';
import type { Schema } from 'effect';
import type { Context } from 'hono';
import { decodeResult } from '@/schemas/decode';
import { ValidationError } from '@/server/http/api-errors';

/**
 * Decodes the query string with `schema` (the first value of each name). A query that does not decode is a
 * ValidationError (422) with the failing parameters, like a body.
 */
export const readQuery = <A, I>(c: Context, schema: Schema.Codec<A, I>, name: string): A => {
  const decoded = decodeResult(schema, name)(c.req.query());
  if (Result.isFailure(decoded)) throw ValidationError.fromIssues(decoded.failure.issues);
  return decoded.success;
};
