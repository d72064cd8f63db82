import type { LoginRequest } from '@/schemas/auth';
import type { User } from '@/schemas/user';

/** Message ids of the auth errors; the views translate them (locales/*.json). */
export type AuthErrorId =
  | 'auth.error.credentials'
  | 'auth.error.validation'
  | 'auth.error.rateLimited'
  | 'auth.error.network'
  | 'auth.error.sessionExpired'
  | 'auth.error.unexpected';

export interface AuthError {
  /** What went wrong, as a message id. */
  readonly id: AuthErrorId;
  /** Failing fields of a 422, keyed by field (email, password), first message first. */
  readonly fields: Readonly<Record<string, readonly string[]>>;
}

export interface AuthContext {
  /** The access token in use, or null when signed out. Mirrored in local storage under `_token.local`. */
  token: string | null;
  /** The signed-in user from /v1/user-info. */
  user: User | null;
  /** The last sign-in or renewal failure, shown on the sign-in page. */
  error: AuthError | null;
  /** True after the user signed out themselves: the sign-in page then carries no return path. */
  signedOut: boolean;
}

export interface AuthInput {
  /** The token found in local storage at start-up, if any. */
  readonly token: string | null;
}

export type AuthEvent =
  | ({ type: 'auth.login.submitted' } & LoginRequest)
  /** The API client met a 401 and asks for a re-login (single-flight: ignored while renewing). */
  | { type: 'auth.token.expired' }
  | { type: 'auth.logout.requested' }
  /** An admin acts as the partner `userId` (switch user, spec §6). */
  | { type: 'auth.switchUser.requested'; userId: number }
  /** The admin acting as a partner goes back to their own account. */
  | { type: 'auth.switchUser.cleared' };

export interface Session {
  readonly token: string;
  readonly user: User;
}
