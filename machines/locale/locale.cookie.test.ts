import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE, readLocaleCookie, serializeLocaleCookie } from '@/machines/locale/locale.cookie';

describe('locale cookie', () => {
  it('is stored for 365 days on / with SameSite=Lax', () => {
    expect(LOCALE_COOKIE).toBe('i18n_locale');
    expect(serializeLocaleCookie('es')).toBe('i18n_locale=es; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('uses SameSite=None; Secure cross-origin', () => {
    expect(serializeLocaleCookie('en', { crossOrigin: true })).toBe(
      'i18n_locale=en; Max-Age=31536000; Path=/; SameSite=None; Secure',
    );
  });

  it('reads the value back from a cookie header', () => {
    expect(readLocaleCookie('a=1; i18n_locale=es; b=2')).toBe('es');
    expect(readLocaleCookie('i18n_locale=en')).toBe('en');
    expect(readLocaleCookie('xi18n_locale=es; b=2')).toBeNull();
    expect(readLocaleCookie('i18n_locale=')).toBeNull();
    expect(readLocaleCookie('i18n_locale=%E0')).toBeNull();
    expect(readLocaleCookie('')).toBeNull();
    expect(readLocaleCookie(undefined)).toBeNull();
  });
});
