import fc from 'fast-check';

/**
 * The values that once reached the database and answered 500, for the fuzz tests of the request schemas (grep
 * hostile-values in server/): text PostgreSQL cannot store, numbers no integer column holds, and numbers in
 * disguise. Generic generators (fc.jsonValue, fc.integer, fc.string) almost never draw them: fc.integer() stays within
 * int32, JSON.stringify writes -0 as 0, and a NUL in a random string sits next to other mistakes that fail first.
 */

/** A NUL (U+0000) and, by sign, where it sits in the text. */
const NUL = '\u0000';
/** Lone surrogates: a high one with no low one after it, a low one with no high one before it, a pair reversed. */
export const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800'] as const;

/** `text` with `bad` put at its start, its end, in its middle, or in its place. */
const spoil = (text: string, bad: string, where: number): string => {
  if (where === 0) return bad + text;
  if (where === 1) return text + bad;
  if (where === 2) return text.slice(0, text.length >> 1) + bad + text.slice(text.length >> 1);
  return bad;
};

/** `text` with a NUL or a lone surrogate somewhere in it: text PostgreSQL cannot store (a text column or jsonb). */
export const unstorable = (text: string) =>
  fc
    .tuple(fc.constantFrom(NUL, ...LONE_SURROGATES, `${NUL}${NUL}`), fc.integer({ min: 0, max: 3 }))
    .map(([bad, where]) => spoil(text, bad, where));

/** Any text with a NUL or a lone surrogate in it. */
export const unstorableText = fc.string({ maxLength: 20 }).chain(unstorable);

/**
 * Numbers as their JSON text, so that the body carries them exactly: past int4 (2^31), int8 and the safe integers;
 * negative ones; -0 (JSON.stringify would write 0); 1e400 (JSON.parse reads Infinity); tiny and fractional ones.
 */
export const RAW_NUMBERS = [
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '9223372036854775808',
  '1e21',
  '1.7976931348623157e308',
  '1e400',
  '-1e400',
  '-2147483648',
  '-2147483649',
  '-9007199254740993',
  '-1',
  '-0',
  '0',
  '-0.0',
  '0.5',
  '1.0000000000000002',
  '5e-324',
  '1e-400',
  '123456789012345678901234567890',
] as const;

/** Text that looks like a number, or like none: where a number is expected (and in a query or a form, as the value). */
export const NUMBERISH_TEXT = [
  'NaN',
  'nan',
  'Infinity',
  '-Infinity',
  '+Infinity',
  'undefined',
  'null',
  'true',
  '1',
  '0',
  '-0',
  '+1',
  '01',
  '1.0',
  '1e3',
  '0x10',
  '0b1',
  '1_000',
  ' 1',
  '1 ',
  '',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '-2147483649',
  '1e400',
] as const;

/** A number past what an int4 column holds, as a JSON number (fc.integer() never draws one). */
export const hugeInteger = fc.oneof(
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -(2 ** 31) - 1 }),
  fc.constantFrom(2 ** 31, 2 ** 32, 2 ** 53, Number.MAX_SAFE_INTEGER + 1, Number.MAX_SAFE_INTEGER + 2, 1e21, 1e308),
);

/**
 * A JSON value of one of the hostile classes, for a field of any type: text with a NUL or a lone surrogate, a huge or
 * negative integer, and the number-like text. (The raw forms -0 and 1e400 need `RAW_NUMBERS` and `withRawNumbers`.)
 */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  unstorableText,
  hugeInteger,
  fc.constantFrom(...NUMBERISH_TEXT),
  fc.constantFrom(-1, 0.5, -(2 ** 31), Number.MIN_VALUE, -Number.MAX_VALUE),
);

/** A stand-in for a raw number in a value about to be stringified (JSON.stringify cannot write -0 or 1e400). */
const RAW_MARK = '\u0001raw:';
export const rawNumber = (text: (typeof RAW_NUMBERS)[number]) => `${RAW_MARK}${text}`;
/** JSON.stringify, writing each rawNumber() stand-in as its number text. */
export const withRawNumbers = (value: unknown): string =>
  JSON.stringify(value).replace(/"\\u0001raw:([^"]*)"/g, (_match, text: string) => text);
