/**
 * One process per PGlite folder, between real processes (server/db/data-dir-lock.ts): processes racing for a free or a
 * stale lock, of which exactly one wins; a writer killed mid-way, whose lock the next opener takes over and whose
 * acknowledged commits are all there; and a second server (server/main.ts) on a DATA_DIR a first one holds, which
 * exits naming the first one's pid while the first goes on serving.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDb } from '@/server/db/pglite-db';

/** A child process under tsx, with what it printed so far. */
interface Child {
  readonly process: ChildProcessWithoutNullStreams;
  readonly exited: Promise<number | null>;
  output(): string;
  /** Resolves with the first line of stdout matching `pattern`; rejects if the process exits first. */
  line(pattern: RegExp): Promise<string>;
}

const children: Child[] = [];

function start(args: string[], env: Record<string, string> = {}): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const found = (pattern: RegExp) => stdout.split('\n').find((line) => pattern.test(line));
  const handle: Child = {
    process: child,
    exited,
    output: () => `${stdout}${stderr}`,
    line: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const line = found(pattern);
          if (line === undefined) return false;
          child.stdout.off('data', check);
          resolve(line);
          return true;
        };
        if (check()) return;
        child.stdout.on('data', check);
        void exited.then(() => {
          if (!check()) reject(new Error(`exited without printing ${pattern}:\n${handle.output()}`));
        });
      }),
  };
  children.push(handle);
  return handle;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'tpp-lock-processes-'));
});

afterAll(async () => {
  for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL');
  await Promise.all(children.map((child) => child.exited));
  rmSync(root, { recursive: true, force: true });
});

/** The names beside the data folder `name` (its lock, a takeover, a draft), and the folder itself. */
const besideFolder = (name: string) =>
  readdirSync(root).filter((entry) => entry === name || entry.startsWith(`${name}.`));

describe('processes racing for one data folder', () => {
  const race = async (name: string) => {
    const dataDir = join(root, name);
    const racers = Array.from({ length: 4 }, () => start(['server/testing/hold-data-dir-lock.ts', dataDir]));
    await Promise.all(racers.map((racer) => racer.line(/^ready$/)));
    for (const racer of racers) racer.process.stdin.write('go\n');
    const results = await Promise.all(racers.map((racer) => racer.line(/^(locked|refused) /)));
    const winners = racers.filter((_, i) => results[i]?.startsWith('locked'));
    expect(winners, results.join('\n')).toHaveLength(1);
    const winner = winners[0]!;
    for (const [i, racer] of racers.entries()) {
      if (racer === winner) continue;
      expect(results[i]).toContain(`DATA_DIR ${dataDir} is in use by process ${winner.process.pid} `);
      expect(await racer.exited).toBe(3);
    }
    expect(besideFolder(name)).toEqual([name, `${name}.lock`]);
    winner.process.stdin.end();
    expect(await winner.exited).toBe(0);
    // released by the exit hook, and nothing else left behind
    expect(besideFolder(name)).toEqual([name]);
  };

  it('of four taking a free folder at once, exactly one gets it and the others name its pid', async () => {
    mkdirSync(join(root, 'free'));
    await race('free');
  }, 120_000);

  it('of four taking over a stale lock at once, exactly one gets it and the others name its pid', async () => {
    mkdirSync(join(root, 'stale'));
    const ended = start(['-e', '']);
    await ended.exited;
    const stale = {
      pid: ended.process.pid,
      hostname: hostname(),
      lockedAt: new Date().toISOString(),
      processStart: null,
    };
    writeFileSync(join(root, 'stale.lock'), JSON.stringify(stale));
    await race('stale');
  }, 120_000);
});

describe('a process killed while it writes', () => {
  it('leaves a lock the next opener takes over, and every commit it acknowledged is there', async () => {
    const dataDir = join(root, 'killed');
    const writer = start(['server/testing/insert-until-killed.ts', dataDir]);
    await writer.line(/^acknowledged 50$/);
    writer.process.kill('SIGKILL');
    await writer.exited;
    const acknowledged = writer
      .output()
      .split('\n')
      .filter((line) => line.startsWith('acknowledged '))
      .map((line) => Number(line.slice('acknowledged '.length)));
    expect(existsSync(`${dataDir}.lock`)).toBe(true);

    const db = await openPgliteDb(dataDir);
    try {
      const { rows } = await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM acknowledged WHERE id = ANY($1::int[])',
        [acknowledged],
      );
      expect(rows[0]?.count).toBe(acknowledged.length);
    } finally {
      await db.close();
    }
    expect(besideFolder('killed')).toEqual(['killed']);
  }, 120_000);
});

describe('two servers on one DATA_DIR', () => {
  it("refuses the second: it exits with 1 naming the first one's pid, and the first goes on serving", async () => {
    const dataDir = join(root, 'pglite');
    const [firstPort, secondPort] = [await freePort(), await freePort()];
    const env = { DATA_DIR: dataDir, SEED_SCALE: 'test' };
    const first = start(['server/main.ts'], { ...env, PORT: String(firstPort) });
    await first.line(/ready in/);

    const second = start(['server/main.ts'], { ...env, PORT: String(secondPort) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by process ${first.process.pid} (since `);
    expect(second.output()).not.toContain('ready in');

    expect((await fetch(`http://127.0.0.1:${firstPort}/healthz`)).ok).toBe(true);
    first.process.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  }, 240_000);
});
