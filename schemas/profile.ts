import { Effect, Schema, SchemaTransformation } from 'effect';
import { UK_POSTCODE_MESSAGE, UK_POSTCODE_PATTERN } from './postcode';
import { RADIUS_OPTIONS_MILES } from './place';
import { AccountType } from './user';
import { NonNegativeInt, says, StorableText } from './common';

/**
 * The partner's own account (issue 8; spec §2 "profile (edit profile, account and preferences, history and invoicing,
 * customer reviews, statistics)", §3 User and address short form, §8 'Failed to update account details', §9 ratings).
 * Notification preferences are in ./notification-preferences.ts. Every endpoint reads or writes the signed-in user
 * only: there is no user id in any path, so another partner's data cannot even be named.
 *
 *   GET  /v1/profile                                        → ProfileResponse
 *   PUT  /v1/profile                  ProfileUpdateRequest  → ProfileResponse   (422 per field)
 *   PUT  /v1/profile/preferences      AccountPreferencesRequest → ProfileResponse
 *   GET  /v1/ratings?page=            RatingsQuery          → RatingsResponse
 *   GET  /v1/statistics                                     → StatisticsResponse
 *   GET  /v1/history?page=            HistoryQuery          → HistoryResponse
 *
 * Bad input is 422 `{ message: 'messages.validation', errors: { field: [text] } }` with the field names the form
 * uses (`full_name`, `phone`, `postcode`, …), worded for partners so the portal can show the first one under the field.
 */

// ---------------------------------------------------------------------------------------------------------------
// The address short form (spec §3)

/** The outward code of a postcode (`EX1 1GE` → `EX1`), upper case; null for no postcode. */
export const firstPartOfPostcode = (postcode: string | null | undefined): string | null =>
  postcode?.trim().toUpperCase().split(/\s+/)[0] || null;

/**
 * Spec §3: "Address short form is town followed by the first part of the postcode; a missing address shows a dash."
 * `Exeter` + `EX1 1GE` → `Exeter EX1`; only one of them → that one; neither → `-`.
 */
export const addressShortForm = (
  address: { readonly town: string | null; readonly postcode: string | null } | null | undefined,
): string => {
  const parts = [address?.town?.trim() || null, firstPartOfPostcode(address?.postcode)].filter(
    (part): part is string => part !== null,
  );
  return parts.length > 0 ? parts.join(' ') : '-';
};

// ---------------------------------------------------------------------------------------------------------------
// Profile

export const PROFILE_LANGUAGES = ['en', 'es'] as const;
export const ProfileLanguage = Schema.Literals(PROFILE_LANGUAGES).annotate(says('Choose English or Spanish'));
export type ProfileLanguage = typeof ProfileLanguage.Type;

export const WEEK_STARTS = ['monday', 'sunday'] as const;
export const WeekStart = Schema.Literals(WEEK_STARTS).annotate(says('A week starts on Monday or Sunday'));
export type WeekStart = typeof WeekStart.Type;

export const SearchRadius = Schema.Literals(RADIUS_OPTIONS_MILES).annotate(
  says(`The radius is one of ${RADIUS_OPTIONS_MILES.join(', ')} miles`),
);
export type SearchRadius = typeof SearchRadius.Type;

/** A partner who never chose: English, 20 miles (spec §9: the default with a location), weeks from Monday. */
export const DEFAULT_ACCOUNT_PREFERENCES = {
  language: 'en',
  default_search_radius: 20,
  week_start: 'monday',
} as const satisfies { language: ProfileLanguage; default_search_radius: SearchRadius; week_start: WeekStart };

export const ProfileAddress = Schema.Struct({
  town: Schema.NullOr(Schema.String),
  postcode: Schema.NullOr(Schema.String),
  /** `addressShortForm` of the two, as the server computed it. */
  short: Schema.String,
});
export type ProfileAddress = typeof ProfileAddress.Type;

/** GET /v1/profile: the signed-in user's account. */
export const Profile = Schema.Struct({
  full_name: Schema.String,
  email: Schema.String,
  phone: Schema.NullOr(Schema.String),
  account_type: AccountType,
  company_name: Schema.NullOr(Schema.String),
  company_number: Schema.NullOr(Schema.String),
  /** Null when the partner has no registered address (shown as a dash). */
  address: Schema.NullOr(ProfileAddress),
  language: ProfileLanguage,
  default_search_radius: SearchRadius,
  week_start: WeekStart,
  /** ISO 8601 instant the account was made. */
  created_at: Schema.String,
});
export type Profile = typeof Profile.Type;
export const ProfileResponse = Schema.Struct({ data: Profile });

