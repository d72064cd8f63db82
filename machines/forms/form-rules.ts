import { UK_POSTCODE_PATTERN } from '@/schemas/postcode';

/**
 * The generic form rules of spec §5 (required, e-mail, alpha…, between, digits, numeric, integer, min and max
 * length, min_value, max_value, size, image, mimes, regex, confirmed, oneOf, excluded, required_if, 2 decimals),
 * plus the portal's own: the password hint (at least 8 characters, letters and numbers combined) and the UK
 * postcode. Pure: machines keep `values`, `errors` and `touched` in context and call `validateForm`; the views turn
 * a FieldError into words with src/forms/validation-message.ts (validation.{field}.{rule}, then validation.{rule}).
 */

/** Every rule, in spec §5's order then the portal's own; each has its generic message `validation.{rule}`. */
export const RULES = [
  'required',
  'email',
  'alpha',
  'alpha_dash',
  'alpha_num',
  'alpha_spaces',
  'between',
  'digits',
  'numeric',
  'integer',
  'decimal',
  'min',
  'max',
  'min_value',
  'max_value',
  'size',
  'image',
  'mimes',
  'regex',
  'confirmed',
  'oneOf',
  'excluded',
  'required_if',
  'password',
  'postcode',
] as const;
export type Rule = (typeof RULES)[number];

/** Why a field is refused: the rule and the values its message names ({min}, {max}, {length}, {size}, {types}). */
export interface FieldError {
  readonly rule: Rule;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** A field's value as forms hold it: text from inputs, a boolean from a checkbox, a File from a file input. */
export type FieldValue =
  string | boolean | number | null | undefined | { readonly name: string; readonly size: number };

/** One rule: null when the value passes. Rules other than `required` pass an empty value (required decides). */
export type Check = (value: FieldValue) => FieldError | null;

const isEmpty = (value: FieldValue) =>
  value === null || value === undefined || value === false || (typeof value === 'string' && value.trim() === '');

const text = (value: FieldValue) => (typeof value === 'string' ? value.trim() : String(value ?? ''));

/** A check on the text of a non-empty value. */
const onText =
  (rule: Rule, ok: (s: string) => boolean, params?: FieldError['params']): Check =>
  (value) => {
    if (isEmpty(value)) return null;
    return ok(text(value)) ? null : params ? { rule, params } : { rule };
  };

/** Numbers as partners type them: digits with an optional sign and decimal point. */
const NUMBER = /^-?\d+(\.\d+)?$/;
const asNumber = (s: string) => (NUMBER.test(s) ? Number(s) : Number.NaN);

// One e-mail shape for the portal: something@host.tld, no spaces. The server has the final word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const fileName = (value: FieldValue) =>
  value !== null && typeof value === 'object' && 'name' in value ? value.name : null;
const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** The spec §5 image extensions. */
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'gif', 'png'] as const;

export const required: Check = (value) => (isEmpty(value) ? { rule: 'required' } : null);
export const email = onText('email', (s) => EMAIL.test(s));
export const alpha = onText('alpha', (s) => /^\p{L}+$/u.test(s));
export const alphaDash = onText('alpha_dash', (s) => /^[\p{L}\p{N}_-]+$/u.test(s));
export const alphaNum = onText('alpha_num', (s) => /^[\p{L}\p{N}]+$/u.test(s));
export const alphaSpaces = onText('alpha_spaces', (s) => /^[\p{L}\s]+$/u.test(s));
export const numeric = onText('numeric', (s) => NUMBER.test(s));
export const integer = onText('integer', (s) => /^-?\d+$/.test(s));
/** Spec §5: numeric fields may have 2 decimal places. */
export const decimal2 = onText('decimal', (s) => /^-?\d+(\.\d{1,2})?$/.test(s));
export const digits = (length: number) => onText('digits', (s) => new RegExp(`^\\d{${length}}$`).test(s), { length });
export const minLength = (length: number) => onText('min', (s) => [...s].length >= length, { length });
export const maxLength = (length: number) => onText('max', (s) => [...s].length <= length, { length });
export const minValue = (min: number) => onText('min_value', (s) => asNumber(s) >= min, { min });
export const maxValue = (max: number) => onText('max_value', (s) => asNumber(s) <= max, { max });
export const between = (min: number, max: number) =>
  onText('between', (s) => asNumber(s) >= min && asNumber(s) <= max, { min, max });
export const regex = (pattern: RegExp) => onText('regex', (s) => pattern.test(s));
export const oneOf = (allowed: readonly string[]) => onText('oneOf', (s) => allowed.includes(s));
export const excluded = (refused: readonly string[]) => onText('excluded', (s) => !refused.includes(s));
/** Spec §5 UK postcode, with its own message ('Please Enter a Valid UK Postcode'). */
export const ukPostcode = onText('postcode', (s) => UK_POSTCODE_PATTERN.test(s));
/** Spec §5 password hint: at least 8 characters, letters and numbers combined. */
export const password = onText('password', (s) => [...s].length >= 8 && /\p{L}/u.test(s) && /\d/.test(s));
/** Equal to the other field's value (a password confirmation). */
export const confirmed =
  (other: FieldValue): Check =>
  (value) =>
    isEmpty(value) || text(value) === text(other) ? null : { rule: 'confirmed' };
/** Required only when `condition` holds (required_if). */
export const requiredIf =
  (condition: boolean): Check =>
  (value) =>
    condition && isEmpty(value) ? { rule: 'required_if' } : null;

/** A file no larger than `kb` kilobytes (size under N KB). */
export const size =
  (kb: number): Check =>
  (value) =>
    value !== null && typeof value === 'object' && value.size > kb * 1024
      ? { rule: 'size', params: { size: kb } }
      : null;
/** A file whose extension is one of `extensions` (mimes). */
export const mimes =
  (extensions: readonly string[]): Check =>
  (value) => {
    const name = fileName(value);
    return name === null || extensions.includes(extensionOf(name))
      ? null
      : { rule: 'mimes', params: { types: extensions.join(', ') } };
  };
/** An image file (spec §5: jpeg, jpg, gif, png). */
export const image: Check = (value) => {
  const name = fileName(value);
  return name === null || (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name))
    ? null
    : { rule: 'image' };
};

export type FormErrors<F extends string> = Partial<Record<F, FieldError>>;

/** Each field's first failing check, in the order given; fields that pass are absent. */
export function validateForm<F extends string>(
  values: Readonly<Record<F, FieldValue>>,
  checks: Readonly<Partial<Record<F, readonly Check[]>>>,
): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const field of Object.keys(checks) as F[]) {
    for (const check of checks[field] ?? []) {
      const error = check(values[field]);
      if (error) {
        errors[field] = error;
        break;
      }
    }
  }
  return errors;
}

export const hasErrors = (errors: Readonly<Record<string, FieldError | undefined>>) =>
  Object.values(errors).some((e) => e !== undefined);
