/** A row-returning parameter value: the same `$1` placeholders work on PGlite and on node-postgres. */
export type SqlParam = string | number | boolean | Date | null | readonly unknown[] | Record<string, unknown>;

/**
 * The one database interface the server uses, over PGlite (embedded) or a PostgreSQL server (pg.Pool).
 * Portability rules for queries: cast counts and sums to `::int` (pg returns int8 as a string) and calendar
 * dates to `::text` (the drivers turn `date` into a JS Date in different time zones).
 */
export interface Db {
  query<T>(sql: string, params?: readonly SqlParam[]): Promise<{ rows: T[] }>;
  /** Runs one or more statements without parameters (migrations, resets). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
