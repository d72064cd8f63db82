import type { FeatureFlag, Features } from '@/schemas/app-init';
import type { AuthStatus } from '@/machines/auth/auth.selectors';
import { REDIRECT_TARGETS } from './redirect-targets';
import { redirectTarget } from './safe-redirect';

/**
 * Who may open a route (spec §2): anyone, guests only (sign-in), or signed-in users; and, beyond the spec, `admin`:
 * signed-in admins (role `admin`), or every signed-in user of a development build (the machines page).
 */
export type RouteAccess = 'public' | 'guest' | 'auth' | 'admin';

export type AccessDecision =
  | { readonly kind: 'render' }
  | { readonly kind: 'wait' }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'notFound' };

export interface AccessInput {
  readonly access: RouteAccess;
  readonly auth: AuthStatus;
  /** The user signed out themselves: the sign-in page gets no return path. */
  readonly signedOut: boolean;
  /** The requested location inside the base, with its query and fragment (`/reservations?x=1`). */
  readonly location: string;
  /** The `redirect` query parameter of the sign-in page, as typed in the address bar. */
  readonly redirectParam: string | null;
  /**
   * The address bar's fragment (`#a`, or ''): wouter's location holds none. A guest's fragment goes into the return
   * path; on the sign-in page, `?redirect=/find-work?x=1#a` puts `#a` on the sign-in page's own address (a fragment
   * ends the query), so it is the return path's fragment when that has none of its own.
   */
  readonly hash?: string;
  /** Feature flags from app init; null until known. */
  readonly features: Features | null;
  /** The flag this route needs, if any. */
  readonly feature?: FeatureFlag | undefined;
  /** The signed-in user is an admin (for `admin` routes). */
  readonly isAdmin?: boolean;
  /** A development build (`import.meta.env.DEV`): `admin` routes open to every signed-in user. */
  readonly devBuild?: boolean;
}

/**
 * The route guard's rule (spec §2 auth guard and redirect rules), pure so every case is unit-tested:
 * guests go to sign-in with a return path; signed-in users on guest pages go to the return path when
 * it is safe, else home; with the third-party-partner flag off every page but the dashboard goes home;
 * a page whose feature flag is off goes home. An `admin` route is a tool, not a partner page: the partner flags do not
 * apply; a signed-in user who may not use it sees the not-found page, as for an address that does not exist (its
 * existence is not advertised), and a guest goes to sign-in like everywhere else.
 */
export function decideAccess(input: AccessInput): AccessDecision {
  if (input.access === 'public') return { kind: 'render' };
  if (input.auth === 'checking') return { kind: 'wait' };
  const hash = input.hash && input.hash !== '#' ? input.hash : '';
  if (input.access === 'guest') {
    if (input.auth !== 'in') return { kind: 'render' };
    const param = input.redirectParam;
    return { kind: 'redirect', to: redirectTarget(param !== null && !param.includes('#') ? `${param}${hash}` : param) };
  }
  if (input.auth === 'out') {
    const back =
      input.signedOut || (input.location === REDIRECT_TARGETS.home && hash === '')
        ? ''
        : `?redirect=${encodeURIComponent(`${input.location}${hash}`)}`;
    return { kind: 'redirect', to: `${REDIRECT_TARGETS.login}${back}` };
  }
  if (input.access === 'admin') return input.isAdmin || input.devBuild ? { kind: 'render' } : { kind: 'notFound' };
  if (input.features === null) return { kind: 'wait' };
  const atHome = input.location.split(/[?#]/)[0] === REDIRECT_TARGETS.home;
  if (!atHome && input.features.third_party_partner !== true) return { kind: 'redirect', to: REDIRECT_TARGETS.home };
  if (input.feature && input.features[input.feature] !== true) return { kind: 'redirect', to: REDIRECT_TARGETS.home };
  return { kind: 'render' };
}
