import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One process per PGlite folder. PGlite is PostgreSQL in single-user mode, with nothing to stop a second process from
 * opening the same folder: two servers on one DATA_DIR both started, and the folder lost acknowledged rows and index
 * entries. `lockDataDir` takes `<DATA_DIR>.lock` beside the folder (beside, like `<DATA_DIR>-uploads`: the folder is
 * PostgreSQL's own), holding the holder's pid, so a second process refuses to start and names the first.
 */

/** Who holds a data folder: what the lock file says. */
export interface LockHolder {
  readonly pid: number;
  readonly hostname: string;
  /** When the lock was taken (ISO 8601). */
  readonly lockedAt: string;
  /** The holder's start time as Linux counts it (/proc/<pid>/stat), to tell a reused pid; null elsewhere. */
  readonly processStart: string | null;
}

/**
 * A data folder another live process holds (or this one already holds), or whose lock this process cannot sort out
 * alone (`holder` null): the server must not open it.
 */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';

  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly holder: LockHolder | null,
    message: string,
  ) {
    super(message);
  }
}

/** A held data-folder lock; `release` removes the lock file (also done when the process exits without releasing). */
export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** How long a process waits for another one's takeover of a stale lock to finish before giving up. */
const TAKEOVER_WAIT_MS = 2_000;
/** Rounds of link, read, remove-if-stale before giving up on a lock that keeps changing hands. */
const MAX_ATTEMPTS = 20;

/**
 * Takes the lock of data folder `dataDir` (which must exist), or throws DataDirLockedError naming the live process
 * that holds it. A lock left by a process that has ended (no such pid, or the pid now belongs to a process started
 * later) is taken over.
 *
 * Atomic both ways: the lock file is written complete under a name of its own and hard-linked into place, so of two
 * processes starting at once exactly one link succeeds, and a reader never sees a half-written lock. A stale lock is
 * removed only by the holder of `<lock>.takeover` (taken the same way), after reading it again: as only that holder
 * removes lock files and a present file cannot be replaced, the file it removes is the stale one it judged.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = `${realpathSync(dataDir)}.lock`;
  const takeover = `${file}.takeover`;
  const mine: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    lockedAt: new Date().toISOString(),
    processStart: processStartOf(process.pid),
  };
  const content = JSON.stringify(mine);
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, content, { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      if (tryLink(draft, file)) return held(file, content);
      const current = readLock(file);
      if (current === null) continue; // released between the link and the read
      const holder = parseHolder(current);
      if (holder) {
        const state = holderState(holder);
        if (state !== 'ended') throw lockedError(dataDir, file, holder, state);
      }
      await removeStale(dataDir, file, current, draft, takeover);
    }
    throw new DataDirLockedError(dataDir, file, null, `DATA_DIR ${dataDir}: ${file} keeps changing hands; try again`);
  } finally {
    unlinkSync(draft);
  }
}

/** Removes lock `file` if it still reads `stale`, holding `takeover` meanwhile (see lockDataDir). */
async function removeStale(dataDir: string, file: string, stale: string, draft: string, takeover: string) {
  const waitUntil = Date.now() + TAKEOVER_WAIT_MS;
  while (!tryLink(draft, takeover)) {
    const current = readLock(takeover);
    if (current !== null) {
      const holder = parseHolder(current);
      // A takeover lasts a few system calls; one whose process ended (or an empty file) is left by a crash in them.
      // Removing it could race another remover just as for the lock itself, so a person decides.
      if (holder === null || holderState(holder) === 'ended' || Date.now() > waitUntil)
        throw new DataDirLockedError(
          dataDir,
          file,
          holder,
          `DATA_DIR ${dataDir}: ${takeover} (${holder ? `process ${holder.pid}` : 'no process'}) is still there: a ` +
            `process stopped while taking over a stale lock. Delete it if no other server is starting on this ` +
            `folder, and start again.`,
        );
    }
    await sleep(20);
  }
  try {
    if (readLock(file) === stale) unlinkSync(file);
  } finally {
    unlinkSync(takeover);
  }
}

/** Whether a lock's holder still runs: 'self' is this very process, 'elsewhere' a process on another host. */
type HolderState = 'running' | 'self' | 'elsewhere' | 'ended';

function holderState(holder: LockHolder): HolderState {
  if (holder.hostname !== hostname()) return 'elsewhere';
  if (holder.pid === process.pid) {
    const ownStart = processStartOf(process.pid);
    const sameProcess =
      ownStart !== null && holder.processStart !== null
        ? holder.processStart === ownStart
        : Date.parse(holder.lockedAt) >= Math.floor(performance.timeOrigin);
    // An earlier process with this pid (a container restarted) is as ended as any other.
    return sameProcess ? 'self' : 'ended';
  }
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the pid runs, under another user
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return 'ended';
  }
  const start = holder.processStart === null ? null : processStartOf(holder.pid);
  return start !== null && start !== holder.processStart ? 'ended' : 'running';
}

function lockedError(dataDir: string, file: string, holder: LockHolder, state: HolderState): DataDirLockedError {
  const message =
    state === 'self'
      ? `DATA_DIR ${dataDir} is already open in this process (pid ${holder.pid}); a PGlite folder can be open only once.`
      : state === 'elsewhere'
        ? `DATA_DIR ${dataDir} is in use by process ${holder.pid} on host ${holder.hostname} (since ${holder.lockedAt}). ` +
          `A PGlite folder can have only one server. If that process no longer runs, delete ${file}.`
        : `DATA_DIR ${dataDir} is in use by process ${holder.pid} (since ${holder.lockedAt}). A PGlite folder can have ` +
          `only one server: stop that process, or start this one with another DATA_DIR (or DATABASE_URL).`;
  return new DataDirLockedError(dataDir, file, holder, message);
}

/** The lock as taken by this process: released once, by `release` or when the process exits. */
function held(file: string, content: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never one a later process took over (it could only have, had it judged us ended).
    if (readLock(file) === content) unlinkSync(file);
  };
  process.on('exit', release);
  return { file, release };
}

/** Hard-links `from` to `to`; false when `to` exists. */
function tryLink(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The lock file's text, or null when there is none. */
function readLock(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The holder a lock file names, or null when it names none (empty after a power cut, or not ours): such a file is
 * stale, since a live holder's file is always complete.
 */
function parseHolder(text: string): LockHolder | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { pid, hostname: host, lockedAt, processStart } = value as Record<string, unknown>;
    const valid =
      typeof pid === 'number' &&
      Number.isSafeInteger(pid) &&
      pid > 0 &&
      typeof host === 'string' &&
      typeof lockedAt === 'string' &&
      !Number.isNaN(Date.parse(lockedAt)) &&
      (processStart === null || typeof processStart === 'string');
    return valid ? { pid, hostname: host, lockedAt, processStart } : null;
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (start time, in clock ticks since boot); null without /proc or such a process. */
export function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields 3 onwards follow the command name, which is in parentheses and may itself hold spaces or parentheses
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
