import { isoFor, isLocaleCode, type LocaleCode } from '@/src/format/locale-codes';

/** What start-up knows when it picks a locale (spec §4). */
export interface DetectionInput<C extends LocaleCode = LocaleCode> {
  /** Value of the stored locale cookie, if any. */
  cookie?: string | null;
  /** The browser's preferred languages, most preferred first (navigator.languages). */
  languages?: readonly string[];
  /** Current path, e.g. '/tpp/es/find-work'. */
  pathname?: string;
  /** Current host name, e.g. 'portal.example.es'. */
  hostname?: string;
  /** Codes that can be chosen, e.g. PORTAL_LOCALES. */
  available: readonly C[];
  /** Used when nothing else matches. */
  fallback: C;
}

/** The portal's base path; a locale prefix may follow it ('/tpp/es/…') or stand alone ('/es/…'). */
const BASE_SEGMENT = 'tpp';

// Last label of a host name to the locale it implies ('.com' and '.co.uk' are English).
const DOMAIN_SUFFIX: Record<string, LocaleCode> = {
  com: 'en',
  uk: 'en',
  ie: 'ie',
  us: 'us',
  de: 'de',
  it: 'it',
  fr: 'fr',
  es: 'es',
};

/**
 * Scores one browser language against one locale code, following the upstream i18n module the spec
 * describes: an exact match ('es-ES' against iso es-ES, or 'es' against code es) scores 1 and a
 * language-only match ('es-MX' against es-ES) scores 0.999, each minus a position penalty of
 * index / length of the list. No match scores 0.
 *
 * The penalty applies to both kinds, so the user's order wins: ['es-MX', 'en-GB'] picks es (0.999 against
 * 0.5); an exact match only beats a language-only one at the same position.
 */
export function scoreLanguage(language: string, code: LocaleCode, index = 0, count = 1): number {
  const wanted = language.trim().toLowerCase().replace(/_/g, '-');
  if (wanted === '') return 0;
  const iso = isoFor(code).toLowerCase();
  const penalty = count > 0 ? index / count : 0;
  if (wanted === iso || wanted === code) return 1 - penalty;
  const primary = wanted.split('-')[0];
  if (primary === iso.split('-')[0]) return 0.999 - penalty;
  return 0;
}

/** Best available code for the browser's language list, or null when none scores above 0. */
export function matchLanguages<C extends LocaleCode>(languages: readonly string[], available: readonly C[]): C | null {
  let best: { code: C; score: number } | null = null;
  languages.forEach((language, index) => {
    for (const code of available) {
      const score = scoreLanguage(language, code, index, languages.length);
      if (score > 0 && (best === null || score > best.score)) best = { code, score };
    }
  });
  return (best as { code: C; score: number } | null)?.code ?? null;
}

function pick<C extends LocaleCode>(value: string | undefined | null, available: readonly C[]): C | null {
  const lower = value?.trim().toLowerCase();
  return isLocaleCode(lower) && (available as readonly string[]).includes(lower) ? (lower as C) : null;
}

/** The locale named by the first path segment, after the optional '/tpp' base: '/tpp/es/x' → es. */
export function localeFromPath<C extends LocaleCode>(pathname: string, available: readonly C[]): C | null {
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0] === BASE_SEGMENT ? segments[1] : segments[0];
  return pick(first, available);
}

/**
 * The address without its locale prefix ('/tpp/es/find-work' → '/tpp/find-work'), or null when it has none. The
 * portal's pages carry no prefix (spec §9: no URL prefix), so start-up opens the page itself, in that language.
 */
export function withoutLocalePrefix<C extends LocaleCode>(pathname: string, available: readonly C[]): string | null {
  if (localeFromPath(pathname, available) === null) return null;
  const segments = pathname.split('/');
  // ['', 'tpp', 'es', …] or ['', 'es', …]: drop the code's segment, keep the base and the rest
  const at = segments[1] === BASE_SEGMENT ? 2 : 1;
  const rest = [...segments.slice(0, at), ...segments.slice(at + 1)].join('/');
  const base = segments[1] === BASE_SEGMENT ? `/${BASE_SEGMENT}/` : '/';
  return rest.length > base.length ? rest : base;
}

/** The locale implied by the host's last label: '.es' → es, '.com' and '.co.uk' → en. */
export function localeFromHost<C extends LocaleCode>(hostname: string, available: readonly C[]): C | null {
  const label = hostname.trim().toLowerCase().replace(/\.$/, '').split('.').pop() ?? '';
  return pick(DOMAIN_SUFFIX[label], available);
}

/**
 * Picks the start-up locale (spec §4, §9), first match wins:
 * 1. a path prefix whose first segment (after '/tpp') is an available code: an address that names a language
 *    (`/tpp/es/find-work`, a link in a Spanish mail) is a choice made on purpose, so it beats what was stored before,
 *    and is stored in turn;
 * 2. the stored cookie, when it names an available code;
 * 3. the browser language list, scored by `scoreLanguage`, best score above 0;
 * 4. the domain suffix;
 * 5. the fallback.
 */
export function detectLocale<C extends LocaleCode>(input: DetectionInput<C>): C {
  const { available } = input;
  return (
    localeFromPath(input.pathname ?? '', available) ??
    pick(input.cookie, available) ??
    matchLanguages(input.languages ?? [], available) ??
    localeFromHost(input.hostname ?? '', available) ??
    input.fallback
  );
}
