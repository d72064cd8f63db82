import { Effect, Schema } from 'effect';
import { AccountType } from './user';
import { UK_POSTCODE_MESSAGE, UK_POSTCODE_PATTERN } from './postcode';
import { VEHICLE_TYPES, VehicleType } from './vehicle';
import { isCalendarDate, isStorable, nullable } from './common';
import { MAX_COVER_POUNDS } from './documents';

/**
 * Partner sign-up (spec §2 "Partner sign-up has steps: login details, your details, vehicle and operational
 * information, insurance, identity, e-mail verification with resend"; §5 password hint and UK postcode; §9 insurance
 * minimums). E-mail verification and password reset, the links sent by mail, are in ./mail-links.ts. The calls are
 * not shown in the spec; this is their design:
 *
 * - POST /v1/sign-up/validate-step `{ payload: { step, values } }` → 200, or 422 with the step's failing fields, so
 *   each step is checked by the server as the partner goes;
 * - POST /v1/sign-up `{ payload: values }` (every step's fields at once) → 201 and a signed-in session cookie.
 *
 * Every field a partner types travels as text (numbers too), may be missing or null, and is judged by the rules
 * below, so a half-filled step gets one clear message per field instead of a type error. The rules are pure and
 * take "today" (the London calendar date) so that expiry dates and the age check are testable.
 */

// Spec §9 and §5 constants (part of the contract).

/** The steps of spec §2, in order. E-mail verification follows the submit (its own page). */
export const SIGN_UP_STEPS = ['login', 'details', 'vehicle', 'insurance', 'identity'] as const;
export const SignUpStep = Schema.Literals(SIGN_UP_STEPS);
export type SignUpStep = typeof SignUpStep.Type;

/** Spec §9 insurance minimums, whole pounds: third party 1m, goods in transit 5k, vehicle cover 10k, CMR 50k. */
export const INSURANCE_MINIMUMS_GBP = {
  third_party: 1_000_000,
  goods_in_transit: 5_000,
  vehicle: 10_000,
  cmr: 50_000,
} as const;
export type InsuranceKind = keyof typeof INSURANCE_MINIMUMS_GBP;
export const INSURANCE_KINDS = ['third_party', 'goods_in_transit', 'vehicle', 'cmr'] as const;
/** The largest cover accepted, pounds (kept so the amount in pence fits a 32-bit integer); an upload's too. */
export const MAX_COVER_GBP = MAX_COVER_POUNDS;
/** The document type (schemas/onboarding.ts) each insurance kind is stored as. */
export const INSURANCE_DOCUMENT_TYPES = {
  third_party: 'third_party_insurance',
  goods_in_transit: 'goods_in_transit_insurance',
  vehicle: 'vehicle_insurance',
  cmr: 'cmr_insurance',
} as const;

/** Spec §9 radius options, miles: how far from home the partner works. */
export const OPERATING_RADII_MI = [5, 10, 20, 50, 100, 200] as const;
export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
/** Account types that trade as a company, and so give its name and number. */
export const BUSINESS_ACCOUNT_TYPES: readonly AccountType[] = ['business', 'business_pro'];
export const MIN_PARTNER_AGE_YEARS = 18;
export const MAX_PARTNER_AGE_YEARS = 100;

/** Spec §5 password hint: at least 8 characters, letters and numbers combined. */
export const PASSWORD_MIN_LENGTH = 8;
export const isStrongPassword = (password: string): boolean =>
  [...password].length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(password) && /\d/.test(password);

/** An e-mail as the server keeps it: trimmed, lower case. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A UK mobile or landline: 10 or 11 digits (or +44 and 9 or 10), spaces, dashes and brackets allowed. */
const PHONE_PATTERN = /^(\+44\s?|0)[\d\s()-]{9,16}$/;
const phoneDigits = (phone: string) => phone.replace(/\D/g, '').replace(/^44/, '0');
/** Companies House numbers: 8 digits, or 2 letters (SC, NI, OC …) and 6 digits. */
const COMPANY_NUMBER_PATTERN = /^([0-9]{8}|[A-Z]{2}[0-9]{6})$/;
/** A UK registration mark without its spaces: 2 to 7 letters and digits, with at least one of each. */
const REGISTRATION_PATTERN = /^(?=.*[A-Z])(?=.*\d)[A-Z0-9]{2,7}$/;
/**
 * A GB driving licence number: 5 characters of the surname (padded with 9), 6 digits of the birth date, 2 initials
 * (padded with 9), a digit and 2 check letters, e.g. MORGA753116SM9IJ.
 */
