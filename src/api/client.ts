import type { Schema } from 'effect';
import ky, { type KyInstance, type Options } from 'ky';
import { ErrorBody, type ErrorListEntry } from '@/schemas/auth';
import { WorkEligibility } from '@/schemas/work-eligibility';
import { decodeResult, decodeWith } from '@/schemas/decode';
import { Result } from 'effect';
import { errorText, GENERIC_REFUSAL, HttpError, NetworkError, SessionExpiredError } from './errors';
import { flattenQuery, type QueryValue } from './query';

/** What the client needs from the rest of the app; bound once at the root (see connect()). */
export interface ApiBindings {
  /** The current access token, or null when signed out. */
  getToken(): string | null;
  /** The request language of the current locale (en_GB, es_ES …), sent as Accept-Language. */
  getLanguage(): string;
  /** Re-login after a 401: resolves once a new token is in place, rejects when the session cannot be renewed. */
  renewToken(): Promise<void>;
  /** Called for every request start and end, for the page-progress bar. */
  onRequest?(phase: 'started' | 'finished' | 'failed'): void;
}

export interface RequestOptions {
  readonly query?: Readonly<Record<string, QueryValue>>;
  /** Body for POST/PUT: sent as `{ payload: body }` (spec §7), unless `raw` is set. */
  readonly body?: unknown;
  /** Send the body as it is, without the payload key (the monolith's /login). */
  readonly raw?: boolean;
  /** A multipart body (a document upload): sent as it is, with the browser's own multipart Content-Type. */
  readonly form?: FormData;
  /** Do not try a re-login on 401 (the auth calls themselves, and the start-up restore). */
  readonly noRenew?: boolean;
  /** Use this token instead of the bound one (start-up restore, before the auth machine holds it). */
  readonly token?: string;
  /** A background check whose failure is expected (the start-up session restore): kept out of the progress bar. */
  readonly quiet?: boolean;
  /** Cancels the request (a machine stopping the actor that made it: a newer search replaces an older one). */
  readonly signal?: AbortSignal;
  /** Extra headers of this call, e.g. the Idempotency-Key of a book or quote (schemas/listing.ts). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Sees the headers of a successful answer, before its body is decoded: the reservation list reads the server's
   * `Date` there, so a countdown runs on the server's clock (machines/return-offer).
   */
  readonly onHeaders?: (headers: Headers) => void;
  /** The browser's fetch priority (Fetch Priority API); unset, a fetch is high. */
  readonly priority?: RequestPriority;
}

type Method = 'get' | 'post' | 'put' | 'delete';

const unbound: ApiBindings = {
  getToken: () => null,
  getLanguage: () => 'en_GB',
  renewToken: () => Promise.reject(new Error('API client is not connected')),
};

/**
 * The one HTTP client of the portal. Every call: credentials included, X-Requested-With, Accept,
 * Accept-Language, Bearer token; bodies under `payload`; query flattened; on 401 one single-flight
 * re-login and one retry; every response decoded with its schema before it leaves src/api/.
 */
