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
  /** Lifetime of a sign-in session (the cookie), seconds, however much it is used. */
  readonly sessionTtlS: number;
  /**
   * A session unused for this many seconds is over (SESSION_IDLE_S, default 12 hours): its cookie no longer renews
   * tokens and its tokens stop working. Its last use is recorded at most once a minute (server/auth/sessions.ts).
   */
  readonly sessionIdleS: number;
  /**
   * Open `GET /v1/jobs/events` streams per sign-in session (EVENT_STREAMS_PER_SESSION, default 6); one more is
   * refused with 429 (server/http/listing-routes.ts).
   */
  readonly eventStreamsPerSession: number;
  /** yyyy-MM-dd delivered to the portal in app init to pin "today" in demos; null in production. */
  readonly fakeDate: string | null;
  /** The built portal (vite build output) served under /tpp/. */
  readonly distDir: string;
  /** The server's clock. Injected so tests can move time (token expiry, rate-limit windows) without waiting. */
  readonly now: () => Date;
  /**
   * The origin the portal is served from (`https://partners.example.com`, PUBLIC_ORIGIN). The links in mails are on it
   * (null: on `http://localhost:<port>`, the server's own address; never on a request header: server/mail/links.ts),
   * and the cookie endpoints accept it as Origin (null: the request's own origin, its Host header, https when the
   * request or the proxy says so: server/http/request-origin.ts).
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
   * Development and tests only (DEV_OUTBOX=1; refused when NODE_ENV=production): GET /dev/outbox and /dev/outbox/{id}
   * list the mails the server sent, links and all (server/mail/), to anyone who asks. Off by default: absent or false,
   * the endpoints do not exist.
   */
  readonly devOutbox?: boolean;
  /**
   * SMTP_URL (`smtp://user:password@host:587`, STARTTLS when the relay offers it; `smtps://…:465` for TLS from the
   * start): mails leave through this relay after the response (server/mail/delivery.ts). Null or absent: mails are
   * only kept in the outbox (the development default).
   */
  readonly smtpUrl?: string | null;
  /** MAIL_FROM (`Partner portal <no-reply@partners.example.com>`): the From of every mail; absent: that default. */
  readonly mailFrom?: string;
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
  /**
   * Failed sign-ins per account (e-mail) from one client address; beyond it that address gets 429 for that account,
   * and only for it. A successful sign-in clears the count.
   */
  readonly loginFailuresPerAccountAndAddress: WindowLimit;
  /**
   * Failed sign-ins per account from all addresses together; beyond it every sign-in of the account is answered more
   * slowly (loginSlowdown), never refused. A successful sign-in clears the count.
   */
  readonly loginFailuresPerAccount: WindowLimit;
  /** How much more slowly: the first delay past the limit, doubled for every further failure, up to the cap. */
  readonly loginSlowdown: LoginSlowdown;
  /** Sign-in attempts, successful or not, per client address. */
  readonly loginAttemptsPerAddress: WindowLimit;
  /** POST /oauth/token calls per client address. */
  readonly tokenCallsPerAddress: WindowLimit;
}

/** The delay of a sign-in on an account with too many failures (RateLimits.loginSlowdown), milliseconds. */
export interface LoginSlowdown {
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginFailuresPerAccountAndAddress: { limit: 10, windowS: 15 * 60 },
  loginFailuresPerAccount: { limit: 10, windowS: 15 * 60 },
  loginSlowdown: { firstDelayMs: 250, maxDelayMs: 3000 },
  loginAttemptsPerAddress: { limit: 30, windowS: 15 * 60 },
  tokenCallsPerAddress: { limit: 60, windowS: 60 },
};

/** A session unused for 12 hours is over. */
export const DEFAULT_SESSION_IDLE_S = 12 * 3600;

/**
 * Open event streams per session: a portal tab holds one or two (the top bar's new-work badge, and find work or a
 * job's page), and a browser over HTTP/1.1 keeps at most 6 connections to one origin for all its tabs anyway.
 */
export const DEFAULT_EVENT_STREAMS_PER_SESSION = 6;

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
 * Reads PORT, DATA_DIR, DIST_DIR, DATABASE_URL, TOKEN_TTL_S, SESSION_TTL_S, SESSION_IDLE_S, EVENT_STREAMS_PER_SESSION,
 * FAKE_DATE, PUBLIC_ORIGIN, LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_SLOWDOWN_MAX_MS,
 * LOGIN_ATTEMPTS_PER_ADDRESS, TOKEN_CALLS_PER_ADDRESS, NEW_WORK_EVERY_S,
 * RESERVATION_JOB_EVERY_S, RESERVATION_DECISION_AFTER_S, RESERVATION_OFFER_LIFETIME_S, UPLOADS_DIR, FAULT_INJECTION,
 * DEV_OUTBOX, SMTP_URL and MAIL_FROM; throws on a malformed value.
 */
