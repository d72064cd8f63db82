import type { IntlShape } from 'react-intl';
import type { FieldError } from '@/machines/forms/form-rules';

/**
 * A refused field in words, by spec §5's lookup: `validation.{field}.{rule}` when the field has its own text, else the
 * generic `validation.{rule}`, with `{field}` = the field's label from `fields.{field}` (else the field's name) and the
 * rule's params ({min}, {max}, {length}, {size}, {types}).
 */
export function validationMessage(intl: IntlShape, field: string, error: FieldError): string {
  const own = `validation.${field}.${error.rule}`;
  const id = intl.messages[own] !== undefined ? own : `validation.${error.rule}`;
  return intl.formatMessage({ id }, { ...error.params, field: fieldLabel(intl, field) });
}

/** The label of a field: `fields.{field}`, else its name. */
export function fieldLabel(intl: IntlShape, field: string): string {
  const id = `fields.${field}`;
  return intl.messages[id] !== undefined ? intl.formatMessage({ id }) : field;
}
