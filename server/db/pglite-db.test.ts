/**
 * PGlite in a folder (server/db/pglite-db.ts, server/db/durable-node-fs.ts): a commit's write-ahead log is fsync'd
 * before the commit returns, a new folder is synced once whole, the folder is held by one opener at a time (released
 * on close), and in-memory databases (the tests') stay as they were.
 */
import { fsyncSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '@/server/db/data-dir-lock';
import type { Db } from '@/server/db/db';
import { openPgliteDb } from '@/server/db/pglite-db';

const WAL_SEGMENT = /\/pg_wal\/[0-9A-F]{24}$/;

/** Every fsync PGlite asked for, in order: the path (inside the WASM, or on the host for the whole-folder sync). */
const synced: string[] = [];
/** While set, syncing the write-ahead log fails as a failing disk makes it. */
let walDiskFails = false;
const recordingSync = (fd: number, path: string) => {
  synced.push(path);
  if (walDiskFails && WAL_SEGMENT.test(path)) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
  fsyncSync(fd);
};

let root: string;
let dataDir: string;
let db: Db;
/** The files of the new folder right after it was opened, relative to it. */
let filesAtOpen: string[];

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'tpp-pglite-'));
  dataDir = join(root, 'pglite');
  db = await openPgliteDb(dataDir, { syncFd: recordingSync });
  filesAtOpen = filesUnder(dataDir);
  await db.exec('CREATE TABLE note (id serial PRIMARY KEY, body text NOT NULL)');
}, 120_000);

afterAll(async () => {
  await db.close();
  rmSync(root, { recursive: true, force: true });
});

describe('PGlite in a folder', () => {
  it('runs PostgreSQL with fsync on, syncing the write-ahead log with fsync()', async () => {
    const setting = async (name: string) => (await db.query<Record<string, string>>(`SHOW ${name}`)).rows[0]?.[name];
    expect(await setting('fsync')).toBe('on');
    expect(await setting('wal_sync_method')).toBe('fsync');
    expect(await setting('synchronous_commit')).toBe('on');
  });

  it('has fsync’d the write-ahead log to the disk by the time each commit returns', async () => {
    for (let i = 0; i < 5; i += 1) {
      const before = synced.length;
      await db.query('INSERT INTO note (body) VALUES ($1)', [`note ${i}`]);
      expect(synced.slice(before).filter((path) => WAL_SEGMENT.test(path)).length).toBeGreaterThan(0);
    }
    const before = synced.length;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO note (body) VALUES ($1)', ['in a transaction']);
      await tx.query('INSERT INTO note (body) VALUES ($1)', ['and another']);
      // nothing is committed yet, so nothing needs the disk
      expect(synced.slice(before)).toEqual([]);
    });
    expect(synced.slice(before).filter((path) => WAL_SEGMENT.test(path)).length).toBeGreaterThan(0);
  });

  it('synced every file and folder of the new database once, when it was made', () => {
    const hostSynced = new Set(synced.filter((path) => path.startsWith(root)).map((path) => relative(dataDir, path)));
    expect(filesAtOpen.length).toBeGreaterThan(500);
    expect(filesAtOpen.filter((file) => !hostSynced.has(file))).toEqual([]);
    expect(hostSynced).toContain('pg_wal');
    // the folder's own entry, in its parent
    expect(hostSynced).toContain('..');
  });

  it('refuses a second open of the folder while it is open, and allows one after close', async () => {
    await expect(openPgliteDb(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await db.close();
    db = await openPgliteDb(dataDir, { syncFd: recordingSync });
    const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM note');
    expect(rows[0]?.count).toBe(7);
  }, 60_000);

  it('refuses a commit whose log cannot reach the disk, then fails at once, and the folder recovers on reopening', async () => {
    walDiskFails = true;
    await expect(db.query('INSERT INTO note (body) VALUES ($1)', ['not on the disk'])).rejects.toMatchObject({
      severity: 'PANIC',
      message: expect.stringContaining('could not fsync file'),
    });
    await expect(db.query('SELECT 1')).rejects.toThrow('the embedded database has stopped (could not fsync file');
    walDiskFails = false;
    await db.close();
    db = await openPgliteDb(dataDir, { syncFd: recordingSync });
    const { rows } = await db.query<{ body: string }>("SELECT body FROM note WHERE body LIKE 'note %' ORDER BY id");
    expect(rows.map((row) => row.body)).toEqual(['note 0', 'note 1', 'note 2', 'note 3', 'note 4']);
  }, 60_000);
});

describe('PGlite in memory', () => {
  it('keeps fsync off: the server tests are not slowed down', async () => {
    const memory = await openPgliteDb('memory');
    try {
      expect((await memory.query<{ fsync: string }>('SHOW fsync')).rows[0]?.fsync).toBe('off');
    } finally {
      await memory.close();
    }
  }, 60_000);
});
