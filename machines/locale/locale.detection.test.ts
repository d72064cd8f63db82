import { describe, expect, it } from 'vitest';
import { PORTAL_LOCALES, type PortalLocale } from '@/src/format/locale-codes';
import {
  detectLocale,
  localeFromHost,
  localeFromPath,
  matchLanguages,
  scoreLanguage,
  withoutLocalePrefix,
} from '@/machines/locale/locale.detection';
import type { DetectionInput } from '@/machines/locale/locale.detection';

const base: DetectionInput<PortalLocale> = {
  cookie: null,
  languages: [],
  pathname: '/tpp/',
  hostname: 'portal.example',
  available: PORTAL_LOCALES,
  fallback: 'en',
};

describe('scoreLanguage', () => {
  it('scores an exact iso or code match 1 and a language-only match 0.999 at the top of the list', () => {
    expect(scoreLanguage('es-ES', 'es')).toBe(1);
    expect(scoreLanguage('es', 'es')).toBe(1);
    expect(scoreLanguage('ES-es', 'es')).toBe(1);
    expect(scoreLanguage('es_ES', 'es')).toBe(1);
    expect(scoreLanguage('es-MX', 'es')).toBe(0.999);
    expect(scoreLanguage('en-US', 'en')).toBe(0.999);
  });

  it('deducts index / length for position', () => {
    expect(scoreLanguage('es-ES', 'es', 1, 4)).toBe(0.75);
    expect(scoreLanguage('es-MX', 'es', 2, 4)).toBeCloseTo(0.499, 10);
  });

  it('scores 0 for another language or an empty tag', () => {
    expect(scoreLanguage('fr-FR', 'es')).toBe(0);
    expect(scoreLanguage('', 'en')).toBe(0);
    expect(scoreLanguage('e', 'es')).toBe(0);
  });
});

describe('matchLanguages', () => {
  it('prefers an exact match to a language-only one at the same position', () => {
    expect(matchLanguages(['en-US', 'en-GB'], PORTAL_LOCALES)).toBe('en');
    expect(matchLanguages(['es-ES'], ['en', 'es'])).toBe('es');
  });

  it('lets the earlier language win over a later exact match', () => {
    expect(matchLanguages(['es-MX', 'en-GB'], PORTAL_LOCALES)).toBe('es');
    expect(matchLanguages(['fr-FR', 'en-US', 'es-ES'], PORTAL_LOCALES)).toBe('en');
  });

  it('gives null when nothing matches', () => {
    expect(matchLanguages(['fr-FR', 'de'], PORTAL_LOCALES)).toBeNull();
    expect(matchLanguages([], PORTAL_LOCALES)).toBeNull();
  });
});

describe('localeFromPath and localeFromHost', () => {
  it.each([
    ['/tpp/es/find-work', 'es'],
    ['/es/find-work', 'es'],
    ['/tpp/en', 'en'],
    ['/tpp/de/find-work', null],
    ['/tpp/find-work', null],
    ['/find-work/es', null],
    ['/', null],
  ] as const)('path %s → %s', (path, expected) => {
    expect(localeFromPath(path, PORTAL_LOCALES)).toBe(expected);
  });

  it.each([
    ['portal.example.es', 'es'],
    ['portal.example.com', 'en'],
    ['portal.example.co.uk', 'en'],
    ['portal.example.com.', 'en'],
    ['portal.example.de', null],
    ['localhost', null],
  ] as const)('host %s → %s', (host, expected) => {
    expect(localeFromHost(host, PORTAL_LOCALES)).toBe(expected);
  });
});

describe('withoutLocalePrefix', () => {
  it.each([
    ['/tpp/es/find-work', '/tpp/find-work'],
    ['/tpp/es/work/listing/12', '/tpp/work/listing/12'],
    ['/tpp/es/', '/tpp/'],
    ['/tpp/es', '/tpp/'],
    ['/es/work', '/work'],
    ['/tpp/find-work', null],
    ['/tpp/de/find-work', null],
    ['/tpp/', null],
  ] as const)('%s → %s', (pathname, expected) => {
    expect(withoutLocalePrefix(pathname, PORTAL_LOCALES)).toBe(expected);
  });
});

describe('detectLocale', () => {
  it.each<[string, Partial<DetectionInput<PortalLocale>>, PortalLocale]>([
    [
      'an address that names a language wins over everything',
      { cookie: 'en', languages: ['en-GB'], pathname: '/tpp/es/find-work', hostname: 'a.com' },
      'es',
    ],
    [
      'the cookie wins over the browser and the domain',
      { cookie: 'es', languages: ['en-GB'], pathname: '/tpp/find-work', hostname: 'a.com' },
      'es',
    ],
    ['an unknown cookie is ignored', { cookie: 'xx', languages: ['es-ES'] }, 'es'],
    ['a cookie for a locale without messages is ignored', { cookie: 'de', languages: ['es-ES'] }, 'es'],
    ['an empty cookie is ignored', { cookie: '', pathname: '/tpp/es/' }, 'es'],
    ['an exact first choice beats a language-only second', { languages: ['es-ES', 'en-US'] }, 'es'],
    ['a language-only match counts', { languages: ['es-MX'] }, 'es'],
    ['the position penalty favours the first language', { languages: ['fr-FR', 'es-AR', 'en-GB'] }, 'es'],
    ['the path beats the browser languages', { languages: ['en-GB'], pathname: '/tpp/es/find-work' }, 'es'],
    ['browser languages beat the domain', { languages: ['en-GB'], hostname: 'portal.example.es' }, 'en'],
    ['a bare path prefix is used too', { pathname: '/es/work' }, 'es'],
    ['the path beats the domain', { pathname: '/tpp/en/x', hostname: 'portal.example.es' }, 'en'],
    ['the domain suffix is used when nothing else matches', { hostname: 'portal.example.es' }, 'es'],
    ['.co.uk gives English', { hostname: 'portal.example.co.uk' }, 'en'],
    ['the fallback is used last', { languages: ['ja-JP'], hostname: 'localhost' }, 'en'],
  ])('%s', (_label, overrides, expected) => {
    expect(detectLocale({ ...base, ...overrides })).toBe(expected);
  });

  it('returns the given fallback when nothing matches', () => {
    expect(detectLocale({ ...base, fallback: 'es' })).toBe('es');
  });
});