export const readConfig = (env: NodeJS.ProcessEnv): Config => ({
  port: positiveInt('PORT', env.PORT, 8080),
  // A DATA_DIR given on the command line is relative to the working directory; the default lives in the repo.
  dataDir:
    env.DATA_DIR === 'memory' ? 'memory' : env.DATA_DIR ? resolve(env.DATA_DIR) : join(REPO_ROOT, '.data', 'pglite'),
  databaseUrl: env.DATABASE_URL || null,
  tokenTtlS: positiveInt('TOKEN_TTL_S', env.TOKEN_TTL_S, 900),
  sessionTtlS: positiveInt('SESSION_TTL_S', env.SESSION_TTL_S, 30 * 24 * 3600),
  sessionIdleS: positiveInt('SESSION_IDLE_S', env.SESSION_IDLE_S, DEFAULT_SESSION_IDLE_S),
  eventStreamsPerSession: positiveInt(
    'EVENT_STREAMS_PER_SESSION',
    env.EVENT_STREAMS_PER_SESSION,
    DEFAULT_EVENT_STREAMS_PER_SESSION,
  ),
  fakeDate: isoDate('FAKE_DATE', env.FAKE_DATE),
  // DIST_DIR: another build of the portal (a second checkout's browser tests build to their own folder)
  distDir: env.DIST_DIR ? resolve(env.DIST_DIR) : join(REPO_ROOT, 'dist'),
  now: () => new Date(),
  publicOrigin: origin('PUBLIC_ORIGIN', env.PUBLIC_ORIGIN),
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  rateLimits: {
    loginFailuresPerAccountAndAddress: {
      ...DEFAULT_RATE_LIMITS.loginFailuresPerAccountAndAddress,
      limit: positiveInt(
        'LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS',
        env.LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
        DEFAULT_RATE_LIMITS.loginFailuresPerAccountAndAddress.limit,
      ),
    },
    loginFailuresPerAccount: {
      ...DEFAULT_RATE_LIMITS.loginFailuresPerAccount,
      limit: positiveInt(
        'LOGIN_FAILURES_PER_ACCOUNT',
        env.LOGIN_FAILURES_PER_ACCOUNT,
        DEFAULT_RATE_LIMITS.loginFailuresPerAccount.limit,
      ),
    },
    loginSlowdown: {
      ...DEFAULT_RATE_LIMITS.loginSlowdown,
      maxDelayMs: positiveInt(
        'LOGIN_SLOWDOWN_MAX_MS',
        env.LOGIN_SLOWDOWN_MAX_MS,
        DEFAULT_RATE_LIMITS.loginSlowdown.maxDelayMs,
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
  devOutbox: devOutboxSwitch(env),
  smtpUrl: smtpUrl('SMTP_URL', env.SMTP_URL),
  ...(env.MAIL_FROM ? { mailFrom: mailFrom('MAIL_FROM', env.MAIL_FROM) } : {}),
});

function atMost(name: string, value: number, most: number): number {
  if (value > most) throw new Error(`${name} must be at most ${most}, got '${value}'`);
  return value;
}

/** DEV_OUTBOX=1: the outbox endpoints, which hand out every mail's links (password resets too), so never in production. */
function devOutboxSwitch(env: NodeJS.ProcessEnv): boolean {
  const raw = env.DEV_OUTBOX ?? '';
  if (raw !== '' && raw !== '0' && raw !== '1') throw new Error(`DEV_OUTBOX must be 1 or 0, got '${raw}'`);
  if (raw === '1' && env.NODE_ENV === 'production')
    throw new Error('DEV_OUTBOX cannot be used when NODE_ENV=production');
  return raw === '1';
}

/** An smtp:// or smtps:// URL with a host. The message never repeats the value: it may hold a password. */
function smtpUrl(name: string, raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    throw new Error(`${name} must be a URL such as smtp://user:password@smtp.example.com:587 (or smtps://…)`);
  }
  return raw;
}

/** `Name <address>` or a bare address, printable ASCII (it becomes the From header as it is). */
function mailFrom(name: string, raw: string): string {
  const address = '[^\\s<>@",;]+@[^\\s<>@",;]+';
  if (!/^[\x20-\x7e]+$/.test(raw) || !new RegExp(`^(?:[^<>@"]*<${address}>|${address})$`).test(raw.trim())) {
    throw new Error(
      `${name} must be an address such as 'Partner portal <no-reply@partners.example.com>', got '${raw}'`,
    );
  }
  return raw.trim();
}

/** The development doors that are open, for the start-up line: each one a way in that production must not have. */
export const developmentDoors = (config: Pick<Config, 'devOutbox' | 'faultInjection' | 'newWorkEveryS'>): string[] => [
  ...(config.devOutbox ? ['the mail outbox at /dev/outbox (DEV_OUTBOX)'] : []),
  ...(config.faultInjection ? ['fault injection by cookie (FAULT_INJECTION)'] : []),
  ...(config.newWorkEveryS ? [`a new job posted every ${config.newWorkEveryS} s (NEW_WORK_EVERY_S)`] : []),
];

function faultInjectionSwitch(env: NodeJS.ProcessEnv): boolean {
  const on = env.FAULT_INJECTION === '1';
  if (on && env.NODE_ENV === 'production') throw new Error('FAULT_INJECTION cannot be used when NODE_ENV=production');
  return on;
}
