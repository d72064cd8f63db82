import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the server reads from its environment, resolved once at start (and built directly in tests). */
export interface Config {
  readonly port: number;
  /** PGlite data folder, or 'memory'. Ignored when databaseUrl is set. */
  readonly dataDir: string;
  /** A PostgreSQL connection string; when set the server uses it instead of PGlite. */
  readonly databaseUrl: string | null;
  /** Lifetime of an access token, seconds. */
  readonly tokenTtlS: number;
  /** Lifetime of a sign-in session (the cookie), seconds. */
  readonly sessionTtlS: number;
  /** yyyy-MM-dd delivered to the portal in app init to pin "today" in demos; null in production. */
  readonly fakeDate: string | null;
  /** The built portal (vite build output) served under /tpp/. */
  readonly distDir: string;
  /** The server's clock. Injected so tests can move time (token expiry, rate-limit windows) without waiting. */
  readonly now: () => Date;
  /**
   * The origin the portal is served from (`https://partners.example.com`), which the cookie endpoints accept as
   * Origin. Null: the request's own origin (its Host header, https when the request or the proxy says so).
   */
  readonly publicOrigin: string | null;
  /** Request bodies larger than this many bytes are refused with 413 before anything reads them. */
  readonly maxBodyBytes: number;
  /** Sign-in and token throttles (in memory, per server process: see server/README.md). */
  readonly rateLimits: RateLimits;
  /**
   * Tests only (`app.request()` has no connection): take the client address from the `X-Test-Client` header.
   * Never true from readConfig, so in production a client cannot pick its own rate-limit bucket.
   */
  readonly trustTestClientHeader: boolean;
  /**
   * Development and tests only (FAULT_INJECTION=1; refused when NODE_ENV=production): requests carrying the
   * `tpp_fault` cookie are failed as it says (server/http/fault-injection.ts), for the fault-tolerance tests.
   */
  readonly faultInjection: boolean;
  /**
   * The folder of uploaded documents (server/documents/file-store.ts): UPLOADS_DIR, else `<DATA_DIR>-uploads` beside
   * the PGlite folder (`.data/pglite-uploads` by default; never inside it, which is PostgreSQL's own). Null or absent
   * (DATA_DIR=memory, and the tests): a temp folder made when the app starts, gone with the throwaway database.
   */
  readonly uploadsDir?: string | null;
  /**
   * Development only (NEW_WORK_EVERY_S): post a random open job every this many seconds (server/alerts/posted-jobs.ts),
   * so new-work alerts arrive live. Unset (null or absent) by default and in tests.
   */
  readonly newWorkEveryS?: number | null;
  /**
   * The reservation lifecycle's clock (server/reservations/): how often the decision job runs (RESERVATION_JOB_EVERY_S,
   * default 60), how long after a request the team decides (RESERVATION_DECISION_AFTER_S, default 7200, at most the
   * 24 hours of spec §9) and how long a return offer stays open (RESERVATION_OFFER_LIFETIME_S, default 43200). Shorter
   * values speed the lifecycle up for demos and tests; absent means the default.
   */
  readonly reservationJobEveryS?: number;
  readonly reservationDecisionAfterS?: number;
  readonly reservationOfferLifetimeS?: number;
  /**
   * Development only (true unless NODE_ENV=production): GET /dev/outbox and /dev/outbox/{id} list the mails the
   * server sent (server/mail/). Absent or false: the endpoints do not exist.
   */
  readonly devOutbox?: boolean;
  /** The sign-up and password-reset throttles (server/sign-up/sign-up-limits.ts); absent: their defaults. */
  readonly signUpLimits?: SignUpLimits;
}

/** Throttles of the public sign-up and password-reset calls (in memory, per server process, like RateLimits). */
export interface SignUpLimits {
  /** Accounts created per client address. */
  readonly accountsPerAddress: WindowLimit;
  /** Sign-up checks that look an e-mail up (validate-step of the login step, sign-up) per client address. */
  readonly emailChecksPerAddress: WindowLimit;
  /** Password-reset requests per client address. */
  readonly resetRequestsPerAddress: WindowLimit;
  /** Reset mails per account (further requests still answer 202, and send nothing). */
  readonly resetMailsPerAccount: WindowLimit;
}

/** The reservation lifecycle's defaults and the decision's upper bound (spec §9: a decision within 24 hours). */
export const RESERVATION_CLOCK_DEFAULTS = {
  jobEveryS: 60,
  decisionAfterS: 2 * 3600,
  offerLifetimeS: 12 * 3600,
} as const;
export const MAX_RESERVATION_DECISION_AFTER_S = 24 * 3600;

/** At most `limit` counted events per key in a window of `windowS` seconds from the first one. */
export interface WindowLimit {
  readonly limit: number;
  readonly windowS: number;
}

export interface RateLimits {
  /** Failed sign-ins per account (e-mail); a successful sign-in clears the count. */
  readonly loginFailuresPerAccount: WindowLimit;
  /** Sign-in attempts, successful or not, per client address. */
  readonly loginAttemptsPerAddress: WindowLimit;
  /** POST /oauth/token calls per client address. */
  readonly tokenCallsPerAddress: WindowLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginFailuresPerAccount: { limit: 10, windowS: 15 * 60 },
  loginAttemptsPerAddress: { limit: 30, windowS: 15 * 60 },
  tokenCallsPerAddress: { limit: 60, windowS: 60 },
};

