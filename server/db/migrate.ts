import { readdirSync, readFileSync } from 'node:fs';
import type { Db } from '@/server/db/db';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;

/** The migration files, in version order: `0001_initial.sql`, `0002_…`. */
export const migrationFiles = (): { version: string; name: string; sql: string }[] =>
  readdirSync(MIGRATIONS_DIR)
    .filter((name) => MIGRATION_FILE.test(name))
    .sort()
    .map((name) => ({ version: name.slice(0, 4), name, sql: readFileSync(new URL(name, MIGRATIONS_DIR), 'utf8') }));

/** Applies every migration not yet recorded in schema_migrations, each in its own transaction. Returns the names applied. */
export const migrate = async (db: Db): Promise<string[]> => {
  await db.exec(`create table if not exists schema_migrations (
    version text primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`);
  const done = new Set(
    (await db.query<{ version: string }>('select version from schema_migrations')).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const migration of migrationFiles()) {
    if (done.has(migration.version)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    });
    applied.push(migration.name);
  }
  return applied;
};

/** Drops everything in the public schema (the seed CLI's reset), then migrates from scratch. */
export const resetDatabase = async (db: Db): Promise<void> => {
  await db.exec('drop schema public cascade; create schema public;');
  await migrate(db);
};