/** Field limits shared by the form's rules and the server's schema. */
export const MAX_FULL_NAME = 100;
export const MAX_COMPANY_NAME = 120;
/**
 * A UK phone number as typed, the sign-up's rule (schemas/sign-up.ts): +44 or 0, then digits, spaces, hyphens and
 * brackets, 10 or 11 digits once +44 is read as 0. One rule, so the form's message `validation.phone.regex` fits both.
 */
export const PHONE_PATTERN = /^(\+44\s?|0)[\d\s()-]{9,16}$/;
export const isPhone = (s: string) => {
  const digits = s.replace(/\D/g, '').replace(/^44/, '0');
  return PHONE_PATTERN.test(s) && digits.length >= 10 && digits.length <= 11;
};
/** Companies House numbers: 8 characters, digits or a two-letter prefix and 6 digits (SC123456). */
export const COMPANY_NUMBER_PATTERN = /^(\d{8}|[A-Z]{2}\d{6})$/i;

export const PROFILE_MESSAGES = {
  fullNameRequired: "Full name can't be blank",
  fullNameTooLong: `Full name may not be greater than ${MAX_FULL_NAME} characters`,
  phone: 'Phone must be a UK phone number (10 or 11 digits)',
  companyNameTooLong: `Company name may not be greater than ${MAX_COMPANY_NAME} characters`,
  companyNumber: 'A company number is 8 characters (12345678 or SC123456)',
  postcode: UK_POSTCODE_MESSAGE,
} as const;

/** Optional text as the form sends it: a string, where empty (after trimming) is "none" (null); absent is none. */
const optionalText = (max: number, tooLong: string, rule?: { test: (s: string) => boolean; message: string }) =>
  StorableText.check(Schema.isMaxLength(max, { message: tooLong }))
    .pipe(Schema.decodeTo(Schema.Trim))
    .check(Schema.makeFilter((s: string) => s === '' || !rule || rule.test(s), { message: rule?.message ?? '' }))
    .pipe(
      Schema.decodeTo(
        Schema.NullOr(Schema.String),
        SchemaTransformation.transform({
          decode: (s: string) => (s === '' ? null : s),
          encode: (s: string | null) => s ?? '',
        }),
      ),
      Schema.withDecodingDefaultTypeKey(Effect.succeed(null)),
    );

/** PUT /v1/profile: edit profile. The postcode sets the town (its area's post town) and the point. */
export const ProfileUpdate = Schema.Struct({
  full_name: StorableText.check(Schema.isMaxLength(MAX_FULL_NAME, { message: PROFILE_MESSAGES.fullNameTooLong }))
    .pipe(Schema.decodeTo(Schema.Trim))
    .check(Schema.isMinLength(1, { message: PROFILE_MESSAGES.fullNameRequired })),
  phone: optionalText(24, PROFILE_MESSAGES.phone, { test: isPhone, message: PROFILE_MESSAGES.phone }),
  company_name: optionalText(MAX_COMPANY_NAME, PROFILE_MESSAGES.companyNameTooLong),
  company_number: optionalText(8, PROFILE_MESSAGES.companyNumber, {
    test: (s) => COMPANY_NUMBER_PATTERN.test(s),
    message: PROFILE_MESSAGES.companyNumber,
  }),
  /** Required: a partner's registered address places their searches and sorts (spec §5 location sorts). */
  postcode: StorableText.check(Schema.isMaxLength(10, { message: PROFILE_MESSAGES.postcode }))
    .pipe(Schema.decodeTo(Schema.Trim))
    .check(Schema.makeFilter((s: string) => UK_POSTCODE_PATTERN.test(s), { message: PROFILE_MESSAGES.postcode })),
}).annotate({ identifier: 'ProfileUpdate' });
export type ProfileUpdate = typeof ProfileUpdate.Type;
export const ProfileUpdateRequest = Schema.Struct({ payload: ProfileUpdate });

/** PUT /v1/profile/preferences: account and preferences. */
export const AccountPreferences = Schema.Struct({
  language: ProfileLanguage,
  default_search_radius: SearchRadius,
  week_start: WeekStart,
}).annotate({ identifier: 'AccountPreferences' });
export type AccountPreferences = typeof AccountPreferences.Type;
export const AccountPreferencesRequest = Schema.Struct({ payload: AccountPreferences });

// ---------------------------------------------------------------------------------------------------------------
// Ratings and reviews (spec §3 feedback ratings, §9)

