import { Schema } from 'effect';
import {
  DEFAULT_ORDER,
  DEFAULT_RADIUS_MILES,
  DEFAULT_RADIUS_WITH_LOCATION_MILES,
  SEARCH_CATEGORIES,
  SEARCH_PAGE_SIZE,
  SearchCriteria,
  type SearchInfo,
} from '@/schemas/search';
import type { Db } from '@/server/db/db';

/** How many recent places per direction search-info returns; how many are kept. */
export const RECENT_PLACES_SHOWN = 5;
const RECENT_PLACES_KEPT = 10;

/**
 * Remembers the places of a search the partner ran (first pages only: paging on is the same search), one row per
 * place name and direction, keeping the RECENT_PLACES_KEPT most recent.
 */
export const rememberSearchPlaces = async (db: Db, userId: number, criteria: SearchCriteria, now: Date) => {
  if (criteria.type === 'recommended' || criteria.page !== 1) return;
  for (const direction of ['pickup', 'delivery'] as const) {
    const location = criteria[direction]?.location;
    if (!location) continue;
    await db.query(
      `with kept as (
         insert into recent_search_places (user_id, direction, name, lat, lon, searched_at)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (user_id, direction, name) do update
           set lat = excluded.lat, lon = excluded.lon, searched_at = excluded.searched_at
         returning name)
       delete from recent_search_places
        where user_id = $1 and direction = $2 and name not in (select name from kept)
          and name not in (select name from recent_search_places where user_id = $1 and direction = $2
                            order by searched_at desc limit ${RECENT_PLACES_KEPT - 1})`,
      [userId, direction, location.name, location.lat, location.lon, now],
    );
  }
};

const encodeCriteria = Schema.encodeSync(SearchCriteria);

/**
 * The default search when the partner has saved none: instant jobs of every category, picked up from today, around
 * the registered address at the radius a search with a location starts with (spec §9), by date ascending; without
 * an address, all of the UK (spec §3 default search area) at the default radius.
 */
export const builtInDefaultSearch = (
  home: { town: string | null; lat: number | null; lon: number | null } | null,
  today: string,
): typeof SearchCriteria.Encoded => {
  const location =
    home && home.lat !== null && home.lon !== null
      ? { name: home.town ?? 'Registered address', lat: home.lat, lon: home.lon }
      : null;
  return {
    type: 'instant',
    pickup: {
      location,
      radius: { value: location ? DEFAULT_RADIUS_WITH_LOCATION_MILES : DEFAULT_RADIUS_MILES, unit: 'mi' },
      date: { start: today, end: null },
    },
    delivery: { location: null, radius: { value: DEFAULT_RADIUS_MILES, unit: 'mi' } },
    categories: [...SEARCH_CATEGORIES],
    filters: {},
    capacity: null,
    page: 1,
    limit: SEARCH_PAGE_SIZE,
    order: DEFAULT_ORDER.instant,
  };
};

/** GET /v1/search-info (spec §3 search init). */
export const loadSearchInfo = async (db: Db, userId: number, today: string): Promise<typeof SearchInfo.Encoded> => {
  const [saved, home, recent] = await Promise.all([
    db.query<{ criteria: unknown }>('select criteria from saved_searches where user_id = $1 and is_default', [userId]),
    db.query<{ town: string | null; lat: number | null; lon: number | null }>(
      'select address_town as town, address_lat as lat, address_lon as lon from users where id = $1',
      [userId],
    ),
    db.query<{ direction: 'pickup' | 'delivery'; name: string; lat: number; lon: number; searched_at: Date }>(
      `select direction, name, lat, lon, searched_at from recent_search_places where user_id = $1
        order by searched_at desc, name`,
      [userId],
    ),
  ]);
  const savedCriteria = saved.rows[0]?.criteria;
  const defaultSearch = savedCriteria
    ? encodeCriteria(Schema.decodeUnknownSync(SearchCriteria)(savedCriteria))
    : builtInDefaultSearch(home.rows[0] ?? null, today);
  const places = (direction: 'pickup' | 'delivery') =>
    recent.rows
      .filter((r) => r.direction === direction)
      .slice(0, RECENT_PLACES_SHOWN)
      .map((r) => ({ name: r.name, lat: r.lat, lon: r.lon, searched_at: r.searched_at.toISOString() }));
  return {
    default_search: defaultSearch,
    most_recent_searches: { pickup: places('pickup'), delivery: places('delivery') },
  };
};
