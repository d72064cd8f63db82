import { Result } from 'effect';
import type { Schema } from 'effect';
import type { Context } from 'hono';
import { decodeResult } from '@/schemas/decode';
import { ValidationError } from '@/server/http/api-errors';
import { readBody } from '@/server/http/read-body';

/** The 415 of a form endpoint: the spec's form calls take a form, or JSON like the rest of the API. */
export const FORM_MEDIA_TYPE = {
  message: 'The request body must be a form (application/x-www-form-urlencoded) or JSON (application/json).',
} as const;

const mediaType = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * Reads the body of a spec §7 form call (allocate-driver, the won-listing count and archive) and decodes it with
 * `schema`: `application/x-www-form-urlencoded` (each field's first value, as text) or `application/json` (as
 * read-body.ts reads it: invalid JSON or a body nested too deeply is a 422). Null for any other media type, which
 * the route answers 415 with FORM_MEDIA_TYPE. Form fields are flat strings, so they cannot nest too deeply.
 */
export const readForm = async <A, I>(c: Context, schema: Schema.Codec<A, I>, name: string): Promise<A | null> => {
  const type = mediaType(c.req.header('content-type'));
  if (type === 'application/json') return readBody(c, schema, name);
  if (type !== 'application/x-www-form-urlencoded') return null;
  // A Map, not an object: a field named __proto__ or constructor is just a field.
  const fields = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(await c.req.text())) if (!fields.has(key)) fields.set(key, value);
  const decoded = decodeResult(schema, name)(Object.fromEntries(fields));
  if (Result.isFailure(decoded)) throw ValidationError.fromIssues(decoded.failure.issues);
  return decoded.success;
};
