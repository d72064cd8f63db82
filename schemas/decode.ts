import { Result, Schema, SchemaIssue } from 'effect';

/** One failing field of a payload: the dotted path into the value and what was wrong with it. */
export interface FieldIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * A payload that did not decode. A plain tagged Error (not Schema.TaggedError, which brings more of Effect into the
 * portal's first load). Carries every failing path, so the server can answer 422 with the fields and the portal can
 * report exactly which part of a response broke the contract.
 */
export class DecodeError extends Error {
  readonly _tag = 'DecodeError';
  /** The name of the schema that failed, e.g. `User`. */
  readonly schema: string;
  readonly issues: readonly FieldIssue[];

  constructor(fields: { schema: string; issues: readonly FieldIssue[] }) {
    const first = fields.issues[0];
    super(`${fields.schema} did not decode${first ? ` at ${first.path || '(root)'}: ${first.message}` : ''}`);
    this.name = 'DecodeError';
    this.schema = fields.schema;
    this.issues = fields.issues;
  }
}

/** Effect's Standard Schema formatter: one flat entry per failing leaf, each with its path and message. */
const flatten = SchemaIssue.makeFormatterStandardSchemaV1();

/** Flattens Effect's schema issue into field paths such as `payload.email`. */
export const issuesOf = (issue: SchemaIssue.Issue): FieldIssue[] =>
  flatten(issue).issues.map((entry) => ({
    path: (entry.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.'),
    message: entry.message,
  }));

/** Decodes `input` with `schema`, returning the value or a DecodeError naming the failing paths. */
export const decodeResult =
  <S extends Schema.ConstraintDecoder<unknown>>(schema: S, name: string) =>
  (input: unknown): Result.Result<S['Type'], DecodeError> =>
    Result.mapError(
      Schema.decodeUnknownResult(schema, {
        errors: 'all',
        onExcessProperty: 'ignore',
      })(input),
      (error) => new DecodeError({ schema: name, issues: issuesOf(error.issue) }),
    );

/** Decodes or throws the DecodeError: for promise chains (`.then(decodeWith(User, 'User'))`). */
export const decodeWith =
  <S extends Schema.ConstraintDecoder<unknown>>(schema: S, name: string) =>
  (input: unknown): S['Type'] => {
    const result = decodeResult(schema, name)(input);
    if (Result.isFailure(result)) throw result.failure;
    return result.success;
  };
