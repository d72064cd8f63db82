/**
 * The locale table of spec §3. Every locale the wider product knows has a code, an ISO tag (used with Intl)
 * and the request-language value sent to the API; only `PORTAL_LOCALES` have message files in this portal.
 */
export const LOCALES = [
  { code: 'en', iso: 'en-GB', requestLanguage: 'en_GB', currency: 'GBP' },
  { code: 'ie', iso: 'en-IE', requestLanguage: 'en_IE', currency: 'GBP' },
  { code: 'us', iso: 'en-US', requestLanguage: 'en_US', currency: 'GBP' },
  { code: 'de', iso: 'de-DE', requestLanguage: 'de_DE', currency: 'EUR' },
  { code: 'it', iso: 'it-IT', requestLanguage: 'it_IT', currency: 'EUR' },
  { code: 'fr', iso: 'fr-FR', requestLanguage: 'fr_FR', currency: 'EUR' },
  { code: 'es', iso: 'es-ES', requestLanguage: 'es_ES', currency: 'EUR' },
] as const;

export type LocaleEntry = (typeof LOCALES)[number];
/** Any locale code of the product: en, ie, us, de, it, fr, es. */
export type LocaleCode = LocaleEntry['code'];
/** ISO tag handed to Intl, e.g. 'en-GB'. */
export type LocaleIso = LocaleEntry['iso'];
/** Value of the request language (Accept-Language) header, e.g. 'en_GB'. */
export type RequestLanguage = LocaleEntry['requestLanguage'];
export type CurrencyCode = LocaleEntry['currency'];

/** The locales that have message files in the portal (spec §9: en and es). */
export const PORTAL_LOCALES = ['en', 'es'] as const;
export type PortalLocale = (typeof PORTAL_LOCALES)[number];

export const DEFAULT_LOCALE: PortalLocale = 'en';

/** Display time zone for every date and time (values are stored in UTC). */
export const DISPLAY_TIME_ZONE = 'Europe/London';

const byCode = new Map<string, LocaleEntry>(LOCALES.map((entry) => [entry.code, entry]));

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && byCode.has(value);
}

export function isPortalLocale(value: unknown): value is PortalLocale {
  return typeof value === 'string' && (PORTAL_LOCALES as readonly string[]).includes(value);
}

function entryOf(code: LocaleCode): LocaleEntry {
  const entry = byCode.get(code);
  if (!entry) throw new Error(`Unknown locale code ${String(code)}`);
  return entry;
}

/** ISO tag for Intl: isoFor('es') === 'es-ES'. */
export function isoFor(code: LocaleCode): LocaleIso {
  return entryOf(code).iso;
}

/** GBP for en, ie and us; EUR for de, es, it and fr. */
export function currencyFor(code: LocaleCode): CurrencyCode {
  return entryOf(code).currency;
}

/** Request-language value: requestLanguage('es') === 'es_ES'. */
export function requestLanguage(code: LocaleCode): RequestLanguage {
  return entryOf(code).requestLanguage;
}
