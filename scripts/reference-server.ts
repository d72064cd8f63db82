import { spawn } from 'node:child_process';

/**
 * Starts the reference server (tsx server/main.ts) on a loopback port with an in-memory, freshly seeded
 * database, for the measuring scripts; resolves once /healthz answers. `stop()` ends it and its children.
 */
export async function startReferenceServer(port: number, env: Record<string, string> = {}) {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn('npx', ['tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: 'memory', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { origin, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`the reference server did not start on port ${port}`);
}
