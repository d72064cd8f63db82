import {
  between,
  confirmed,
  decimal2,
  email,
  integer,
  maxLength,
  maxValue,
  minValue,
  oneOf,
  password,
  regex,
  required,
  requiredIf,
  ukPostcode,
  validateForm,
  type Check,
  type FieldValue,
  type FormErrors,
} from '@/machines/forms/form-rules';
import {
  INSURANCE_MINIMUMS_GBP,
  isBusiness,
  MAX_COVER_GBP,
  MIN_PARTNER_AGE_YEARS,
  normaliseLicence,
  normaliseRegistration,
  OPERATING_RADII_MI,
  SIGN_UP_STEPS,
  STEP_FIELDS,
  yearsBefore,
  type InsuranceKind,
  type SignUpField,
  type SignUpStep,
  type SignUpValues,
} from '@/schemas/sign-up';
import { VEHICLE_TYPES } from '@/schemas/vehicle';
import type { SignUpForm } from './sign-up.types';

/**
 * The wizard's own checks, on the form scheme (machines/forms/form-rules.ts; spec §5 generic messages), before a step
 * goes to the server (which has the final word: schemas/sign-up.ts). Rules without a generic word of their own use a
 * field's message override (`validation.{field}.{rule}` in the locale files): a cover's minimum is `min_value` with
 * the amount, an expiry date after today is `min_value` with today, the age is `max_value` with the latest birth date.
 */

export const emptySignUpForm = (): SignUpForm => ({
  email: '',
  password: '',
  password_confirmation: '',
  full_name: '',
  phone: '',
  account_type: '',
  company_name: '',
  company_number: '',
  address_line_1: '',
  postcode: '',
  vehicle_type: '',
  registration_number: '',
  make: '',
  model: '',
  seats: '',
  loading_capacity_m3: '',
  total_payload_kg: '',
  operating_radius_mi: '',
  days_available: [],
  third_party_cover: '',
  third_party_expiry: '',
  goods_in_transit_cover: '',
  goods_in_transit_expiry: '',
  vehicle_cover: '',
  vehicle_expiry: '',
  international_work: false,
  cmr_cover: '',
  cmr_expiry: '',
  date_of_birth: '',
  driving_licence_number: '',
});

const PHONE = /^(\+44\s?|0)[\d\s()-]{9,16}$/;
const COMPANY_NUMBER = /^([0-9]{8}|[A-Za-z]{2}[0-9]{6})$/;
const REGISTRATION = /^(?=.*[A-Z])(?=.*\d)[A-Z0-9]{2,7}$/;
const DRIVING_LICENCE = /^[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z]{2}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A check on a value rewritten first (registration and licence numbers are typed with spaces, in any case). */
const after =
  (rewrite: (s: string) => string, check: Check): Check =>
  (value) =>
    check(typeof value === 'string' ? rewrite(value) : value);

/** A date strictly after `today` (yyyy-mm-dd compare as text). */
const dateAfter =
  (today: string): Check =>
  (value) =>
    typeof value === 'string' && value !== '' && (!ISO_DATE.test(value) || value <= today)
      ? { rule: 'min_value', params: { min: today } }
      : null;
/** A date no later than `latest`. */
const dateAtMost =
  (latest: string): Check =>
  (value) =>
    typeof value === 'string' && value !== '' && (!ISO_DATE.test(value) || value > latest)
      ? { rule: 'max_value', params: { max: latest } }
      : null;
/** Whole pounds, the kind's minimum (spec §9) at least. */
const cover = (kind: InsuranceKind): Check[] => [
  integer,
  minValue(INSURANCE_MINIMUMS_GBP[kind]),
  maxValue(MAX_COVER_GBP),
];
const atLeastOneDay: Check = (value) => (value === '' ? { rule: 'required' } : null);

