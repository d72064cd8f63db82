/**
 * The reference partner API and portal server: `tsx server/main.ts` (npm start builds the portal first).
 * Env: PORT (8080), DATA_DIR (.data/pglite; 'memory' for a throwaway database), DATABASE_URL (PostgreSQL instead
 * of PGlite), TOKEN_TTL_S (900), SESSION_TTL_S (30 days), FAKE_DATE (yyyy-MM-dd, app init's fake_date),
 * NEW_WORK_EVERY_S (unset; development: a random new job every N seconds), RESERVATION_JOB_EVERY_S (60; the
 * reservation lifecycle job's period), RESERVATION_DECISION_AFTER_S, RESERVATION_OFFER_LIFETIME_S, PUBLIC_ORIGIN (the
 * origin of mail links), SMTP_URL and MAIL_FROM (mail that leaves), DEV_OUTBOX and FAULT_INJECTION (development only)
 * (server/config.ts).
 */
import { serve } from '@hono/node-server';
import { startNewWorkPoster } from '@/server/alerts/posted-jobs';
import { createApp } from '@/server/app';
import { developmentDoors, readConfig, RESERVATION_CLOCK_DEFAULTS } from '@/server/config';
import { DataDirLockedError } from '@/server/db/data-dir-lock';
import { migrate } from '@/server/db/migrate';
import { openDb } from '@/server/db/open-db';
import { listingEvents } from '@/server/listings/listing-events';
import { createMailDelivery, mailStartLine } from '@/server/mail/delivery';
import { startReservationJob } from '@/server/reservations/decision-job';
import { lifecycleClockOf } from '@/server/reservations/decision-policy';
import { DEMO_PASSWORD } from '@/server/seed/account-plan';
import { DEMO_ACCOUNTS } from '@/server/seed/demo-accounts';
import { DEMO_SCALE, seedIfEmpty, TEST_SCALE } from '@/server/seed/seed';

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const config = readConfig(process.env);
// A DATA_DIR another process holds: say which, and stop (server/db/data-dir-lock.ts).
const db = await openDb(config).catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const applied = await migrate(db);
if (applied.length > 0) console.log(`Migrated: ${applied.join(', ')}`);
// SEED_SCALE=test: the small marketplace of the server tests, for a server whose tests need only the demo sign-ins
// (the browser tests' short-token server), so its seeding does not compete with the main one's.
const scale = process.env.SEED_SCALE === 'test' ? TEST_SCALE : DEMO_SCALE;
const seeded = await seedIfEmpty(db, { now: config.now(), scale });
if (seeded)
  console.log(
    `Seeded an empty database: ${seeded.users} users, ${seeded.jobs} jobs, ${seeded.journeys} journeys (${seconds()} s)`,
  );

// Reservation decisions, offer expiry and the end of each day, on the server's clock (server/reservations/).
const reservationJob = startReservationJob(db, config.now, {
  intervalMs: (config.reservationJobEveryS ?? RESERVATION_CLOCK_DEFAULTS.jobEveryS) * 1000,
  clock: lifecycleClockOf(config),
});
// Development: a random new job every NEW_WORK_EVERY_S seconds, so new-work alerts arrive live (server/alerts/).
const newWork = config.newWorkEveryS
  ? startNewWorkPoster(db, listingEvents, config.now, config.newWorkEveryS, {
      onPosted: (job) => console.log(`New work posted: job ${job.id}, ${job.title}`),
    })
  : null;

// Mail through SMTP_URL's relay, after each response; at start, whatever was queued when the server last stopped.
const mail = createMailDelivery({ db, config, log: (message) => console.error(message) });
mail.kick();

// The requests whose handlers are still running. A handler goes on when its client leaves (a closed connection does not
// stop it), so shutdown waits for this count, not for the connections, before it closes the database.
const app = createApp({ db, config, mail });
let running = 0;
let allDone: (() => void) | null = null;
const fetch: typeof app.fetch = async (...args) => {
  running += 1;
  try {
    return await app.fetch(...args);
  } finally {
    running -= 1;
    if (running === 0) allDone?.();
  }
};
/** Resolves once no handler is running, or after `ms` whatever they do. */
const handlersDone = (ms: number) =>
  new Promise<void>((resolve) => {
    if (running === 0) return resolve();
    allDone = resolve;
    setTimeout(resolve, ms).unref();
  });

const server = serve({ fetch, port: config.port }, (info) => {
  console.log(
    `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${config.dataDir}`}; ready in ${seconds()} s`,
  );
  console.log(`Partner portal: http://localhost:${info.port}/tpp/`);
  console.log(mailStartLine(config));
  const doors = developmentDoors(config);
  console.log(`Development doors: ${doors.length > 0 ? `${doors.join(', ')} (never in production)` : 'none'}`);
  console.log(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
  console.table(DEMO_ACCOUNTS.map((a) => ({ email: a.email, name: a.fullName, role: a.role, account: a.accountType })));
});

// Node closes an idle keep-alive connection after 5 s; a client (a browser, a proxy, the tests' request client) that
// sends on it at that moment gets ECONNRESET. Idle connections live longer than any client or load balancer keeps
// theirs (60 s is the usual proxy idle timeout), so the server is never the side that closes one under a request.
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = 75_000;
  server.headersTimeout = 76_000;
}

/** How long shutdown waits for requests under way, and then for long-lived connections, before cutting them. */
const SHUTDOWN_GRACE_MS = 5_000;

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  server.close(() => {
    handlersDone(SHUTDOWN_GRACE_MS)
      .then(() => Promise.all([reservationJob.stop(), newWork?.stop(), mail.stop()]))
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  });
  // Requests under way finish before the database closes (a handler cut off half-way would meet a closed pool). Idle
  // keep-alive connections close now; the portal reconnects on its own. Long-lived ones (the listing events stream)
  // are cut after the same grace.
  if ('closeIdleConnections' in server) {
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  }
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
