export interface RequestContext<T> {
  /** The last response, kept while a refresh runs and after a refresh fails. */
  data: T | null;
  /** The last failure, cleared when a request succeeds. */
  error: unknown;
}

export type RequestEvent = { type: 'request.retry' } | { type: 'request.refresh' };
