/** Where the access token lives between reloads (spec §9: local storage, prefixes `_token.` and `_refresh_token.`). */
const TOKEN_KEY = '_token.local';
const REFRESH_KEY = '_refresh_token.local';

export const tokenStorage = {
  load(): string | null {
    try {
      return localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  save(token: string): void {
    localStorage.setItem(TOKEN_KEY, token);
  },
  /** Logout clears both; the refresh token is never issued by the cookie grant, but a stale one is removed too. */
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(REFRESH_KEY);
  },
};
