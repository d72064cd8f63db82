import { Schema } from 'effect';
import { ALERT_LOOKBACK_HOURS, ALERT_TYPES, MAX_ALERTS, type AlertMatch, type AlertsResponse } from '@/schemas/alert';
import { SearchCriteria } from '@/schemas/search';
import type { Db } from '@/server/db/db';
import { LISTING_COLUMNS, toListing, type ListingRow } from '@/server/search/listing-row';
import { areaOf, criteriaClauses, distanceSql, SOURCES } from '@/server/search/listing-filter';
import { SqlParams } from '@/server/search/sql-params';

/**
 * The matches of a partner's alerting saved searches (schemas/alert.ts has the rules). A search's matches are found
 * with the WHERE clauses of `POST /v1/jobs` itself (listing-filter.ts `criteriaClauses`: areas as a bounding box on the
 * indexed lat/lng then the haversine, dates, categories, sub-filters, capacity, open and not past), plus the listing
 * kind and the activation window, which `jobs_open_activated_idx` (migration 0006) serves: the window, the bounding
 * box, kind and category are all checked inside that index. Each read is one statement over the union of the
 * searches' matches; no second copy of the filter.
 */

const LOOKBACK_MS = ALERT_LOOKBACK_HOURS * 3_600_000;
const decodeStored = Schema.decodeUnknownSync(SearchCriteria);

/** A partner with one of their alerting searches; a partner with none is one row whose search columns are null. */
interface AlertingSearchRow {
  id: number | null;
  name: string | null;
  criteria: unknown;
  alert_since: Date | null;
  seen_at: Date | null;
}

interface AlertingSearch {
  readonly id: number;
  readonly name: string;
  readonly criteria: SearchCriteria;
  readonly alertSince: Date;
}

/**
 * The partner's alerting searches, oldest first, and when they last looked at their alerts (null: never), in one
 * round trip. Searches of a type that cannot alert are left out (the switch refuses them; this keeps a row changed
 * by hand harmless).
 */
const loadAlertingSearches = async (db: Db, userId: number) => {
  const { rows } = await db.query<AlertingSearchRow>(
    `select s.id, s.name, s.criteria, s.alert_since, u.alerts_seen_at as seen_at
       from users u left join saved_searches s on s.user_id = u.id and s.alert
      where u.id = $1 order by s.created_at, s.id`,
    [userId],
  );
  const searches: AlertingSearch[] = [];
  for (const { id, name, criteria, alert_since } of rows)
    if (id !== null && name !== null && alert_since !== null)
      searches.push({ id, name, criteria: decodeStored(criteria), alertSince: alert_since });
  return {
    searches: searches.filter((s) => (ALERT_TYPES as readonly string[]).includes(s.criteria.type)),
    seenAt: rows[0]?.seen_at ?? null,
  };
};

/** Activated after this instant: the search's window (alert_since - 24 h), or later when `after` is later. */
const windowStart = (search: AlertingSearch, after: Date | null): Date => {
  const start = new Date(search.alertSince.getTime() - LOOKBACK_MS);
  return after && after > start ? after : start;
};

/** The WHERE clauses of one search's matches activated after `after`. */
const matchClauses = (params: SqlParams, search: AlertingSearch, now: Date, after: Date): string[] => [
  ...criteriaClauses(params, SOURCES.jobs, search.criteria, now),
  `kind = ${params.add(search.criteria.type)}`,
  `activated_at > ${params.add(after)}`,
];

/**
 * The badge counter: how many jobs match the partner's alerting searches and were activated after they last looked.
 * Only the unseen window is read (activated after the later of alert_since - 24 h and the last look).
 */
