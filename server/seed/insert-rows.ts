import type { Db, SqlParam } from '@/server/db/db';

/**
 * Inserts rows with multi-row INSERT statements, `batchSize` rows at a time (well under PostgreSQL's 65,535
 * parameters per statement). Every row must have the same keys, which are the column names.
 */
export const insertRows = async (
  db: Db,
  table: string,
  rows: readonly Record<string, SqlParam>[],
  batchSize = 400,
): Promise<void> => {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const params: SqlParam[] = [];
    const tuples = batch.map((row) => {
      const placeholders = columns.map((column) => {
        const value = row[column];
        if (value === undefined) throw new Error(`${table} row is missing ${column}`);
        params.push(value);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await db.query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, params);
  }
};
