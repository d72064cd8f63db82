import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeRedirect, redirectTarget } from '@/src/app/safe-redirect';

const ORIGIN = 'https://portal.example';

describe('isSafeRedirect', () => {
  it.each([
    '/',
    '/find-work',
    '/reservations/create',
    '/work/listing/123',
    '/journey/abc-DEF_1.2~x',
    '/find-work?tab=auction&page=2',
    '/find-work?q=a+b,c&sort=date:asc',
    '/work#top',
    '/work?x=1#section-2',
    '/search/caf%C3%A9',
    '/?next=/payments',
    '/a/b/',
  ])('accepts the relative path %j', (path) => {
    expect(isSafeRedirect(path)).toBe(true);
    expect(redirectTarget(path)).toBe(path);
  });

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/tpp'],
    ['backslash', '/\\evil'],
    ['double backslash', '/\\\\evil'],
    ['backslash later in the path', '/a\\b'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['javascript scheme after a slash', '/javascript:alert(1)'],
    ['http URL', 'http://evil.example'],
    ['https URL', 'https://x'],
    ['data URL', 'data:text/html,<script>'],
    ['empty', ''],
    ['leading space', ' /x'],
    ['trailing new line', '/x\n'],
    ['tab inside', '/x\ty'],
    ['carriage return', '/x\r\nLocation: //evil'],
    ['NUL', '/x\u0000'],
    ['DEL', '/x\u007f'],
    ['no leading slash', 'find-work'],
    ['dot relative', './find-work'],
    ['encoded slash after the first slash', '/%2F%2Fevil'],
    ['encoded lower-case slash', '/%2f%2fevil'],
    ['encoded backslash', '/%5Cevil'],
    ['double-encoded slash', '/%252F%252Fevil'],
    ['encoded control character', '/x%0Ay'],
    ['malformed escape', '/x%zz'],
    ['lone percent', '/100%'],
    ['dot segment', '/.//evil'],
    ['dot-dot segment', '/a/../..//evil'],
    ['encoded dot segment', '/%2e/%2fevil'],
    ['space', '/find work'],
    ['quote', '/x"onload'],
    ['angle bracket', '/<script>'],
    ['at sign in path', '/@evil.example'],
    ['unicode slash look-alike', '/\u2215evil'],
    ['full-width solidus', '/\uff0fevil'],
    ['too long', `/${'a'.repeat(3000)}`],
  ])('rejects %s: %j', (_label, path) => {
    expect(isSafeRedirect(path)).toBe(false);
    expect(redirectTarget(path)).toBe('/');
  });

  it('sends null and undefined home', () => {
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget(undefined)).toBe('/');
  });
});

describe('redirectTarget property', () => {
  const hostile = fc.oneof(
    fc.string({ unit: 'grapheme-ascii' }),
    fc.string({ unit: 'binary' }),
    fc
      .array(
        fc.constantFrom(
          '/',
          '\\',
          '%2F',
          '%5C',
          '%25',
          '.',
          '..',
          ':',
          '@',
          '?',
          '#',
          'evil',
          'a',
          ' ',
          '\t',
          '\n',
          '%0A',
          'http:',
          '//',
        ),
        {
          maxLength: 8,
        },
      )
      .map((parts) => parts.join('')),
    fc.webUrl().map((url) => url.replace(/^https?:/, '')),
    fc.webPath(),
  );

  it('only ever gives "/" or a single-slash path on the portal origin', () => {
    fc.assert(
      fc.property(hostile, (raw) => {
        const result = redirectTarget(raw);
        expect(
          result === '/' || (result.startsWith('/') && !result.startsWith('//') && !result.startsWith('/\\')),
        ).toBe(true);
        const url = new URL(result, ORIGIN);
        expect(url.origin).toBe(ORIGIN);
        expect(url.pathname.startsWith('//')).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps ordinary generated paths', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,11}$/).filter((s) => s !== '.' && s !== '..');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join('/')}`;
        expect(redirectTarget(path)).toBe(path);
      }),
    );
  });
});
