import { describe, expect, it } from 'vitest';
import {
  alpha,
  alphaDash,
  alphaNum,
  alphaSpaces,
  between,
  confirmed,
  decimal2,
  digits,
  email,
  excluded,
  hasErrors,
  image,
  integer,
  maxLength,
  maxValue,
  mimes,
  minLength,
  minValue,
  numeric,
  oneOf,
  password,
  regex,
  required,
  requiredIf,
  size,
  ukPostcode,
  validateForm,
} from './form-rules';

/** Spec §5's generic rules at their boundaries. */
describe('form rules', () => {
  it('required refuses empty, blank and unticked values only', () => {
    expect(required('')).toEqual({ rule: 'required' });
    expect(required('   ')).toEqual({ rule: 'required' });
    expect(required(null)).toEqual({ rule: 'required' });
    expect(required(false)).toEqual({ rule: 'required' });
    expect(required('a')).toBeNull();
    expect(required(true)).toBeNull();
    expect(required(0)).toBeNull();
  });

  it('leaves an empty value to required: every other rule passes it', () => {
    for (const check of [email, alpha, numeric, minLength(3), minValue(1), ukPostcode, password, digits(4)])
      expect(check('')).toBeNull();
  });

  it('checks e-mail addresses', () => {
    expect(email('dan@example.com')).toBeNull();
    expect(email('dan@example')).toEqual({ rule: 'email' });
    expect(email('dan example.com')).toEqual({ rule: 'email' });
  });

  it('checks the letter classes, with letters of any language', () => {
    expect(alpha('Muñoz')).toBeNull();
    expect(alpha('Dan1')).toEqual({ rule: 'alpha' });
    expect(alphaDash('van_2-b')).toBeNull();
    expect(alphaDash('van 2')).toEqual({ rule: 'alpha_dash' });
    expect(alphaNum('AB12')).toBeNull();
    expect(alphaNum('AB-12')).toEqual({ rule: 'alpha_num' });
    expect(alphaSpaces('José Luis')).toBeNull();
    expect(alphaSpaces('José-Luis')).toEqual({ rule: 'alpha_spaces' });
  });

  it('checks numbers, integers and at most 2 decimal places', () => {
    expect(numeric('12.5')).toBeNull();
    expect(numeric('12,5')).toEqual({ rule: 'numeric' });
    expect(integer('12')).toBeNull();
    expect(integer('12.0')).toEqual({ rule: 'integer' });
    expect(decimal2('12.34')).toBeNull();
    expect(decimal2('12.345')).toEqual({ rule: 'decimal' });
  });

  it('checks lengths and values at their bounds, with the bound as a param', () => {
    expect(minLength(3)('abc')).toBeNull();
    expect(minLength(3)('ab')).toEqual({ rule: 'min', params: { length: 3 } });
    expect(maxLength(3)('abc')).toBeNull();
    expect(maxLength(3)('abcd')).toEqual({ rule: 'max', params: { length: 3 } });
    expect(minValue(1)('1')).toBeNull();
    expect(minValue(1)('0.99')).toEqual({ rule: 'min_value', params: { min: 1 } });
    expect(maxValue(40)('40')).toBeNull();
    expect(maxValue(40)('40.01')).toEqual({ rule: 'max_value', params: { max: 40 } });
    expect(between(1, 9)('9')).toBeNull();
    expect(between(1, 9)('10')).toEqual({ rule: 'between', params: { min: 1, max: 9 } });
    expect(minValue(1)('abc')).toEqual({ rule: 'min_value', params: { min: 1 } });
    expect(digits(4)('1234')).toBeNull();
    expect(digits(4)('123')).toEqual({ rule: 'digits', params: { length: 4 } });
  });

  it('checks the UK postcode of spec §5, case-insensitive', () => {
    expect(ukPostcode('M1 4BT')).toBeNull();
    expect(ukPostcode('ec1a 1bb')).toBeNull();
    expect(ukPostcode('M14BT')).toEqual({ rule: 'postcode' });
  });

  it('checks the password hint: at least 8 characters, letters and numbers combined', () => {
    expect(password('abcdefg1')).toBeNull();
    expect(password('abcdef1')).toEqual({ rule: 'password' });
    expect(password('abcdefgh')).toEqual({ rule: 'password' });
    expect(password('12345678')).toEqual({ rule: 'password' });
  });

  it('checks confirmation, choices, patterns and conditional requirement', () => {
    expect(confirmed('secret12')('secret12')).toBeNull();
    expect(confirmed('secret12')('secret13')).toEqual({ rule: 'confirmed' });
    expect(oneOf(['swb', 'mwb'])('mwb')).toBeNull();
    expect(oneOf(['swb', 'mwb'])('lwb')).toEqual({ rule: 'oneOf' });
    expect(excluded(['admin'])('admin')).toEqual({ rule: 'excluded' });
    expect(regex(/^[A-Z]{2}\d{2}/)('AB12 CDE')).toBeNull();
    expect(regex(/^[A-Z]{2}\d{2}/)('12AB')).toEqual({ rule: 'regex' });
    expect(requiredIf(true)('')).toEqual({ rule: 'required_if' });
    expect(requiredIf(false)('')).toBeNull();
  });

  it('checks files: size in KB, extension and images', () => {
    const tenMb = 10 * 1024;
    expect(size(tenMb)({ name: 'a.pdf', size: tenMb * 1024 })).toBeNull();
    expect(size(tenMb)({ name: 'a.pdf', size: tenMb * 1024 + 1 })).toEqual({ rule: 'size', params: { size: tenMb } });
    expect(mimes(['pdf', 'png'])({ name: 'scan.PDF', size: 1 })).toBeNull();
    expect(mimes(['pdf', 'png'])({ name: 'scan.exe', size: 1 })).toEqual({
      rule: 'mimes',
      params: { types: 'pdf, png' },
    });
    expect(image({ name: 'van.jpeg', size: 1 })).toBeNull();
    expect(image({ name: 'van.pdf', size: 1 })).toEqual({ rule: 'image' });
  });

  it('validates a form: the first failing rule of each field, passing fields absent', () => {
    const errors = validateForm(
      { email: '', password: 'short1', name: 'Dan' },
      { email: [required, email], password: [required, password], name: [required] },
    );
    expect(errors).toEqual({ email: { rule: 'required' }, password: { rule: 'password' } });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(validateForm({ name: 'Dan' }, { name: [required] }))).toBe(false);
  });
});
