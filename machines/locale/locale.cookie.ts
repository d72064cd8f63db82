import type { PortalLocale } from '@/src/format/locale-codes';

/** Name of the cookie that remembers the chosen locale. */
export const LOCALE_COOKIE = 'i18n_locale';
/** 365 days, in seconds (spec §9). */
export const LOCALE_COOKIE_MAX_AGE = 31_536_000;

/**
 * The `document.cookie` assignment that stores the locale: path '/', SameSite=Lax, or SameSite=None with
 * Secure when the portal runs cross-origin (spec §9; browsers drop SameSite=None without Secure).
 */
export function serializeLocaleCookie(code: PortalLocale, options: { crossOrigin?: boolean } = {}): string {
  const sameSite = options.crossOrigin ? 'SameSite=None; Secure' : 'SameSite=Lax';
  return `${LOCALE_COOKIE}=${code}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; ${sameSite}`;
}

/** The stored locale value from a cookie header or `document.cookie`, or null. Not checked against the table. */
export function readLocaleCookie(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.split('=');
    if (name?.trim() === LOCALE_COOKIE) {
      const value = rest.join('=').trim();
      try {
        return value === '' ? null : decodeURIComponent(value);
      } catch {
        return null;
      }
    }
  }
  return null;
}
