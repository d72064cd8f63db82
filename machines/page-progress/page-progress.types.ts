export interface PageProgressContext {
  /** Requests started and not yet finished or failed; never below 0. */
  outstanding: number;
  /** Steps of `TICK_MS` the bar has grown since it was shown (0 … TICKS). */
  ticks: number;
  /** Width of the bar in per cent: 0 while hidden, grows toward 90, 100 when finishing or failed. */
  progress: number;
}

export type PageProgressEvent =
  /** A request (API call or route chunk) began. */
  | { type: 'request.started' }
  /** A request ended successfully. */
  | { type: 'request.finished' }
  /** A request ended with an error: the bar takes its failed look. */
  | { type: 'request.failed' };
