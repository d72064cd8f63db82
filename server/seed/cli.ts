/**
 * npm run seed: wipes the configured database (DATA_DIR folder, or DATABASE_URL) and fills it with the demo data.
 * Options: --jobs=N --journeys=N --partners=N to change the scale (defaults: the demo scale).
 */
import { readConfig } from '@/server/config';
import { resetDatabase } from '@/server/db/migrate';
import { openDb } from '@/server/db/open-db';
import { DEMO_SCALE, seedDatabase, type SeedScale } from '@/server/seed/seed';

const option = (name: keyof SeedScale): number => {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  if (raw === undefined) return DEMO_SCALE[name];
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got '${raw}'`);
  return value;
};

const config = readConfig(process.env);
const started = performance.now();
const db = await openDb(config);
try {
  await resetDatabase(db);
  const summary = await seedDatabase(db, {
    now: config.now(),
    scale: { partners: option('partners'), jobs: option('jobs'), journeys: option('journeys') },
  });
  const where = config.databaseUrl ? 'DATABASE_URL' : config.dataDir;
  console.log(
    `Seeded ${where}: ${summary.users} users, ${summary.vehicles} vehicles, ${summary.jobs} jobs, ` +
      `${summary.journeys} journeys, ${summary.reservations} reservations in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await db.close();
}