export function createApiClient(options: {
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Waits before each retry of a read that found no server (offline, dropped, 502/503/504). Writes never retry. */
  readRetryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}) {
  const retryDelays = options.readRetryDelaysMs ?? [500, 1500];
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let bindings: ApiBindings = unbound;
  let renewal: Promise<void> | null = null;

  const http: KyInstance = ky.create({
    prefixUrl: options.baseUrl,
    credentials: 'include',
    retry: 0,
    throwHttpErrors: false,
    timeout: options.timeoutMs ?? 15_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          request.headers.set('X-Requested-With', 'XMLHttpRequest');
          request.headers.set('Accept', 'application/json');
          request.headers.set('Accept-Language', bindings.getLanguage());
          const token = bindings.getToken();
          if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });

  /** Ten concurrent 401s share one renewal (and so one token call). */
  const renewOnce = (): Promise<void> => {
    renewal ??= bindings.renewToken().finally(() => {
      renewal = null;
    });
    return renewal;
  };

  async function send(
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    opts: RequestOptions,
  ): Promise<Response> {
    const headers = { ...opts.headers, ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}) };
    const init: Options = { method, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
    if (opts.query) init.searchParams = flattenQuery(opts.query);
    if (opts.signal) init.signal = opts.signal;
    if (opts.priority) init.priority = opts.priority;
    if (opts.body !== undefined) init.json = opts.raw ? opts.body : { payload: opts.body };
    if (opts.form) init.body = opts.form;
    const attempt = async (): Promise<Response> => {
      try {
        return await http(path.replace(/^\//, ''), init);
      } catch (error) {
        // A cancelled request is nobody's failure: it goes back to the canceller as it is, and is never retried.
        if (opts.signal?.aborted) throw error;
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw new NetworkError({
          message: errorText(error),
          timedOut,
          url: path,
        });
      }
    };
    // The token this request goes with (the hook reads the same one as it sends).
    const sentWith = opts.token ?? bindings.getToken();
    let response = await attempt();
    if (response.status === 401 && !opts.noRenew) {
      // A request sent before a renewal that has since finished comes back 401 after it: the new token is already
      // here, so it is only sent again. A renewal of its own would be a second token call for the same burst.
      const current = bindings.getToken();
      const renewedMeanwhile = !opts.token && renewal === null && current !== null && current !== sentWith;
      try {
        if (!renewedMeanwhile) await renewOnce();
      } catch {
        throw new SessionExpiredError({ url: path });
      }
      response = await attempt();
      if (response.status === 401) throw new SessionExpiredError({ url: path });
    }
    return response;
  }

  /**
   * Reads are safe to repeat, so a read that reached no server is tried again with backoff; a write is
   * never repeated silently (its failure is shown, and the partner decides).
   */
  async function sendWithReadRetries(method: Method, path: string, opts: RequestOptions): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const delay = method === 'get' ? retryDelays[attempt] : undefined;
      try {
        const response = await send(method, path, opts);
        if (delay === undefined || ![502, 503, 504].includes(response.status)) return response;
      } catch (error) {
        if (delay === undefined || !(error instanceof NetworkError)) throw error;
      }
      await sleep(delay);
    }
  }

  async function toHttpError(response: Response, path: string): Promise<HttpError> {
    const json: unknown = await response.json().catch(() => null);
    // Listing refusals name their reason with a word (`code: 'taken'`, schemas/listing.ts), the reservation errors
    // with a number: the word is read apart, so the body still decodes and the server's message is kept.
    const { code: word, ...rest } = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
    const reason = typeof word === 'string' ? word : null;
    const body = Result.getOrNull(decodeResult(ErrorBody, 'ErrorBody')(reason === null ? json : rest));
    // `errors` is a record by field (messages.validation) or, with code 101, the list of broken reservation rules.
    const listed = Array.isArray(body?.errors) ? (body.errors as readonly ErrorListEntry[]) : [];
    return new HttpError({
      status: response.status,
      // no message of the server's own: spec §8's generic text for a refusal (a failure of the server has its own)
      message:
        body?.message || (response.status < 500 ? GENERIC_REFUSAL : response.statusText || `HTTP ${response.status}`),
      errors: body?.errors && !Array.isArray(body.errors) ? (body.errors as HttpError['errors']) : {},
      ruleErrors: listed,
      code: body?.code ?? null,
      reason,
      // a journey refusal's explanation beside its message (schemas/journey.ts JourneyError `detail`)
      detail: typeof rest.detail === 'string' ? rest.detail : null,
      // a refusal by the work rule: why the partner may not take work (schemas/work-eligibility.ts WorkRefusal)
      work:
        rest.work === undefined ? null : Result.getOrNull(decodeResult(WorkEligibility, 'WorkEligibility')(rest.work)),
      url: path,
    });
  }

  /**
   * Opens a long-lived GET whose body the caller reads as a stream (Server-Sent Events): the same headers, token and
   * single-flight re-login on 401 as every call, but no read retries (the caller reconnects with its own backoff)
   * and no progress bar (the stream stays open). Resolves with the response once its headers are in; an error
   * status becomes an HttpError. Aborting `signal` ends the request and the body.
   *
   * Its fetch priority is low: a background stream that never ends does not compete with what the page needs to
   * draw, and tools that wait for the page's important requests to finish (Lighthouse) do not wait on it. At the
   * browser's default (high), every Lighthouse run waited its whole 45 s limit for the page to load.
   */
  async function stream(path: string, opts: { readonly signal?: AbortSignal } = {}): Promise<Response> {
    const response = await send('get', path, { ...opts, priority: 'low' });
    if (!response.ok) throw await toHttpError(response, path);
    return response;
  }

  async function request<A, I>(
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    schema: Schema.Codec<A, I> | null,
    name: string,
    opts: RequestOptions = {},
  ): Promise<A> {
    const report = opts.quiet ? undefined : bindings.onRequest;
    report?.('started');
    try {
      const response = await sendWithReadRetries(method, path, opts);
      if (!response.ok) throw await toHttpError(response, path);
      opts.onHeaders?.(response.headers);
      const json: unknown = response.status === 204 ? null : await response.json().catch(() => null);
      const value = schema ? decodeWith(schema, name)(json) : (undefined as A);
      report?.('finished');
      return value;
    } catch (error) {
      report?.('failed');
      throw error;
    }
  }

  return {
    connect(next: ApiBindings): void {
      bindings = next;
    },
    get: <A, I>(path: string, schema: Schema.Codec<A, I>, name: string, opts?: RequestOptions) =>
      request('get', path, schema, name, opts),
    post: <A, I>(path: string, schema: Schema.Codec<A, I> | null, name: string, opts?: RequestOptions) =>
      request('post', path, schema, name, opts),
    put: <A, I>(path: string, schema: Schema.Codec<A, I> | null, name: string, opts?: RequestOptions) =>
      request('put', path, schema, name, opts),
    delete: <A, I>(path: string, schema: Schema.Codec<A, I> | null, name: string, opts?: RequestOptions) =>
      request('delete', path, schema, name, opts),
    stream,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