const DRIVING_LICENCE_PATTERN = /^[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z]{2}$/;
/** Control characters (NUL included, which PostgreSQL text cannot hold) have no place in a name or an address. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/**
 * Text the rules refuse, naming its field: a control character, or what PostgreSQL cannot store (common.ts
 * isStorable: a lone surrogate too). The fields decode as any text so that each gets its own message (see above).
 */
const hasBadCharacters = (text: string) => CONTROL_CHARACTERS.test(text) || !isStorable(text);

// Requests.

const MAX_TEXT = 300;
const Text = Schema.String.check(Schema.isMaxLength(MAX_TEXT, { message: `At most ${MAX_TEXT} characters` }));
/**
 * Numbers arrive as typed (text) or as JSON numbers. Every failure reads 'Must be a number': the message is on the
 * union (a value that is neither) and on the length check (text too long).
 */
const NUMBER_LIKE_MESSAGE = 'Must be a number';
const NumberLike = Schema.Union([
  Schema.Number,
  Schema.String.check(Schema.isMaxLength(40, { message: NUMBER_LIKE_MESSAGE })),
]).annotate({ message: NUMBER_LIKE_MESSAGE });
/** A nullable NumberLike: a value that is none of number, text or null is also 'Must be a number'. */
const nullableNumberLike = Schema.NullOr(NumberLike)
  .annotate({ message: NUMBER_LIKE_MESSAGE })
  .pipe(Schema.withDecodingDefaultKey(Effect.succeed(null)));

/** Every field of every step, as sent. A step's check reads only its own fields. */
export const SignUpValues = Schema.Struct({
  // 1 login details
  email: nullable(Text),
  password: nullable(Schema.String.check(Schema.isMaxLength(200, { message: 'At most 200 characters' }))),
  password_confirmation: nullable(Schema.String.check(Schema.isMaxLength(200))),
  // 2 your details
  full_name: nullable(Text),
  phone: nullable(Text),
  account_type: nullable(Text),
  company_name: nullable(Text),
  company_number: nullable(Text),
  address_line_1: nullable(Text),
  postcode: nullable(Text),
  // 3 vehicle and operational information
  vehicle_type: nullable(Text),
  registration_number: nullable(Text),
  make: nullable(Text),
  model: nullable(Text),
  seats: nullableNumberLike,
  loading_capacity_m3: nullableNumberLike,
  total_payload_kg: nullableNumberLike,
  operating_radius_mi: nullableNumberLike,
  days_available: nullable(Schema.Array(Text).check(Schema.isMaxLength(7))),
  // 4 insurance
  third_party_cover: nullableNumberLike,
  third_party_expiry: nullable(Text),
  goods_in_transit_cover: nullableNumberLike,
  goods_in_transit_expiry: nullable(Text),
  vehicle_cover: nullableNumberLike,
  vehicle_expiry: nullable(Text),
  international_work: nullable(Schema.Boolean),
  cmr_cover: nullableNumberLike,
  cmr_expiry: nullable(Text),
  // 5 identity
  date_of_birth: nullable(Text),
  driving_licence_number: nullable(Text),
});
export type SignUpValues = typeof SignUpValues.Type;
export type SignUpField = keyof SignUpValues;

/** The fields each step asks for (the wizard shows them; the server checks them). */
export const STEP_FIELDS: Readonly<Record<SignUpStep, readonly SignUpField[]>> = {
  login: ['email', 'password', 'password_confirmation'],
  details: ['full_name', 'phone', 'account_type', 'company_name', 'company_number', 'address_line_1', 'postcode'],
  vehicle: [
    'vehicle_type',
    'registration_number',
    'make',
    'model',
    'seats',
    'loading_capacity_m3',
    'total_payload_kg',
    'operating_radius_mi',
    'days_available',
  ],
  insurance: [
    'third_party_cover',
    'third_party_expiry',
    'goods_in_transit_cover',
    'goods_in_transit_expiry',
    'vehicle_cover',
    'vehicle_expiry',
    'international_work',
    'cmr_cover',
    'cmr_expiry',
  ],
  identity: ['date_of_birth', 'driving_licence_number'],
};