const checksOf = (form: SignUpForm, today: string): Partial<Record<SignUpField, readonly Check[]>> => {
  const business = isBusiness(form.account_type);
  const international = form.international_work;
  return {
    email: [required, email, maxLength(254)],
    password: [required, password],
    password_confirmation: [required, confirmed(form.password)],
    full_name: [required, maxLength(100)],
    phone: [required, regex(PHONE)],
    account_type: [required, oneOf(['individual', 'business', 'business_pro'])],
    company_name: [requiredIf(business), maxLength(120)],
    company_number: [requiredIf(business), after((s) => s.replace(/\s+/g, ''), regex(COMPANY_NUMBER))],
    address_line_1: [required, maxLength(120)],
    postcode: [required, ukPostcode],
    vehicle_type: [required, oneOf(VEHICLE_TYPES)],
    registration_number: [required, after(normaliseRegistration, regex(REGISTRATION))],
    make: [required, maxLength(40)],
    model: [required, maxLength(40)],
    seats: [required, integer, between(1, 9)],
    loading_capacity_m3: [required, decimal2, between(0.01, 40)],
    total_payload_kg: [required, integer, between(1, 5000)],
    operating_radius_mi: [required, oneOf(OPERATING_RADII_MI.map(String))],
    days_available: [atLeastOneDay],
    third_party_cover: [required, ...cover('third_party')],
    third_party_expiry: [required, dateAfter(today)],
    goods_in_transit_cover: [required, ...cover('goods_in_transit')],
    goods_in_transit_expiry: [required, dateAfter(today)],
    vehicle_cover: [required, ...cover('vehicle')],
    vehicle_expiry: [required, dateAfter(today)],
    cmr_cover: [requiredIf(international), ...cover('cmr')],
    cmr_expiry: [requiredIf(international), dateAfter(today)],
    date_of_birth: [required, dateAtMost(yearsBefore(today, MIN_PARTNER_AGE_YEARS))],
    driving_licence_number: [required, after(normaliseLicence, regex(DRIVING_LICENCE))],
  };
};

/** The form's values as the rules read them (the days as one text, empty when none). */
const ruleValues = (form: SignUpForm): Record<SignUpField, FieldValue> => ({
  ...form,
  days_available: form.days_available.join(','),
  // the CMR fields count only for international work (requiredIf above); when it is off, they are not checked
  ...(form.international_work ? {} : { cmr_cover: '', cmr_expiry: '' }),
});

/** Every field's first broken rule. */
export const checkSignUpForm = (form: SignUpForm, today: string): FormErrors<SignUpField> =>
  validateForm(ruleValues(form), checksOf(form, today));

/** The broken rules of one step's fields only. */
export const stepErrors = (errors: FormErrors<SignUpField>, step: SignUpStep): FormErrors<SignUpField> =>
  Object.fromEntries(STEP_FIELDS[step].filter((f) => errors[f]).map((f) => [f, errors[f]]));

export const isStepClean = (errors: FormErrors<SignUpField>, step: SignUpStep): boolean =>
  Object.keys(stepErrors(errors, step)).length === 0;

export const stepIndex = (step: SignUpStep): number => SIGN_UP_STEPS.indexOf(step);

/** The first step holding one of `fields` (the server's refused fields), else null. */
export const firstStepOf = (fields: readonly string[]): SignUpStep | null =>
  SIGN_UP_STEPS.find((step) => STEP_FIELDS[step].some((f) => fields.includes(f))) ?? null;

/** What the server receives: every field, CMR only for international work, company only for a business. */
export const signUpPayload = (form: SignUpForm): SignUpValues => ({
  ...form,
  days_available: [...form.days_available],
  company_name: isBusiness(form.account_type) ? form.company_name : null,
  company_number: isBusiness(form.account_type) ? form.company_number : null,
  cmr_cover: form.international_work ? form.cmr_cover : null,
  cmr_expiry: form.international_work ? form.cmr_expiry : null,
});
