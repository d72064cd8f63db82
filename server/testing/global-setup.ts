import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropTemplateDb } from '@/server/testing/test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its seeded PGlite snapshot (server/testing/test-db.ts, openSeededTestDb). */
    seedSnapshotDir: string;
    /** The name of this run's seeded template database on TEST_DATABASE_URL's server. */
    seedTemplateDb: string;
  }
}

/**
 * Vitest's global setup: a snapshot folder and a template database name for this run only, removed at its end. The
 * snapshot itself is built by the first test file that needs it, so a run with no server test builds none.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tpp-seed-'));
  const template = `portal_seeded_${process.pid}_${randomBytes(3).toString('hex')}`;
  project.provide('seedSnapshotDir', dir);
  project.provide('seedTemplateDb', template);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (process.env.TEST_DATABASE_URL) await dropTemplateDb(process.env.TEST_DATABASE_URL, template);
  };
}
