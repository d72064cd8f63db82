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
  /** The server's clock. Injected so tests can move time (token expiry) without waiting. */
  readonly now: () => Date;
}

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

/** Reads PORT, DATA_DIR, DATABASE_URL, TOKEN_TTL_S, SESSION_TTL_S and FAKE_DATE; throws on a malformed value. */
export const readConfig = (env: NodeJS.ProcessEnv): Config => ({
  port: positiveInt('PORT', env.PORT, 8080),
  // A DATA_DIR given on the command line is relative to the working directory; the default lives in the repo.
  dataDir:
    env.DATA_DIR === 'memory' ? 'memory' : env.DATA_DIR ? resolve(env.DATA_DIR) : join(REPO_ROOT, '.data', 'pglite'),
  databaseUrl: env.DATABASE_URL || null,
  tokenTtlS: positiveInt('TOKEN_TTL_S', env.TOKEN_TTL_S, 900),
  sessionTtlS: positiveInt('SESSION_TTL_S', env.SESSION_TTL_S, 30 * 24 * 3600),
  fakeDate: isoDate('FAKE_DATE', env.FAKE_DATE),
  distDir: join(REPO_ROOT, 'dist'),
  now: () => new Date(),
});