export const countUnseenAlerts = async (db: Db, userId: number, now: Date): Promise<number> => {
  const { searches, seenAt } = await loadAlertingSearches(db, userId);
  if (searches.length === 0) return 0;
  const params = new SqlParams();
  const union = searches
    .map(
      (search) =>
        `select id from jobs where ${matchClauses(params, search, now, windowStart(search, seenAt)).join(' and ')}`,
    )
    .join(' union ');
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from (${union}) m`, params.values);
  return rows[0]?.n ?? 0;
};

/** Proximity distances of a row, as `POST /v1/jobs` measures them for this search (null without a point). */
const distancesSql = (params: SqlParams, { criteria }: AlertingSearch) => {
  // the search's own `proximity` point, else its place at that end; its registered-address fallback serves only
  // proximity sorts, which an alert does not have
  const pickup = criteria.proximity ?? areaOf(criteria.pickup)?.centre ?? null;
  const delivery = criteria.proximity ?? areaOf(criteria.delivery)?.centre ?? null;
  return {
    pickup: pickup ? distanceSql(params, 'pickup', pickup) : 'null::float8',
    delivery: delivery ? distanceSql(params, 'delivery', delivery) : 'null::float8',
  };
};

type AlertRow = ListingRow & { searches: number[]; total: number; unseen: number };

/**
 * GET /v1/alerts: the newest MAX_ALERTS matches across the partner's alerting searches, newest first (then by id), a
 * job matching several searches once, naming them all (oldest search first); and how many match in all, and unseen.
 *
 * One statement: each search's matching ids (its `POST /v1/jobs` clauses, served by the activation or area indexes)
 * are gathered once, grouped by job, counted, and only the newest MAX_ALERTS are joined back to their rows, with the
 * proximity distances of the first search each matches.
 */
export const loadAlerts = async (db: Db, userId: number, now: Date): Promise<typeof AlertsResponse.Encoded> => {
  const { searches, seenAt } = await loadAlertingSearches(db, userId);
  const meta = {
    seen_at: seenAt ? seenAt.toISOString() : null,
    as_of: now.toISOString(),
    searches: searches.map((s) => ({ id: s.id, name: s.name, alert_since: s.alertSince.toISOString() })),
  };
  if (searches.length === 0) return { data: [], meta: { total: 0, unseen: 0, ...meta } };

  const params = new SqlParams();
  const matches = searches
    .map((search, i) => {
      const where = matchClauses(params, search, now, windowStart(search, null));
      return `select ${i} as s, id, activated_at from jobs where ${where.join(' and ')}`;
    })
    .join(' union all ');
  const distances = searches.map((search) => distancesSql(params, search));
  const pick = (end: 'pickup' | 'delivery') =>
    `case first_search ${distances.map((d, i) => `when ${i} then ${d[end]}`).join(' ')} end`;
  const unseen = seenAt ? `activated > ${params.add(seenAt)}` : 'true';
  const { rows } = await db.query<AlertRow>(
    `with matched as (${matches}),
          jobs_matched as (select id, min(s) as first_search, array_agg(s order by s) as searches,
                                  max(activated_at) as activated
                             from matched group by id),
          counted as (select count(*)::int as total, (count(*) filter (where ${unseen}))::int as unseen
                        from jobs_matched),
          newest as (select * from jobs_matched order by activated desc, id desc limit ${params.add(MAX_ALERTS)})
     select ${LISTING_COLUMNS}, ${pick('pickup')} as pickup_distance_m, ${pick('delivery')} as delivery_distance_m,
            newest.searches, counted.total, counted.unseen
       from counted left join (newest join jobs using (id)) on true
      order by newest.activated desc nulls last, id desc`,
    params.values,
  );
  const named = (i: number) => ({ id: searches[i]!.id, name: searches[i]!.name });
  const data = rows
    .filter((row) => row.id !== null)
    .map((row): typeof AlertMatch.Encoded => {
      const [first, ...more] = row.searches;
      return {
        listing: toListing(row),
        saved_searches: [named(first ?? 0), ...more.map(named)],
        matched_at: (row.activated_at ?? row.created_at).toISOString(),
        unseen: seenAt === null || (row.activated_at?.getTime() ?? 0) > seenAt.getTime(),
      };
    });
  return { data, meta: { total: rows[0]?.total ?? 0, unseen: rows[0]?.unseen ?? 0, ...meta } };
};

/**
 * POST /v1/alerts/seen: the partner looked at their alerts up to `asOf` (the list's `as_of`), or up to now when it is
 * absent or later. Never moves back, so an old tab cannot bring back marks a newer look cleared.
 */
export const markAlertsSeen = async (db: Db, userId: number, now: Date, asOf: Date | null): Promise<Date> => {
  const until = asOf && asOf < now ? asOf : now;
  const { rows } = await db.query<{ alerts_seen_at: Date }>(
    `update users set alerts_seen_at = greatest(coalesce(alerts_seen_at, $2), $2) where id = $1
      returning alerts_seen_at`,
    [userId, until],
  );
  return rows[0]?.alerts_seen_at ?? until;
};
