import type { Db } from '@/server/db/db';
import { NotFoundError } from '@/server/http/api-errors';

/** Tables whose rows belong to one partner, and the column naming that partner. */
const OWNER_COLUMN = {
  vehicles: 'user_id',
  drivers: 'user_id',
  documents: 'user_id',
  reservations: 'user_id',
  jobs: 'provider_id',
  saved_searches: 'user_id',
} as const;
export type OwnedTable = keyof typeof OWNER_COLUMN;

/**
 * One row by id that belongs to the signed-in partner. A row of another partner answers exactly like a missing one
 * (NotFoundError → 404), so ids cannot be probed. Every endpoint that takes an id goes through this.
 */
export const findOwned = async <T>(db: Db, table: OwnedTable, id: number, userId: number): Promise<T> => {
  const { rows } = await db.query<T>(`select * from ${table} where id = $1 and ${OWNER_COLUMN[table]} = $2`, [
    id,
    userId,
  ]);
  const row = rows[0];
  if (!row) throw new NotFoundError(table);
  return row;
};
