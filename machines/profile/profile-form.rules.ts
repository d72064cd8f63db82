import {
  maxLength,
  oneOf,
  regex,
  required,
  ukPostcode,
  validateForm,
  type Check,
  type FormErrors,
} from '@/machines/forms/form-rules';
import {
  COMPANY_NUMBER_PATTERN,
  DEFAULT_ACCOUNT_PREFERENCES,
  isPhone,
  MAX_COMPANY_NAME,
  MAX_FULL_NAME,
  PROFILE_LANGUAGES,
  WEEK_STARTS,
  type AccountPreferences,
  type Profile,
} from '@/schemas/profile';
import { RADIUS_OPTIONS_MILES } from '@/schemas/place';
import type { ProfileEdit } from '@/src/api/profile';
import type { EditField, PreferenceField } from './profile.types';

/** A phone number as typed (schemas/profile.ts isPhone), under the generic `regex` rule (its message is the field's). */
const phone: Check = (value) =>
  typeof value !== 'string' || value.trim() === '' || isPhone(value.trim()) ? null : { rule: 'regex' };

/** The edit form's rules: the server's (schemas/profile.ts ProfileUpdate), so a valid form is not refused. */
const EDIT_CHECKS: Readonly<Record<EditField, readonly Check[]>> = {
  full_name: [required, maxLength(MAX_FULL_NAME)],
  phone: [phone],
  company_name: [maxLength(MAX_COMPANY_NAME)],
  company_number: [regex(COMPANY_NUMBER_PATTERN)],
  postcode: [required, ukPostcode],
};

export const validateEdit = (values: Readonly<Record<EditField, string>>): FormErrors<EditField> =>
  validateForm(values, EDIT_CHECKS);

/** The edit form's values for a profile: what is stored, '' where nothing is. */
export const editValuesOf = (profile: Profile): Record<EditField, string> => ({
  full_name: profile.full_name,
  phone: profile.phone ?? '',
  company_name: profile.company_name ?? '',
  company_number: profile.company_number ?? '',
  postcode: profile.address?.postcode ?? '',
});

/** What PUT /v1/profile takes from a valid form. */
export const editOfValues = (values: Readonly<Record<EditField, string>>): ProfileEdit => ({ ...values });

/** Each select's value must be one of its options (a select cleared to none is `required`). */
const PREFERENCE_CHECKS: Readonly<Record<PreferenceField, readonly Check[]>> = {
  language: [required, oneOf(PROFILE_LANGUAGES)],
  default_search_radius: [required, oneOf(RADIUS_OPTIONS_MILES.map(String))],
  week_start: [required, oneOf(WEEK_STARTS)],
};

export const validatePreferences = (values: Readonly<Record<PreferenceField, string>>): FormErrors<PreferenceField> =>
  validateForm(values, PREFERENCE_CHECKS);

export const preferenceValuesOf = (profile: Profile): Record<PreferenceField, string> => ({
  language: profile.language,
  default_search_radius: String(profile.default_search_radius),
  week_start: profile.week_start,
});

/** What PUT /v1/profile/preferences takes: the selects' values (never other than their options). */
export const preferencesOfValues = (values: Readonly<Record<PreferenceField, string>>): AccountPreferences => ({
  language: values.language === 'es' ? 'es' : 'en',
  default_search_radius: (Number(values.default_search_radius) ||
    DEFAULT_ACCOUNT_PREFERENCES.default_search_radius) as AccountPreferences['default_search_radius'],
  week_start: values.week_start === 'sunday' ? 'sunday' : 'monday',
});
