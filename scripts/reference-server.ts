import { spawn } from 'node:child_process';

/**
 * Starts the reference server (server/main.ts under tsx) on a loopback port with an in-memory, freshly seeded
 * database, for the measuring scripts; resolves once /healthz answers. `stop()` ends it and resolves once it has
 * exited. Node is started directly with tsx's loader, not through npx: npx exits at once on SIGTERM, so waiting for
 * its exit did not wait for the server's shutdown.
 */
export async function startReferenceServer(port: number, env: Record<string, string> = {}) {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: 'memory', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  /**
   * Ends the server (its process group), and resolves once it has exited (10 s at most): a caller that goes on to stop
   * the database (.ci/run stops PostgreSQL after bench:load) must not pull it from under the server's shutdown.
   */
  const stop = async (): Promise<void> => {
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  };
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { origin, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`the reference server did not start on port ${port}`);
}
