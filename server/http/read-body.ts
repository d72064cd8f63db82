import { Either } from 'effect';
import type { Context } from 'hono';
import { decodeEither } from '@/schemas/decode';
import type { Schema } from 'effect';
import { ValidationError } from '@/server/http/api-errors';

/**
 * Reads the JSON body and decodes it with `schema`. Malformed JSON or a body that does not decode throws a
 * ValidationError (422), never a 500.
 */
export const readBody = async <A, I>(c: Context, schema: Schema.Schema<A, I>, name: string): Promise<A> => {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new ValidationError({ body: ['The request body must be valid JSON.'] });
  }
  const decoded = decodeEither(schema, name)(body);
  if (Either.isLeft(decoded)) throw ValidationError.fromIssues(decoded.left.issues);
  return decoded.right;
};
