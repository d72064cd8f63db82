import {
  DEFAULT_RADIUS_WITH_LOCATION_MILES,
  FILTER_ATTRIBUTE,
  type SearchCriteria,
  type SearchLocation,
} from '@/schemas/search';
import { sqlList } from '@/server/db/sql-list';
import { boundingBox, METRES_PER_MILE, type LatLng } from '@/server/geo/distance';
import { haversineSql } from '@/server/geo/haversine-sql';
import { OPEN_JOB_STATUSES } from '@/server/jobs/job-categories';
import type { SqlParams } from '@/server/search/sql-params';
import { addDays, londonInstant } from '@/server/time/london';

/**
 * Where the listings of a tab live. Journeys are read through the `journey_listings` view (migrations 0002, 0017),
 * which gives them the column names of a job, so every clause below is written once. `open` must repeat the partial
 * indexes' predicates word for word, so the planner can use them. `openUntil` is the column a listing is offered
 * until: a job until its pickup window closes, a journey until its first pickup (its window, shown on its card, is
 * its whole schedule).
 */
export const SOURCES = {
  jobs: {
    from: 'jobs',
    open: `status in ${sqlList(OPEN_JOB_STATUSES)} and provider_id is null`,
    openUntil: 'pickup_date_end',
  },
  journeys: { from: 'journey_listings', open: `status = 'open'`, openUntil: 'open_until' },
} as const;
export type Source = (typeof SOURCES)[keyof typeof SOURCES];

/** The search's point and radius for one end, or null when that end has no location. */
export const areaOf = (
  end: { location?: SearchLocation | null; radius?: { value: number } } | undefined,
): { centre: LatLng; metres: number } | null =>
  end?.location
    ? {
        centre: { lat: end.location.lat, lng: end.location.lon },
        metres: (end.radius?.value ?? DEFAULT_RADIUS_WITH_LOCATION_MILES) * METRES_PER_MILE,
      }
    : null;

/** The great-circle distance in metres from a row's pickup (or delivery) point to `centre`, as SQL. */
export const distanceSql = (params: SqlParams, end: 'pickup' | 'delivery', centre: LatLng): string =>
  haversineSql(`${end}_lat`, `${end}_lng`, params.add(centre.lat), params.add(centre.lng));

/**
 * The radius clause: a bounding box on the indexed lat/lng columns narrows the rows, then the haversine decides.
 * The box is computed in the code (distance.ts), so it reaches the planner as plain ranges.
 */
const radiusClauses = (params: SqlParams, end: 'pickup' | 'delivery', area: { centre: LatLng; metres: number }) => {
  const box = boundingBox(area.centre, area.metres);
  return [
    `${end}_lat between ${params.add(box.minLat)} and ${params.add(box.maxLat)}`,
    `${end}_lng between ${params.add(box.minLng)} and ${params.add(box.maxLng)}`,
    `${distanceSql(params, end, area.centre)} <= ${params.add(area.metres)}`,
  ];
};

/**
 * The WHERE clauses of a search of `source` (open listings whose pickup window has not closed at `now`) for the
 * criteria: areas, pickup dates (London calendar days, both ends included), categories unless `withCategories` is
 * false (category counts), sub-filters and capacity. The listing kind is the caller's to add.
 */
export const criteriaClauses = (
  params: SqlParams,
  source: Source,
  criteria: SearchCriteria,
  now: Date,
  { withCategories = true } = {},
): string[] => {
  const where = [source.open, `${source.openUntil} > ${params.add(now)}`];
  const pickup = areaOf(criteria.pickup);
  const delivery = areaOf(criteria.delivery);
  if (pickup) where.push(...radiusClauses(params, 'pickup', pickup));
  if (delivery) where.push(...radiusClauses(params, 'delivery', delivery));

  const date = criteria.pickup?.date;
  if (date?.start) where.push(`pickup_date_start >= ${params.add(londonInstant(date.start, 0))}`);
  if (date?.end) where.push(`pickup_date_start < ${params.add(londonInstant(addDays(date.end, 1), 0))}`);

  if (withCategories && criteria.categories)
    where.push(`category = any(${params.add([...new Set(criteria.categories)])}::text[])`);

  const filters = criteria.filters ?? {};
  if (filters.allocation_method?.length)
    where.push(
      `(allocation_method is null or allocation_method = any(${params.add([...filters.allocation_method])}::text[]))`,
    );
  for (const [filter, attribute] of Object.entries(FILTER_ATTRIBUTE)) {
    const accepted = filters[filter as keyof typeof FILTER_ATTRIBUTE];
    if (!accepted?.length) continue;
    const value = `attributes->>${params.add(attribute)}`;
    where.push(`(${value} is null or ${value} = any(${params.add([...accepted])}::text[]))`);
  }

  if (criteria.capacity?.min != null) where.push(`volume_m3 >= ${params.add(criteria.capacity.min)}`);
  if (criteria.capacity?.max != null) where.push(`volume_m3 <= ${params.add(criteria.capacity.max)}`);
  return where;
};
