import {
  addressShortForm,
  PROFILE_MESSAGES,
  type AccountPreferences,
  type ProfileUpdate,
  type Profile,
} from '@/schemas/profile';
import type { Db } from '@/server/db/db';
import { lookUpPlaces } from '@/server/geo/place-lookup';
import { NotFoundError, ValidationError } from '@/server/http/api-errors';

/**
 * The signed-in partner's profile (GET /v1/profile, PUT /v1/profile, PUT /v1/profile/preferences; migration 0013).
 * Everything is keyed by the session's user id: no endpoint takes a user id, so no partner can name another's.
 *
 * Phone and company: a partner who signed up (0012) gave them in partner_sign_up_details; until they first save
 * the profile here (`profile_updated_at` null) those are shown, after that the users columns are (a cleared phone
 * stays cleared).
 */

interface ProfileRow {
  full_name: string;
  email: string;
  account_type: Profile['account_type'];
  phone: string | null;
  company_name: string | null;
  company_number: string | null;
  address_town: string | null;
  address_postcode: string | null;
  language: Profile['language'];
  default_search_radius_mi: Profile['default_search_radius'];
  week_start: Profile['week_start'];
  created_at: Date;
}

/** The sign-up's details table exists once migration 0012 is in; a database without it reads the users columns. */
const SIGN_UP_DETAILS = 'partner_sign_up_details';

const hasSignUpDetails = async (db: Db): Promise<boolean> =>
  (await db.query<{ found: boolean }>('select to_regclass($1) is not null as found', [SIGN_UP_DETAILS])).rows[0]
    ?.found === true;

export const loadProfile = async (db: Db, userId: number): Promise<typeof Profile.Encoded> => {
  const signUp = await hasSignUpDetails(db);
  const pick = (column: string) =>
    signUp
      ? `case when u.profile_updated_at is null then coalesce(u.${column}, s.${column}) else u.${column} end`
      : `u.${column}`;
  const { rows } = await db.query<ProfileRow>(
    `select u.full_name, u.email, u.account_type, ${pick('phone')} as phone, ${pick('company_name')} as company_name,
            ${pick('company_number')} as company_number, u.address_town, u.address_postcode, u.language,
            u.default_search_radius_mi, u.week_start, u.created_at
       from users u ${signUp ? `left join ${SIGN_UP_DETAILS} s on s.user_id = u.id` : ''}
      where u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError('user');
  const hasAddress = row.address_town !== null || row.address_postcode !== null;
  return {
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    account_type: row.account_type,
    company_name: row.company_name,
    company_number: row.company_number,
    address: hasAddress
      ? {
          town: row.address_town,
          postcode: row.address_postcode,
          short: addressShortForm({ town: row.address_town, postcode: row.address_postcode }),
        }
      : null,
    language: row.language,
    default_search_radius: row.default_search_radius_mi,
    week_start: row.week_start,
    created_at: row.created_at.toISOString(),
  };
};

/**
 * Where a postcode is: its area's post town and point, from the offline towns data (server/geo; coarse, the data has
 * no district coordinates). A postcode of the right shape whose area does not exist (`QQ1 1AA`) is refused with the
 * postcode message, as the form would.
 */
export const placeOfPostcode = (postcode: string): { town: string; postcode: string; lat: number; lon: number } => {
  const normal = postcode.trim().toUpperCase().replace(/\s+/g, ' ');
  const place = lookUpPlaces(normal, 1)[0];
  if (!place?.town) throw new ValidationError({ postcode: [PROFILE_MESSAGES.postcode] });
  return { town: place.town, postcode: normal, lat: place.lat, lon: place.lng };
};

/** PUT /v1/profile: the edit form, every field. */
export const updateProfile = async (db: Db, userId: number, input: ProfileUpdate, now: Date) => {
  const place = placeOfPostcode(input.postcode);
  await db.query(
    `update users set full_name = $2, phone = $3, company_name = $4, company_number = $5,
            address_town = $6, address_postcode = $7, address_lat = $8, address_lon = $9, profile_updated_at = $10
      where id = $1`,
    [
      userId,
      input.full_name,
      input.phone,
      input.company_name,
      input.company_number === null ? null : input.company_number.toUpperCase(),
      place.town,
      place.postcode,
      place.lat,
      place.lon,
      now,
    ],
  );
  return loadProfile(db, userId);
};

/** PUT /v1/profile/preferences: account and preferences. */
export const updateAccountPreferences = async (db: Db, userId: number, input: AccountPreferences) => {
  await db.query('update users set language = $2, default_search_radius_mi = $3, week_start = $4 where id = $1', [
    userId,
    input.language,
    input.default_search_radius,
    input.week_start,
  ]);
  return loadProfile(db, userId);
};