/** 1 MiB: far above any body the portal sends, small enough to refuse floods early. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

const positiveInt = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return value;
};

const isoDate = (name: string, raw: string | undefined): string | null => {
  if (raw === undefined || raw === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`))) {
    throw new Error(`${name} must be a date yyyy-MM-dd, got '${raw}'`);
  }
  return raw;
};

const origin = (name: string, raw: string | undefined): string | null => {
  if (raw === undefined || raw === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== raw.replace(/\/$/, '')) {
    throw new Error(`${name} must be an origin such as https://partners.example.com, got '${raw}'`);
  }
  return url.origin;
};

/**
 * Reads PORT, DATA_DIR, DIST_DIR, DATABASE_URL, TOKEN_TTL_S, SESSION_TTL_S, FAKE_DATE, PUBLIC_ORIGIN,
 * LOGIN_FAILURES_PER_ACCOUNT, LOGIN_ATTEMPTS_PER_ADDRESS, TOKEN_CALLS_PER_ADDRESS, NEW_WORK_EVERY_S,
 * RESERVATION_JOB_EVERY_S, RESERVATION_DECISION_AFTER_S, RESERVATION_OFFER_LIFETIME_S and UPLOADS_DIR; throws on a
 * malformed value.
 */
export const readConfig = (env: NodeJS.ProcessEnv): Config => ({
  port: positiveInt('PORT', env.PORT, 8080),
  // A DATA_DIR given on the command line is relative to the working directory; the default lives in the repo.
  dataDir:
    env.DATA_DIR === 'memory' ? 'memory' : env.DATA_DIR ? resolve(env.DATA_DIR) : join(REPO_ROOT, '.data', 'pglite'),
  databaseUrl: env.DATABASE_URL || null,
  tokenTtlS: positiveInt('TOKEN_TTL_S', env.TOKEN_TTL_S, 900),
  sessionTtlS: positiveInt('SESSION_TTL_S', env.SESSION_TTL_S, 30 * 24 * 3600),
  fakeDate: isoDate('FAKE_DATE', env.FAKE_DATE),
  // DIST_DIR: another build of the portal (a second checkout's browser tests build to their own folder)
  distDir: env.DIST_DIR ? resolve(env.DIST_DIR) : join(REPO_ROOT, 'dist'),
  now: () => new Date(),
  publicOrigin: origin('PUBLIC_ORIGIN', env.PUBLIC_ORIGIN),
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  rateLimits: {
    loginFailuresPerAccount: {
      ...DEFAULT_RATE_LIMITS.loginFailuresPerAccount,
      limit: positiveInt(
        'LOGIN_FAILURES_PER_ACCOUNT',
        env.LOGIN_FAILURES_PER_ACCOUNT,
        DEFAULT_RATE_LIMITS.loginFailuresPerAccount.limit,
      ),
    },
    loginAttemptsPerAddress: {
      ...DEFAULT_RATE_LIMITS.loginAttemptsPerAddress,
      limit: positiveInt(
        'LOGIN_ATTEMPTS_PER_ADDRESS',
        env.LOGIN_ATTEMPTS_PER_ADDRESS,
        DEFAULT_RATE_LIMITS.loginAttemptsPerAddress.limit,
      ),
    },
    tokenCallsPerAddress: {
      ...DEFAULT_RATE_LIMITS.tokenCallsPerAddress,
      limit: positiveInt(
        'TOKEN_CALLS_PER_ADDRESS',
        env.TOKEN_CALLS_PER_ADDRESS,
        DEFAULT_RATE_LIMITS.tokenCallsPerAddress.limit,
      ),
    },
  },
  trustTestClientHeader: false,
  faultInjection: faultInjectionSwitch(env),
  uploadsDir: env.UPLOADS_DIR
    ? resolve(env.UPLOADS_DIR)
    : env.DATA_DIR === 'memory'
      ? null
      : `${env.DATA_DIR ? resolve(env.DATA_DIR) : join(REPO_ROOT, '.data', 'pglite')}-uploads`,
  newWorkEveryS: env.NEW_WORK_EVERY_S ? positiveInt('NEW_WORK_EVERY_S', env.NEW_WORK_EVERY_S, 0) : null,
  reservationJobEveryS: positiveInt(
    'RESERVATION_JOB_EVERY_S',
    env.RESERVATION_JOB_EVERY_S,
    RESERVATION_CLOCK_DEFAULTS.jobEveryS,
  ),
  reservationDecisionAfterS: atMost(
    'RESERVATION_DECISION_AFTER_S',
    positiveInt(
      'RESERVATION_DECISION_AFTER_S',
      env.RESERVATION_DECISION_AFTER_S,
      RESERVATION_CLOCK_DEFAULTS.decisionAfterS,
    ),
    MAX_RESERVATION_DECISION_AFTER_S,
  ),
  reservationOfferLifetimeS: positiveInt(
    'RESERVATION_OFFER_LIFETIME_S',
    env.RESERVATION_OFFER_LIFETIME_S,
    RESERVATION_CLOCK_DEFAULTS.offerLifetimeS,
  ),
  devOutbox: env.NODE_ENV !== 'production',
});

function atMost(name: string, value: number, most: number): number {
  if (value > most) throw new Error(`${name} must be at most ${most}, got '${value}'`);
  return value;
}

function faultInjectionSwitch(env: NodeJS.ProcessEnv): boolean {
  const on = env.FAULT_INJECTION === '1';
  if (on && env.NODE_ENV === 'production') throw new Error('FAULT_INJECTION cannot be used when NODE_ENV=production');
  return on;
}
