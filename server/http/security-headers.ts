import type { MiddlewareHandler } from 'hono';
import { isHttps } from '@/server/http/request-origin';

/**
 * The portal's Content-Security-Policy. The Vite build has no inline <script> or <style> (index.html links its
 * hashed files), and React writes inline styles through element.style, which style-src does not govern — so no
 * 'unsafe-inline' anywhere. The find-work map's MapLibre worker is a file of the build (setWorkerUrl in
 * src/pages/find-work/map/results-map.tsx), so worker-src needs no blob:, and the map draws no images (no tiles,
 * no sprites) so img-src needs none either; index.html's icon is `data:,` and maplibre-gl.css's icons are data: SVGs.
 * One inline stylesheet is allowed by its hash: the fixed touch-action rule React Aria's usePress injects
 * (react-aria 1.x, `[data-react-aria-pressable] { touch-action: pan-x pan-y pinch-zoom }`). If a new
 * React Aria changes that text, e2e/content-security.spec.ts fails and names the new hash.
 */
const REACT_ARIA_PRESS_STYLE = "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${REACT_ARIA_PRESS_STYLE}`,
  "worker-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every response, whatever its route or status. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // frame-ancestors 'none' for browsers that predate it.
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/** One year; only sent over https (an HSTS header over plain http is ignored by browsers anyway). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Sets SECURITY_HEADERS, and HSTS over https, on every response — including 404s, 413s, 429s and the 500 of an
 * unexpected error (those are produced inside `next()`, so they pass through here too).
 */
export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  if (isHttps(c)) c.res.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
};
