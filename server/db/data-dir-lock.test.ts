/**
 * The data-folder lock (server/db/data-dir-lock.ts): refused while a live process holds it, naming that process;
 * taken over from a process that has ended; released on release and never someone else's. The races between real
 * processes are in data-dir-lock.process.test.ts.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DataDirLockedError,
  lockDataDir,
  processStartOf,
  type DataDirLock,
  type LockHolder,
} from '@/server/db/data-dir-lock';

let root: string;
let dataDir: string;
let lockFile: string;
const taken: DataDirLock[] = [];

/** A live process of our own (it sleeps until killed), to stand for another server holding the folder. */
const sleeper = () => spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
let live: ReturnType<typeof sleeper>;
/** The pid of a process that has ended. */
let endedPid: number;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'tpp-lock-'));
  live = sleeper();
  const ended = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => ended.once('exit', resolve));
  endedPid = ended.pid!;
});

afterAll(() => {
  live.kill();
  rmSync(root, { recursive: true, force: true });
});

let folders = 0;
const freshFolder = () => {
  dataDir = join(root, `pglite-${++folders}`);
  mkdirSync(dataDir);
  lockFile = `${dataDir}.lock`;
};

afterEach(() => {
  for (const lock of taken.splice(0)) lock.release();
});

const take = async (dir = dataDir) => {
  const lock = await lockDataDir(dir);
  taken.push(lock);
  return lock;
};

const holder = (overrides: Partial<LockHolder>): LockHolder => ({
  pid: live.pid!,
  hostname: hostname(),
  lockedAt: '2026-01-05T09:00:00.000Z',
  processStart: processStartOf(live.pid!),
  ...overrides,
});
const writeLock = (value: LockHolder | string) =>
  writeFileSync(lockFile, typeof value === 'string' ? value : JSON.stringify(value));
const lockOnDisk = () => JSON.parse(readFileSync(lockFile, 'utf8')) as LockHolder;

describe('taking the lock of a data folder', () => {
  it('writes <folder>.lock beside the folder with this process as the holder', async () => {
    freshFolder();
    const lock = await take();
    expect(lock.file).toBe(lockFile);
    expect(lockOnDisk()).toMatchObject({
      pid: process.pid,
      hostname: hostname(),
      processStart: processStartOf(process.pid),
    });
    // nothing else is left beside the folder, nor inside it
    const name = `pglite-${folders}`;
    expect(readdirSync(root).filter((entry) => entry === name || entry.startsWith(`${name}.`))).toEqual([
      name,
      `${name}.lock`,
    ]);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('names the same lock for the folder however the path is spelled (a trailing slash, a symlink)', async () => {
    freshFolder();
    const link = join(root, `link-${folders}`);
    symlinkSync(dataDir, link);
    await take(`${dataDir}/`);
    await expect(lockDataDir(link)).rejects.toThrow('already open in this process');
  });

  it('refuses a folder a live process holds, naming its pid, and leaves that lock alone', async () => {
    freshFolder();
    writeLock(holder({}));
    const refused = await lockDataDir(dataDir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(`in use by process ${live.pid}`);
    expect((refused as Error).message).toContain(dataDir);
    expect((refused as DataDirLockedError).holder?.pid).toBe(live.pid);
    expect(lockOnDisk().pid).toBe(live.pid);
  });

  it('refuses a folder this process already holds', async () => {
    freshFolder();
    await take();
    await expect(lockDataDir(dataDir)).rejects.toThrow(`already open in this process (pid ${process.pid})`);
  });

  it('refuses a lock from another host, whose process it cannot check, and says which file to delete', async () => {
    freshFolder();
    writeLock(holder({ hostname: 'depot-server-2', pid: endedPid }));
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      `in use by process ${endedPid} on host depot-server-2 (since 2026-01-05T09:00:00.000Z). A PGlite folder can ` +
        `have only one server. If that process no longer runs, delete ${lockFile}.`,
    );
  });

  it('takes over a lock whose process has ended', async () => {
    freshFolder();
    writeLock(holder({ pid: endedPid, processStart: null }));
    await take();
    expect(lockOnDisk().pid).toBe(process.pid);
  });

  it('takes over a lock whose pid now belongs to a process started later', async () => {
    freshFolder();
    writeLock(holder({ processStart: '1' }));
    await take();
    expect(lockOnDisk().pid).toBe(process.pid);
  });

  it('takes over a lock left by an earlier process with this same pid (a restarted container)', async () => {
    freshFolder();
    writeLock(holder({ pid: process.pid, processStart: '1' }));
    await take();
    expect(lockOnDisk()).toMatchObject({ pid: process.pid, processStart: processStartOf(process.pid) });
  });

  it('takes over a lock file that names no holder (emptied by a power cut)', async () => {
    freshFolder();
    writeLock('');
    await take();
    expect(lockOnDisk().pid).toBe(process.pid);
  });

  it('refuses while a takeover left by an ended process is in the way, naming the file to delete', async () => {
    freshFolder();
    writeLock(holder({ pid: endedPid }));
    writeFileSync(`${lockFile}.takeover`, JSON.stringify(holder({ pid: endedPid })));
    await expect(lockDataDir(dataDir)).rejects.toThrow(`${lockFile}.takeover (process ${endedPid}) is still there`);
    expect(lockOnDisk().pid).toBe(endedPid);
  });
});

describe('releasing the lock', () => {
  it('removes the lock file, so the folder can be taken again', async () => {
    freshFolder();
    const lock = await lockDataDir(dataDir);
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    await take();
    expect(lockOnDisk().pid).toBe(process.pid);
  });

  it('leaves a lock file that is no longer its own', async () => {
    freshFolder();
    const lock = await lockDataDir(dataDir);
    writeLock(holder({}));
    lock.release();
    expect(lockOnDisk().pid).toBe(live.pid);
  });
});
