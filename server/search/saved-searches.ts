import { Schema } from 'effect';
import { ALERT_TYPE_MESSAGE, canAlert } from '@/schemas/alert';
import { MAX_SAVED_SEARCHES, type SavedSearch } from '@/schemas/saved-search';
import { SearchCriteria } from '@/schemas/search';
import type { Db } from '@/server/db/db';
import { findOwned } from '@/server/db/find-owned';
import { NotFoundError, ValidationError } from '@/server/http/api-errors';

/** The name the default search is kept under (POST /v1/saved-searches/default carries criteria only). */
export const DEFAULT_SEARCH_NAME = 'Default search';

interface SavedSearchRow {
  id: number;
  name: string;
  criteria: unknown;
  is_default: boolean;
  created_at: Date;
  alert: boolean;
  alert_since: Date | null;
}

const encodeCriteria = Schema.encodeSync(SearchCriteria);
const decodeStored = Schema.decodeUnknownSync(SearchCriteria);

const toSavedSearch = (row: SavedSearchRow): typeof SavedSearch.Encoded => ({
  id: row.id,
  name: row.name,
  criteria: encodeCriteria(decodeStored(row.criteria)),
  is_default: row.is_default,
  created_at: row.created_at.toISOString(),
  alert: row.alert,
  alert_since: row.alert_since ? row.alert_since.toISOString() : null,
});

const COLUMNS = 'id, name, criteria, is_default, created_at, alert, alert_since';

/** GET /v1/saved-searches: the partner's own, the default first, then newest first. */
export const listSavedSearches = async (db: Db, userId: number) =>
  (
    await db.query<SavedSearchRow>(
      `select ${COLUMNS} from saved_searches where user_id = $1 order by is_default desc, created_at desc, id desc`,
      [userId],
    )
  ).rows.map(toSavedSearch);

/** POST /v1/saved-searches. Up to MAX_SAVED_SEARCHES each (then a 422 on `name`). */
export const createSavedSearch = async (
  db: Db,
  userId: number,
  input: { name: string; criteria: SearchCriteria },
  now: Date,
) =>
  db.transaction(async (tx) => {
    // Serialises a partner's concurrent saves, so the cap holds.
    await tx.query('select id from users where id = $1 for update', [userId]);
    const { rows: count } = await tx.query<{ n: number }>(
      'select count(*)::int as n from saved_searches where user_id = $1 and not is_default',
      [userId],
    );
    if ((count[0]?.n ?? 0) >= MAX_SAVED_SEARCHES)
      throw new ValidationError({ name: [`You can keep up to ${MAX_SAVED_SEARCHES} saved searches`] });
    const { rows } = await tx.query<SavedSearchRow>(
      `insert into saved_searches (user_id, name, criteria, is_default, created_at)
       values ($1, $2, $3::jsonb, false, $4) returning ${COLUMNS}`,
      [userId, input.name, JSON.stringify(encodeCriteria(input.criteria)), now],
    );
    return toSavedSearch(rows[0] as SavedSearchRow);
  });

/** POST /v1/saved-searches/default: replaces the partner's default search. */
export const saveDefaultSearch = async (db: Db, userId: number, criteria: SearchCriteria, now: Date) =>
  db.transaction(async (tx) => {
    await tx.query('delete from saved_searches where user_id = $1 and is_default', [userId]);
    const { rows } = await tx.query<SavedSearchRow>(
      `insert into saved_searches (user_id, name, criteria, is_default, created_at)
       values ($1, $2, $3::jsonb, true, $4) returning ${COLUMNS}`,
      [userId, DEFAULT_SEARCH_NAME, JSON.stringify(encodeCriteria(criteria)), now],
    );
    return toSavedSearch(rows[0] as SavedSearchRow);
  });

/** DELETE /v1/saved-searches/{id}: own searches only; another partner's id answers like a missing one (404). */
export const deleteSavedSearch = async (db: Db, userId: number, id: number) => {
  await findOwned(db, 'saved_searches', id, userId);
  await db.query('delete from saved_searches where id = $1 and user_id = $2', [id, userId]);
  return { id };
};

/**
 * POST /v1/saved-searches/{id}/alert: switches the alert of one of the partner's own saved searches (another
 * partner's id answers 404). Switching on sets `alert_since` to `now`; switching on a search that alerts already keeps
 * its `alert_since`, so a repeated call does not hide the matches shown so far. Only instant and auction searches can
 * alert (schemas/alert.ts): switching another one on is a 422 on `alert`; switching it off is always allowed.
 */
export const switchSavedSearchAlert = async (db: Db, userId: number, id: number, alert: boolean, now: Date) => {
  const owned = await findOwned<SavedSearchRow>(db, 'saved_searches', id, userId);
  if (alert && !canAlert({ criteria: decodeStored(owned.criteria) }))
    throw new ValidationError({ alert: [ALERT_TYPE_MESSAGE] });
  const { rows } = await db.query<SavedSearchRow>(
    `update saved_searches
        set alert = $3, alert_since = case when $3 then coalesce(alert_since, $4) else null end
      where id = $1 and user_id = $2 returning ${COLUMNS}`,
    [id, userId, alert, now],
  );
  const row = rows[0];
  // deleted between the two statements
  if (!row) throw new NotFoundError('saved search');
  return toSavedSearch(row);
};
