/**
 * Where to send a user back to after login (spec §2): only a safe relative path, never another origin.
 *
 * A safe path begins with exactly one slash, then letters, digits, - _ . ~ / and percent-escapes; an optional
 * query ('?' …) and fragment ('#' …) may also hold = & + , ; : @ ! $ * ? /. Everything else is rejected:
 * absolute and protocol-relative URLs ('//evil', '/\evil'), schemes ('javascript:'), white space,
 * control characters and backslashes anywhere.
 *
 * Percent-escapes are decoded (repeatedly, to defeat double encoding) before the start of the path is
 * checked, so '/%2F%2Fevil' or '/%5Cevil' cannot turn into '//evil' in a router or server that decodes the
 * path before redirecting. Dot segments ('.', '..', or their escapes) are rejected too, because
 * '/.//evil' normalises to the path '//evil'.
 */

const MAX_LENGTH = 2048;
const ESCAPE = '%[0-9A-Fa-f]{2}';
const PATH_CHAR = `(?:[A-Za-z0-9\\-._~/]|${ESCAPE})`;
const QUERY_CHAR = `(?:[A-Za-z0-9\\-._~/=&+,;:@!$*?]|${ESCAPE})`;
const SAFE_RELATIVE = new RegExp(`^/${PATH_CHAR}*(?:\\?${QUERY_CHAR}*)?(?:#${QUERY_CHAR}*)?$`);
const PORTAL_ORIGIN = 'https://portal.example';

/** Decodes percent-escapes until nothing changes; null when an escape is malformed or never settles. */
function fullyDecoded(text: string): string | null {
  let current = text;
  for (let round = 0; round < 5; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

export function isSafeRedirect(path: string): boolean {
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_LENGTH) return false;
  if (!SAFE_RELATIVE.test(path)) return false;

  const pathPart = path.split(/[?#]/, 1)[0] ?? '';
  const decoded = fullyDecoded(pathPart);
  if (decoded === null) return false;
  // After decoding: still one leading slash, no backslash or control character, no dot segments.
  if (!decoded.startsWith('/') || decoded.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(decoded)) return false;
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return false;

  // Belt and braces: the browser's own parser must keep it on our origin with a single-slash path.
  try {
    const url = new URL(path, PORTAL_ORIGIN);
    return url.origin === PORTAL_ORIGIN && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

/** The path to go to after login: `raw` when it is safe, otherwise the home path '/'. */
export function redirectTarget(raw: string | null | undefined): string {
  return typeof raw === 'string' && isSafeRedirect(raw) ? raw : '/';
}
