import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where uploaded documents live: one file per document in a folder (Config.uploadsDir, or a temp folder made when the
 * server starts without one — the in-memory test mode). A file is named by a random id, never by the name the
 * partner's file had, so a name can neither collide nor climb out of the folder; the database row keeps the shown
 * name and the id (`storage_key`).
 */
export interface FileStore {
  readonly folder: string;
  /** Stores the bytes under a new random key and returns it. */
  put(bytes: Uint8Array): Promise<string>;
  /** Stores the bytes under a given key (a seeded sample written on first read). */
  putAt(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`, or null when there is no such file. */
  read(key: string): Promise<Uint8Array | null>;
  remove(key: string): Promise<void>;
}

/** Keys are the ids this store makes (uuid v4) or a seeded sample's `sample-<n>`: anything else is refused. */
const KEY = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|sample-\d{1,9})$/;

const pathOf = (folder: string, key: string): string => {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${key.slice(0, 60)}`);
  return join(folder, key);
};

export const createFileStore = (folder: string | null | undefined): FileStore => {
  const root = folder ?? mkdtempSync(join(tmpdir(), 'tpp-uploads-'));
  mkdirSync(root, { recursive: true });
  const putAt = async (key: string, bytes: Uint8Array) => {
    // wx: never overwrite an existing document's bytes.
    await writeFile(pathOf(root, key), bytes, { flag: 'wx' });
  };
  return {
    folder: root,
    async put(bytes) {
      const key = randomUUID();
      await putAt(key, bytes);
      return key;
    },
    putAt,
    async read(key) {
      try {
        return new Uint8Array(await readFile(pathOf(root, key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(root, key), { force: true });
    },
  };
};
