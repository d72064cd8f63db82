import { Effect, Schema } from 'effect';
import { StorableTrim } from './common';

/** NUTS1 region codes of the UK (spec §3 region short names). */
export const Nuts1Code = Schema.Literals([
  'UKC',
  'UKD',
  'UKE',
  'UKF',
  'UKG',
  'UKH',
  'UKI',
  'UKJ',
  'UKK',
  'UKL',
  'UKM',
  'UKN',
]);
export type Nuts1Code = typeof Nuts1Code.Type;

/** A NUTS1 region with the short name the portal shows (UKD → N.West). */
export const Nuts1 = Schema.Struct({ code: Nuts1Code, name: Schema.String, short_name: Schema.String });
export type Nuts1 = typeof Nuts1.Type;

/**
 * A place of spec §3 as GET /v1/places answers it: a town or a postcode area/district from the server's offline
 * UK data. `postcode` is the full postcode when one is known (never, offline: the data has no streets), else null;
 * `shortPostalCode` is the outward code or area (`M1`, `LS`); `postalTown` the area's post town. A district is
 * placed at its area's post town (the offline data has no district coordinates): coarse, and said so here.
 */
export const Place = Schema.Struct({
  id: Schema.String,
  lat: Schema.Number,
  lng: Schema.Number,
  postcode: Schema.NullOr(Schema.String),
  postalTown: Schema.NullOr(Schema.String),
  shortPostalCode: Schema.NullOr(Schema.String),
  town: Schema.String,
  nuts1: Schema.NullOr(Nuts1),
});
export type Place = typeof Place.Type;

export const PlacesResponse = Schema.Struct({ data: Schema.Array(Place) });
export type PlacesResponse = typeof PlacesResponse.Type;

/** Radius options of spec §9, miles: around a place, for a search and for a partner's default. */
export const RADIUS_OPTIONS_MILES = [5, 10, 20, 50, 100, 200] as const;

/** Most places one look-up returns. */
export const MAX_PLACES = 50;

/** GET /v1/places?q=<text>&limit=<n>: a town-name prefix or a postcode area/district prefix (`M1`, `SW`). */
export const PlacesQuery = Schema.Struct({
  q: StorableTrim.check(
    Schema.isNonEmpty({ message: "q can't be blank" }).abort(),
    Schema.isMaxLength(100, { message: 'q must be at most 100 characters' }),
  ),
  limit: Schema.NumberFromString.check(
    Schema.isInt({ message: 'limit must be a whole number' }).abort(),
    Schema.isBetween({ minimum: 1, maximum: MAX_PLACES }, { message: `limit must be between 1 and ${MAX_PLACES}` }),
  ).pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(10))),
});
export type PlacesQuery = typeof PlacesQuery.Type;
