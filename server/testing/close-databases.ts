import { afterAll } from 'vitest';
import { closeTestDatabases } from '@/server/testing/test-db';

// A setup file: runs for every test file, so each closes the databases it opened (server/testing/test-db.ts).
afterAll(closeTestDatabases);
