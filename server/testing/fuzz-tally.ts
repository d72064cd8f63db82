import { appendFileSync } from 'node:fs';

/**
 * How many requests a fuzz test file sent, and which answered 5xx (there must be none). Each file counts its own:
 * `const tally = fuzzTally('bad-input')`, every answer through `tally.count(response)`, and in afterAll
 * `tally.report()`, which fails the file on any 5xx. With FUZZ_TALLY=<file> set, each file also appends a line
 * `{"file":…,"sent":…,"server_errors":…}` to that file, so a run's totals can be read (the README's figure).
 */
export interface FuzzTally {
  /** Counts `response` and returns it. */
  count<R extends { readonly status: number }>(response: R, what?: string): R;
  readonly sent: number;
  /** The 5xx answers, as `status what`. */
  readonly serverErrors: readonly string[];
  report(): void;
}

export const fuzzTally = (file: string): FuzzTally => {
  let sent = 0;
  const serverErrors: string[] = [];
  return {
    count(response, what = '') {
      sent += 1;
      if (response.status >= 500) serverErrors.push(`${response.status} ${what}`.trim());
      return response;
    },
    get sent() {
      return sent;
    },
    get serverErrors() {
      return serverErrors;
    },
    report() {
      const out = process.env.FUZZ_TALLY;
      if (out) appendFileSync(out, `${JSON.stringify({ file, sent, server_errors: serverErrors.length })}\n`);
      if (serverErrors.length > 0)
        throw new Error(
          `${serverErrors.length} of ${sent} requests answered 5xx: ${serverErrors.slice(0, 5).join('; ')}`,
        );
    },
  };
};
