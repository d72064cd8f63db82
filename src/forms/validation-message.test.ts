import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import { RULES } from '@/machines/forms/form-rules';
import { validationMessage } from './validation-message';

const english = createIntl({ locale: 'en-GB', messages: en });
const spanish = createIntl({ locale: 'es-ES', messages: es });

/** Spec §5's message lookup: validation.{field}.{rule}, then validation.{rule}, labels from fields.{field}. */
describe('validationMessage', () => {
  it('uses the generic text with the label of the field', () => {
    expect(validationMessage(english, 'full_name', { rule: 'required' })).toBe("Full name can't be blank");
    expect(validationMessage(spanish, 'full_name', { rule: 'required' })).toBe('Nombre completo no puede estar vacío');
  });

  it("uses the field's own text when it has one", () => {
    expect(validationMessage(english, 'email', { rule: 'required' })).toBe("Email can't be blank");
  });

  it('fills in the params of the rule', () => {
    expect(validationMessage(english, 'password', { rule: 'min', params: { length: 8 } })).toBe(
      'Password must be at least 8 characters',
    );
  });

  it("falls back to the field's name when it has no label", () => {
    expect(validationMessage(english, 'widget', { rule: 'numeric' })).toBe('widget must be a number');
  });

  it('has a generic text for every rule in both languages', () => {
    for (const rule of RULES) {
      expect(english.messages[`validation.${rule}`], rule).toBeDefined();
      expect(spanish.messages[`validation.${rule}`], rule).toBeDefined();
    }
  });

  it("gives the UK postcode rule spec §5's text", () => {
    expect(validationMessage(english, 'postcode', { rule: 'postcode' })).toBe('Please Enter a Valid UK Postcode');
  });
});