/** POST /v1/sign-up: every step's fields at once. */
export const SignUpRequest = Schema.Struct({ payload: SignUpValues });
/** POST /v1/sign-up/validate-step: one step's fields (others may come along and are ignored). */
export const ValidateStepRequest = Schema.Struct({
  payload: Schema.Struct({ step: SignUpStep, values: SignUpValues }),
});

// Responses.

export const ValidateStepResponse = Schema.Struct({ ok: Schema.Literal(true) });
export const SignUpResponse = Schema.Struct({
  data: Schema.Struct({ user_id: Schema.Number, email: Schema.String }),
});

// Messages. The server answers with these English texts (spec §8: the first text of a field is shown under it).

/** The labels the messages name (the portal's own labels are `fields.{field}` in the locale files). */
export const FIELD_LABELS: Readonly<Record<SignUpField, string>> = {
  email: 'Email',
  password: 'Password',
  password_confirmation: 'Password confirmation',
  full_name: 'Full name',
  phone: 'Phone',
  account_type: 'Account type',
  company_name: 'Company name',
  company_number: 'Company number',
  address_line_1: 'Address',
  postcode: 'Postcode',
  vehicle_type: 'Vehicle size',
  registration_number: 'Registration',
  make: 'Make',
  model: 'Model',
  seats: 'Seats',
  loading_capacity_m3: 'Loading capacity',
  total_payload_kg: 'Payload',
  operating_radius_mi: 'Operating radius',
  days_available: 'Days available',
  third_party_cover: 'Third party cover',
  third_party_expiry: 'Third party expiry date',
  goods_in_transit_cover: 'Goods in transit cover',
  goods_in_transit_expiry: 'Goods in transit expiry date',
  vehicle_cover: 'Vehicle cover',
  vehicle_expiry: 'Vehicle cover expiry date',
  international_work: 'International work',
  cmr_cover: 'CMR cover',
  cmr_expiry: 'CMR expiry date',
  date_of_birth: 'Date of birth',
  driving_licence_number: 'Driving licence number',
};

const pounds = (amount: number) => `£${amount.toLocaleString('en-GB')}`;

export const SIGN_UP_MESSAGES = {
  // Spec §5 generic: required ('{field} can't be blank'), e-mail ('Email can't be blank' when empty).
  required: (field: SignUpField) => `${FIELD_LABELS[field]} can't be blank`,
  email: 'Email must be a valid e-mail address',
  emailTaken: 'This e-mail is already registered.',
  password: 'Password must be at least 8 characters, with letters and numbers combined',
  confirmed: 'Password confirmation does not match',
  tooLong: (field: SignUpField, max: number) => `${FIELD_LABELS[field]} may not be longer than ${max} characters`,
  characters: (field: SignUpField) => `${FIELD_LABELS[field]} contains characters that are not allowed`,
  phone: 'Phone must be a UK phone number (10 or 11 digits)',
  accountType: 'Account type must be individual, business or business pro',
  companyNumber: 'Company number must be 8 digits, or 2 letters and 6 digits',
  postcode: UK_POSTCODE_MESSAGE,
  postcodeUnknown: 'We do not know this postcode area',
  vehicleType: `Vehicle size must be one of ${VEHICLE_TYPES.join(', ')}`,
  registration: 'Registration must be a UK registration mark (letters and numbers, up to 7)',
  seats: 'Seats must be a whole number from 1 to 9',
  capacity: 'Loading capacity must be more than 0 and at most 40 m³, with at most 2 decimals',
  payload: 'Payload must be a whole number of kilograms from 1 to 5000',
  radius: `Operating radius must be one of ${OPERATING_RADII_MI.join(', ')} miles`,
  days: 'Choose at least one day',
  daysUnknown: 'Days available must be days of the week',
  coverNumber: (field: SignUpField) => `${FIELD_LABELS[field]} must be a whole number of pounds`,
  coverMinimum: (field: SignUpField, minimum: number) => `${FIELD_LABELS[field]} must be at least ${pounds(minimum)}`,
  coverMaximum: (field: SignUpField) => `${FIELD_LABELS[field]} must be at most ${pounds(MAX_COVER_GBP)}`,
  date: (field: SignUpField) => `${FIELD_LABELS[field]} must be a date (yyyy-mm-dd)`,
  expiryPast: (field: SignUpField) => `${FIELD_LABELS[field]} must be in the future`,
  tooYoung: `You must be at least ${MIN_PARTNER_AGE_YEARS} years old`,
  tooOld: 'Date of birth is not plausible',
  drivingLicence: 'Driving licence number must be 16 characters, as on the card (e.g. MORGA753116SM9IJ)',
} as const;