/** Spec §9: the rating appears after at least 5 ratings, and averages the last 25. */
export const MIN_RATINGS_SHOWN = 5;
export const RATINGS_AVERAGED = 25;
export const REVIEWS_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 20;
/** The rating chart and the statistics cover the last 12 London months, this one included. */
export const MONTHS_SHOWN = 12;

export const RATING_CRITERIA = ['punctuality', 'communication', 'care_of_goods', 'presentation'] as const;
export type RatingCriterion = (typeof RATING_CRITERIA)[number];

const PAGE_MESSAGE = 'page must be a whole number from 1';
const PageQuery = Schema.Struct({
  page: Schema.NumberFromString.check(
    Schema.isInt(says(PAGE_MESSAGE)).abort(),
    Schema.isBetween({ minimum: 1, maximum: 100_000 }, says(PAGE_MESSAGE)),
  ).pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(1))),
});
export const RatingsQuery = PageQuery;
export const HistoryQuery = PageQuery;

/** A month of the London calendar, `yyyy-MM`. */
const Month = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}$/));

export const CriteriaAverages = Schema.Struct({
  punctuality: Schema.Number,
  communication: Schema.Number,
  care_of_goods: Schema.Number,
  presentation: Schema.Number,
});
export type CriteriaAverages = typeof CriteriaAverages.Type;

/** The job a review is about: where from and to, and the day of the pickup (London, yyyy-MM-dd). */
export const ReviewJob = Schema.Struct({ from_town: Schema.String, to_town: Schema.String, date: Schema.String });

export const Review = Schema.Struct({
  listing_id: Schema.Number,
  rated_at: Schema.String,
  punctuality: Schema.Number,
  communication: Schema.Number,
  care_of_goods: Schema.Number,
  presentation: Schema.Number,
  comment: Schema.NullOr(Schema.String),
  job: ReviewJob,
});
export type Review = typeof Review.Type;

export const Ratings = Schema.Struct({
  count: NonNegativeInt,
  /** count ≥ MIN_RATINGS_SHOWN; the average, the criteria and the history are null / empty until then. */
  shown: Schema.Boolean,
  /** The mean, over the last 25 ratings, of each rating's mean of its four criteria; 2 decimals. */
  average: Schema.NullOr(Schema.Number),
  criteria: Schema.NullOr(CriteriaAverages),
  /** Monthly averages (each rating's mean of its four criteria) over the last 12 months, months with ratings only. */
  history: Schema.Array(Schema.Struct({ month: Month, average: Schema.Number, count: Schema.Number })),
  /** A page of reviews, newest first. */
  reviews: Schema.Array(Review),
  page: Schema.Number,
  last_page: Schema.Number,
});
export type Ratings = typeof Ratings.Type;
export const RatingsResponse = Schema.Struct({ data: Ratings });

/** The mean of a rating's four criteria. */
export const ratingMean = (r: Readonly<Record<RatingCriterion, number>>): number =>
  RATING_CRITERIA.reduce((sum, c) => sum + r[c], 0) / RATING_CRITERIA.length;

/** Two decimals, as averages are answered. */
export const twoDecimals = (n: number): number => Math.round(n * 100) / 100;

// ---------------------------------------------------------------------------------------------------------------
// Statistics and history

export const StatisticsMonth = Schema.Struct({
  month: Month,
  jobs: NonNegativeInt,
  /** Pence: the price of the jobs done that month. */
  earnings: NonNegativeInt,
});
export type StatisticsMonth = typeof StatisticsMonth.Type;

export const Statistics = Schema.Struct({
  /** The last 12 London months, oldest first, every month present (0 when nothing was done). */
  months: Schema.Array(StatisticsMonth),
  totals: Schema.Struct({ jobs: NonNegativeInt, earnings: NonNegativeInt }),
});
export type Statistics = typeof Statistics.Type;
export const StatisticsResponse = Schema.Struct({ data: Statistics });

export const HistoryJob = Schema.Struct({
  listing_id: Schema.Number,
  status: Schema.Literals(['realised', 'completed', 'finalised']),
  archived: Schema.Boolean,
  from_town: Schema.String,
  to_town: Schema.String,
  /** ISO instants: the pickup, and when the job was done (realised, else completed). */
  pickup_at: Schema.String,
  done_at: Schema.NullOr(Schema.String),
  /** Pence. */
  price: NonNegativeInt,
});
export type HistoryJob = typeof HistoryJob.Type;

export const History = Schema.Struct({
  rows: Schema.Array(HistoryJob),
  total: NonNegativeInt,
  page: Schema.Number,
  last_page: Schema.Number,
});
export type History = typeof History.Type;
export const HistoryResponse = Schema.Struct({ data: History });
