import { Schema, SchemaTransformation } from 'effect';

/**
 * UK postcodes as partners type them (spec §5), shared by every form with an address. A module of its own, so that a
 * page with a postcode field loads this and not the schemas it sits beside.
 */

/** Spec §5: 1-3 letters, optional digit, optional letter or digit, a space, a digit and two letters. */
export const UK_POSTCODE_PATTERN = /^[A-Z]{1,3}[0-9]?[A-Z0-9]? [0-9][A-Z]{2}$/i;
export const UK_POSTCODE_MESSAGE = 'Please Enter a Valid UK Postcode';
/** A full UK postcode (trimmed, upper-cased). Whether it is a mainland one is a reservation rule (code 101). */
export const UkPostcode = Schema.Trim.pipe(
  Schema.decodeTo(Schema.String.check(Schema.isUppercased()), SchemaTransformation.toUpperCase()),
  Schema.check(Schema.makeFilter((s: string) => UK_POSTCODE_PATTERN.test(s), { message: UK_POSTCODE_MESSAGE })),
);
