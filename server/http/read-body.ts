import { Result } from 'effect';
import type { Context } from 'hono';
import { decodeResult } from '@/schemas/decode';
import type { Schema } from 'effect';
import { UnsupportedMediaTypeError, ValidationError } from '@/server/http/api-errors';

/** Deeper than any request the API defines; deeper values overflow the stack of Effect's decoder and formatter. */
export const MAX_BODY_DEPTH = 32;

/** Whether `value` nests arrays or objects more than `max` levels deep. Iterative: any depth is safe to check. */
export const nestsDeeperThan = (value: unknown, max: number): boolean => {
  const pending: Array<readonly [unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
};

const isJson = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/**
 * Reads the JSON body and decodes it with `schema`. A Content-Type other than application/json is a 415; malformed
 * JSON, a body nested deeper than MAX_BODY_DEPTH or one that does not decode is a ValidationError (422); never a 500.
 */
export const readBody = async <A, I>(c: Context, schema: Schema.Codec<A, I>, name: string): Promise<A> => {
  if (!isJson(c.req.header('content-type'))) throw new UnsupportedMediaTypeError();
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new ValidationError({ body: ['The request body must be valid JSON.'] });
  }
  if (nestsDeeperThan(body, MAX_BODY_DEPTH))
    throw new ValidationError({ body: ['The request body is nested too deeply.'] });
  const decoded = decodeResult(schema, name)(body);
  if (Result.isFailure(decoded)) throw ValidationError.fromIssues(decoded.failure.issues);
  return decoded.success;
};
