import { EARTH_RADIUS_M } from '@/server/geo/distance';

/**
 * A SQL expression for the great-circle distance in metres between a row's columns and a point given as
 * parameters (`$n` placeholders): the same formula as haversineMetres, for PostgreSQL and PGlite alike.
 */
export const haversineSql = (latColumn: string, lngColumn: string, latParam: string, lngParam: string): string =>
  `(2 * ${EARTH_RADIUS_M} * asin(least(1, sqrt(` +
  `power(sin(radians(${latColumn} - ${latParam}::float8) / 2), 2) + ` +
  `cos(radians(${latParam}::float8)) * cos(radians(${latColumn})) * power(sin(radians(${lngColumn} - ${lngParam}::float8) / 2), 2)` +
  `))))`;
