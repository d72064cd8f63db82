import type { SignedIn } from '@/server/auth/sessions';

/** Hono context of the API: `signedIn` is set by requireToken on every /v1 route. */
export interface AppEnv {
  Variables: { signedIn: SignedIn };
}
