import type { WindowLimit } from '@/server/config';

/** Counts events per key in fixed windows (the window opens at a key's first event). */
export interface RateLimiter {
  /** Whole seconds until `key` may try again (at least 1), or 0 when it is under its limit now. */
  retryAfterS(key: string): number;
  /** The events counted for `key` in its open window (0 when none is open). */
  count(key: string): number;
  /** Counts one event for `key`. */
  hit(key: string): void;
  /** Forgets `key` (a successful sign-in clears its account's failures). */
  clear(key: string): void;
}

interface Window {
  count: number;
  /** Epoch milliseconds at which the window closes. */
  endsAt: number;
}

/**
 * An in-memory RateLimiter on the injected clock. It lives in one server process: several instances behind a load
 * balancer would each count on their own, and need a shared store (PostgreSQL, Redis) instead. At most `maxKeys`
 * keys are kept: past that, closed windows are dropped first, then the oldest ones.
 */
export const createRateLimiter = ({ limit, windowS }: WindowLimit, now: () => Date, maxKeys = 100_000): RateLimiter => {
  const windows = new Map<string, Window>();

  const open = (key: string, at: number): Window | undefined => {
    const window = windows.get(key);
    if (window && window.endsAt <= at) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };

  const makeRoom = (at: number) => {
    if (windows.size < maxKeys) return;
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  };

  return {
    retryAfterS(key) {
      const at = now().getTime();
      const window = open(key, at);
      if (!window || window.count < limit) return 0;
      return Math.max(1, Math.ceil((window.endsAt - at) / 1000));
    },
    count(key) {
      return open(key, now().getTime())?.count ?? 0;
    },
    hit(key) {
      const at = now().getTime();
      const window = open(key, at);
      if (window) {
        window.count += 1;
        return;
      }
      makeRoom(at);
      windows.set(key, { count: 1, endsAt: at + windowS * 1000 });
    },
    clear(key) {
      windows.delete(key);
    },
  };
};