// The rules.

export type FieldErrors = Partial<Record<SignUpField, string[]>>;

const textOf = (value: string | number | boolean | readonly string[] | null): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** A number as typed: digits, an optional decimal part; NaN otherwise. */
const numberOf = (value: string | number | null): number => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  const s = (value ?? '').trim().replace(/,/g, '');
  return /^\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
};

/** The date `years` before `today` (yyyy-mm-dd); 29 February falls back to the 28th. */
export const yearsBefore = (today: string, years: number): string => {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y - years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
};

export const normaliseRegistration = (s: string): string => s.toUpperCase().replace(/\s+/g, '');
export const normaliseLicence = (s: string): string => s.toUpperCase().replace(/\s+/g, '');
export const normalisePostcode = (s: string): string => {
  const compact = s.toUpperCase().replace(/\s+/g, '');
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
};
export const isBusiness = (accountType: string | null): boolean =>
  (BUSINESS_ACCOUNT_TYPES as readonly string[]).includes(accountType ?? '');

type Check = (values: SignUpValues, today: string) => FieldErrors;

const add = (errors: FieldErrors, field: SignUpField, message: string) => {
  (errors[field] ??= []).push(message);
};

/** Required text of at most `max` characters, with no control characters; true when it passed. */
const requiredText = (errors: FieldErrors, values: SignUpValues, field: SignUpField, max: number): boolean => {
  const value = textOf(values[field]);
  if (value === '') add(errors, field, SIGN_UP_MESSAGES.required(field));
  else if ([...value].length > max) add(errors, field, SIGN_UP_MESSAGES.tooLong(field, max));
  else if (hasBadCharacters(value)) add(errors, field, SIGN_UP_MESSAGES.characters(field));
  else return true;
  return false;
};

const checkLogin: Check = (values) => {
  const errors: FieldErrors = {};
  const email = textOf(values.email);
  if (email === '') add(errors, 'email', SIGN_UP_MESSAGES.required('email'));
  else if (email.length > 254 || !EMAIL_PATTERN.test(email) || hasBadCharacters(email))
    add(errors, 'email', SIGN_UP_MESSAGES.email);
  const password = values.password ?? '';
  if (password === '') add(errors, 'password', SIGN_UP_MESSAGES.required('password'));
  // scrypt's HMAC pads a short key with zero bytes (`pw\u0000` would be `pw`), and a lone surrogate hashes as U+FFFD.
  else if (!isStorable(password)) add(errors, 'password', SIGN_UP_MESSAGES.characters('password'));
  else if (!isStrongPassword(password)) add(errors, 'password', SIGN_UP_MESSAGES.password);
  const confirmation = values.password_confirmation ?? '';
  if (confirmation === '') add(errors, 'password_confirmation', SIGN_UP_MESSAGES.required('password_confirmation'));
  else if (confirmation !== password) add(errors, 'password_confirmation', SIGN_UP_MESSAGES.confirmed);
  return errors;
};

