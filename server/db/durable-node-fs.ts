import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** Makes what was written to an open file descriptor durable (fs.fsyncSync, or a recording stand-in in tests). */
export type SyncFd = (fd: number, path: string) => void;

const fsyncFd: SyncFd = (fd) => fsyncSync(fd);

/** The part of an emscripten NODEFS stream this module reads: the host descriptor and the in-WASM path. */
interface NodefsStream {
  readonly nfd: number;
  readonly path: string;
}

/** The parts of emscripten's NODEFS (not typed by PGlite) that `DurableNodeFS` patches. */
interface Nodefs {
  stream_ops: { fsync?: (stream: NodefsStream) => number };
  tryFSOperation<T>(op: () => T): T;
}

/** The emscripten module options a PGlite filesystem adds to (PGlite does not export their type by name). */
type EmscriptenOpts = Parameters<NodeFS['init']>[1];
type PreRun = NonNullable<EmscriptenOpts['preRun']>[number];

/**
 * PGlite's folder filesystem with a working fsync. PGlite 0.5.16 loses commits on a power cut or an OS crash two ways:
 * it starts PostgreSQL with `-F` (fsync off), and its emscripten NODEFS has no `fsync` stream operation, so even with
 * fsync on, the WASM's fsync() returns success without reaching the disk (emscripten's `_fd_sync` calls
 * `stream_ops.fsync` if there is one; `fdatasync` is a no-op in every emscripten filesystem). This filesystem adds the
 * operation, as a real fsync(2) of the host file, and `DURABLE_START_PARAMS` turns PostgreSQL's fsync back on with
 * `wal_sync_method=fsync` (the default, fdatasync, would reach the no-op). PostgreSQL then syncs the WAL before a
 * commit returns (synchronous_commit=on), data files at checkpoints, and everything after a crash before recovery.
 */
export class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly syncFd: SyncFd = fsyncFd,
  ) {
    super(dataDir);
  }

  override async init(pg: PGlite, opts: EmscriptenOpts) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const addFsync: PreRun = (mod) => {
      const nodefs = mod.NODEFS as unknown as Nodefs;
      // Host errors (EIO, ENOSPC) become an errno for PostgreSQL, which then stops rather than carry on (data_sync_retry).
      nodefs.stream_ops.fsync = (stream) => nodefs.tryFSOperation(() => (this.syncFd(stream.nfd, stream.path), 0));
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }
}

/** PGlite's own start parameters without `-F`, and with the WAL synced through fsync() (see DurableNodeFS). */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

/**
 * fsyncs every file and folder under `dir`, and `dir`'s own entry in its parent. For a database PGlite has just
 * created: it runs initdb in memory and unpacks the result into the folder with plain writes, which PostgreSQL never
 * syncs (its own initdb syncs the new cluster at the end).
 */
export function syncTree(dir: string, syncFd: SyncFd = fsyncFd): void {
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) syncPath(child, syncFd);
    }
    syncPath(path, syncFd);
  };
  walk(dir);
  syncPath(dirname(dir), syncFd);
}

const syncPath = (path: string, syncFd: SyncFd) => {
  const fd = openSync(path, 'r');
  try {
    syncFd(fd, path);
  } finally {
    closeSync(fd);
  }
};
