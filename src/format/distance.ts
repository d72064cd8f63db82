import { isoFor, type PortalLocale } from '@/src/format/locale-codes';
import { EMPTY, isFiniteNumber } from '@/src/format/number';
import { numberFormat } from '@/src/format/intl-cache';

export type DistanceUnit = 'mi' | 'km';

export const METRES_PER_MILE = 1609.344;
export const METRES_PER_KM = 1000;

/** Metres to miles, unrounded. */
export function metresToMiles(metres: number): number {
  return metres / METRES_PER_MILE;
}

/** Metres to kilometres, unrounded. */
export function metresToKm(metres: number): number {
  return metres / METRES_PER_KM;
}

/**
 * A distance given in metres, in miles (default) or kilometres, rounded to a whole number and never less
 * than 1 (spec §9). `unitDisplay` 'short' gives '12 mi' / '12 km', 'long' gives '12 miles' / '12 kilómetros'.
 * null, undefined and NaN give 'N/A'.
 */
export function formatDistance(
  metres: number | null | undefined,
  locale: PortalLocale,
  unit: DistanceUnit = 'mi',
  unitDisplay: 'short' | 'long' = 'short',
): string {
  if (!isFiniteNumber(metres)) return EMPTY;
  const value = unit === 'mi' ? metresToMiles(metres) : metresToKm(metres);
  const rounded = Math.max(1, Math.round(value));
  return numberFormat(isoFor(locale), {
    style: 'unit',
    unit: unit === 'mi' ? 'mile' : 'kilometer',
    unitDisplay,
    maximumFractionDigits: 0,
  }).format(rounded);
}