const checkDetails: Check = (values) => {
  const errors: FieldErrors = {};
  requiredText(errors, values, 'full_name', 100);
  if (requiredText(errors, values, 'phone', 30)) {
    const phone = textOf(values.phone);
    const digits = phoneDigits(phone);
    if (!PHONE_PATTERN.test(phone) || digits.length < 10 || digits.length > 11)
      add(errors, 'phone', SIGN_UP_MESSAGES.phone);
  }
  const accountType = textOf(values.account_type);
  if (accountType === '') add(errors, 'account_type', SIGN_UP_MESSAGES.required('account_type'));
  else if (!Schema.is(AccountType)(accountType)) add(errors, 'account_type', SIGN_UP_MESSAGES.accountType);
  if (isBusiness(accountType)) {
    requiredText(errors, values, 'company_name', 120);
    if (requiredText(errors, values, 'company_number', 20)) {
      if (!COMPANY_NUMBER_PATTERN.test(textOf(values.company_number).toUpperCase().replace(/\s+/g, '')))
        add(errors, 'company_number', SIGN_UP_MESSAGES.companyNumber);
    }
  }
  requiredText(errors, values, 'address_line_1', 120);
  const postcode = textOf(values.postcode);
  if (postcode === '') add(errors, 'postcode', SIGN_UP_MESSAGES.required('postcode'));
  else if (!UK_POSTCODE_PATTERN.test(normalisePostcode(postcode))) add(errors, 'postcode', SIGN_UP_MESSAGES.postcode);
  return errors;
};

const checkVehicle: Check = (values) => {
  const errors: FieldErrors = {};
  const type = textOf(values.vehicle_type);
  if (type === '') add(errors, 'vehicle_type', SIGN_UP_MESSAGES.required('vehicle_type'));
  else if (!Schema.is(VehicleType)(type)) add(errors, 'vehicle_type', SIGN_UP_MESSAGES.vehicleType);
  if (requiredText(errors, values, 'registration_number', 10)) {
    if (!REGISTRATION_PATTERN.test(normaliseRegistration(textOf(values.registration_number))))
      add(errors, 'registration_number', SIGN_UP_MESSAGES.registration);
  }
  requiredText(errors, values, 'make', 40);
  requiredText(errors, values, 'model', 40);
  const numeric = (
    field: 'seats' | 'loading_capacity_m3' | 'total_payload_kg' | 'operating_radius_mi',
    ok: (n: number) => boolean,
    message: string,
  ) => {
    if (textOf(values[field]) === '') add(errors, field, SIGN_UP_MESSAGES.required(field));
    else if (!ok(numberOf(values[field]))) add(errors, field, message);
  };
  numeric('seats', (n) => Number.isInteger(n) && n >= 1 && n <= 9, SIGN_UP_MESSAGES.seats);
  numeric('loading_capacity_m3', (n) => n > 0 && n <= 40 && Math.round(n * 100) === n * 100, SIGN_UP_MESSAGES.capacity);
  numeric('total_payload_kg', (n) => Number.isInteger(n) && n >= 1 && n <= 5000, SIGN_UP_MESSAGES.payload);
  numeric('operating_radius_mi', (n) => (OPERATING_RADII_MI as readonly number[]).includes(n), SIGN_UP_MESSAGES.radius);
  const days = values.days_available ?? [];
  if (days.length === 0) add(errors, 'days_available', SIGN_UP_MESSAGES.days);
  else if (!days.every((d) => (WEEK_DAYS as readonly string[]).includes(d)))
    add(errors, 'days_available', SIGN_UP_MESSAGES.daysUnknown);
  return errors;
};

/** One insurance kind: its cover (at least the minimum) and its expiry date (after today). */
const checkCover = (errors: FieldErrors, values: SignUpValues, today: string, kind: InsuranceKind) => {
  const coverField = `${kind}_cover` as SignUpField;
  const expiryField = `${kind}_expiry` as SignUpField;
  const raw = values[coverField] as string | number | null;
  const amount = numberOf(raw);
  if (textOf(raw) === '') add(errors, coverField, SIGN_UP_MESSAGES.required(coverField));
  else if (!Number.isInteger(amount)) add(errors, coverField, SIGN_UP_MESSAGES.coverNumber(coverField));
  else if (amount < INSURANCE_MINIMUMS_GBP[kind])
    add(errors, coverField, SIGN_UP_MESSAGES.coverMinimum(coverField, INSURANCE_MINIMUMS_GBP[kind]));
  else if (amount > MAX_COVER_GBP) add(errors, coverField, SIGN_UP_MESSAGES.coverMaximum(coverField));
  const expiry = textOf(values[expiryField]);
  if (expiry === '') add(errors, expiryField, SIGN_UP_MESSAGES.required(expiryField));
  else if (!isCalendarDate(expiry)) add(errors, expiryField, SIGN_UP_MESSAGES.date(expiryField));
  else if (expiry <= today) add(errors, expiryField, SIGN_UP_MESSAGES.expiryPast(expiryField));
};

