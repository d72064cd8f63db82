import { Either, ParseResult, Schema } from 'effect';

/** One failing field of a payload: the dotted path into the value and what was wrong with it. */
export interface FieldIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * A payload that did not decode. A plain tagged Error (not Schema.TaggedError, which brings Effect's
 * runtime into the portal's first load). Carries every failing path, so the server can answer 422 with the fields
 * and the portal can report exactly which part of a response broke the contract.
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

/** Flattens Effect's parse error into field paths such as `payload.email`. */
export const issuesOf = (error: ParseResult.ParseError): FieldIssue[] =>
  ParseResult.ArrayFormatter.formatErrorSync(error).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));

/** Decodes `input` with `schema`, returning the value or a DecodeError naming the failing paths. */
export const decodeEither =
  <A, I>(schema: Schema.Schema<A, I>, name: string) =>
  (input: unknown): Either.Either<A, DecodeError> =>
    Either.mapLeft(
      Schema.decodeUnknownEither(schema, { errors: 'all', onExcessProperty: 'ignore' })(input),
      (error) => new DecodeError({ schema: name, issues: issuesOf(error) }),
    );

/** Decodes or throws the DecodeError: for promise chains (`.then(decodeWith(User, 'User'))`). */
export const decodeWith =
  <A, I>(schema: Schema.Schema<A, I>, name: string) =>
  (input: unknown): A => {
    const result = decodeEither(schema, name)(input);
    if (Either.isLeft(result)) throw result.left;
    return result.right;
  };
