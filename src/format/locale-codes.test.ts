import { describe, expect, it } from 'vitest';
import {
  LOCALES,
  PORTAL_LOCALES,
  currencyFor,
  isLocaleCode,
  isPortalLocale,
  isoFor,
  requestLanguage,
} from '@/src/format/locale-codes';

describe('locale codes', () => {
  it.each([
    ['en', 'en-GB', 'en_GB', 'GBP'],
    ['ie', 'en-IE', 'en_IE', 'GBP'],
    ['us', 'en-US', 'en_US', 'GBP'],
    ['de', 'de-DE', 'de_DE', 'EUR'],
    ['it', 'it-IT', 'it_IT', 'EUR'],
    ['fr', 'fr-FR', 'fr_FR', 'EUR'],
    ['es', 'es-ES', 'es_ES', 'EUR'],
  ] as const)('maps %s to %s, request language %s and currency %s', (code, iso, language, currency) => {
    expect(isoFor(code)).toBe(iso);
    expect(requestLanguage(code)).toBe(language);
    expect(currencyFor(code)).toBe(currency);
  });

  it('holds exactly the seven codes of the spec', () => {
    expect(LOCALES.map((l) => l.code)).toEqual(['en', 'ie', 'us', 'de', 'it', 'fr', 'es']);
  });

  it('offers only en and es in the portal', () => {
    expect(PORTAL_LOCALES).toEqual(['en', 'es']);
    expect(isPortalLocale('es')).toBe(true);
    expect(isPortalLocale('de')).toBe(false);
    expect(isPortalLocale(undefined)).toBe(false);
  });

  it('recognises locale codes and rejects others', () => {
    expect(isLocaleCode('fr')).toBe(true);
    expect(isLocaleCode('en-GB')).toBe(false);
    expect(isLocaleCode('')).toBe(false);
    expect(() => isoFor('xx' as never)).toThrow('Unknown locale code xx');
  });
});