const checkInsurance: Check = (values, today) => {
  const errors: FieldErrors = {};
  checkCover(errors, values, today, 'third_party');
  checkCover(errors, values, today, 'goods_in_transit');
  checkCover(errors, values, today, 'vehicle');
  // CMR cover is needed for international work only (spec §9 lists its minimum with the others).
  if (values.international_work === true) checkCover(errors, values, today, 'cmr');
  return errors;
};

const checkIdentity: Check = (values, today) => {
  const errors: FieldErrors = {};
  const birth = textOf(values.date_of_birth);
  if (birth === '') add(errors, 'date_of_birth', SIGN_UP_MESSAGES.required('date_of_birth'));
  else if (!isCalendarDate(birth)) add(errors, 'date_of_birth', SIGN_UP_MESSAGES.date('date_of_birth'));
  else if (birth > yearsBefore(today, MIN_PARTNER_AGE_YEARS)) add(errors, 'date_of_birth', SIGN_UP_MESSAGES.tooYoung);
  else if (birth < yearsBefore(today, MAX_PARTNER_AGE_YEARS)) add(errors, 'date_of_birth', SIGN_UP_MESSAGES.tooOld);
  if (requiredText(errors, values, 'driving_licence_number', 20)) {
    if (!DRIVING_LICENCE_PATTERN.test(normaliseLicence(textOf(values.driving_licence_number))))
      add(errors, 'driving_licence_number', SIGN_UP_MESSAGES.drivingLicence);
  }
  return errors;
};

const STEP_CHECKS: Readonly<Record<SignUpStep, Check>> = {
  login: checkLogin,
  details: checkDetails,
  vehicle: checkVehicle,
  insurance: checkInsurance,
  identity: checkIdentity,
};

/** The failing fields of one step (empty when it passes), `today` being the London date yyyy-mm-dd. */
export const checkSignUpStep = (step: SignUpStep, values: SignUpValues, today: string): FieldErrors =>
  STEP_CHECKS[step](values, today);

/** The failing fields of every step. */
export const checkSignUp = (values: SignUpValues, today: string): FieldErrors =>
  Object.assign({}, ...SIGN_UP_STEPS.map((step) => checkSignUpStep(step, values, today))) as FieldErrors;

/** The first step with a failing field, or null. */
export const firstFailingStep = (errors: FieldErrors): SignUpStep | null =>
  SIGN_UP_STEPS.find((step) => STEP_FIELDS[step].some((field) => errors[field] !== undefined)) ?? null;

/** What a checked sign-up stores: the values normalised (call only after checkSignUp found nothing). */
export const normaliseSignUp = (v: SignUpValues) => ({
  email: normaliseEmail(v.email ?? ''),
  password: v.password ?? '',
  fullName: textOf(v.full_name),
  phone: textOf(v.phone),
  accountType: textOf(v.account_type) as AccountType,
  companyName: isBusiness(v.account_type) ? textOf(v.company_name) : null,
  companyNumber: isBusiness(v.account_type) ? textOf(v.company_number).toUpperCase().replace(/\s+/g, '') : null,
  addressLine1: textOf(v.address_line_1),
  postcode: normalisePostcode(textOf(v.postcode)),
  vehicle: {
    type: textOf(v.vehicle_type) as VehicleType,
    registration: normaliseRegistration(textOf(v.registration_number)),
    make: textOf(v.make),
    model: textOf(v.model),
    seats: numberOf(v.seats),
    capacityM3: numberOf(v.loading_capacity_m3),
    payloadKg: numberOf(v.total_payload_kg),
  },
  operatingRadiusMi: numberOf(v.operating_radius_mi),
  daysAvailable: WEEK_DAYS.filter((d) => (v.days_available ?? []).includes(d)),
  insurance: INSURANCE_KINDS.filter((kind) => kind !== 'cmr' || v.international_work === true).map((kind) => ({
    kind,
    coverGbp: numberOf(v[`${kind}_cover`]),
    expiresAt: textOf(v[`${kind}_expiry`]),
  })),
  dateOfBirth: textOf(v.date_of_birth),
  drivingLicenceNumber: normaliseLicence(textOf(v.driving_licence_number)),
});
export type SignUpData = ReturnType<typeof normaliseSignUp>;
