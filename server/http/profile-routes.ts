import { Hono } from 'hono';
import { AccountPreferencesRequest, HistoryQuery, ProfileUpdateRequest, RatingsQuery } from '@/schemas/profile';
import { NotificationPreferencesRequest } from '@/schemas/notification-preferences';
import { checkPasswordChange, PASSWORD_CHANGE_MESSAGES, PasswordChangeRequest } from '@/schemas/password-change';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { TOO_MANY_ATTEMPTS, ValidationError } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';
import { createRateLimiter } from '@/server/http/rate-limiter';
import { readBody } from '@/server/http/read-body';
import { readQuery } from '@/server/http/read-query';
import { loadNotificationPreferences, saveNotificationPreferences } from '@/server/profile/notification-preferences';
import { changePassword } from '@/server/profile/password-change';
import { loadProfile, updateAccountPreferences, updateProfile } from '@/server/profile/profile-store';
import { loadRatings } from '@/server/profile/ratings';
import { loadHistory, loadStatistics } from '@/server/profile/statistics';

/**
 * The partner's own account (issue 8; shapes and rules in schemas/profile.ts, the work in server/profile/): profile,
 * account preferences, ratings and reviews, statistics, history, notification preferences. Mounted at /v1, behind
 * app.ts's requireToken; every route reads or writes the signed-in user only (`c.var.signedIn.userId`), so there is
 * no id to probe and nothing of another partner to reach.
 */
export const profileRoutes = (db: Db, config: Config) => {
  const routes = new Hono<AppEnv>();
  const me = (c: { var: AppEnv['Variables'] }) => c.var.signedIn.userId;
  // Wrong current passwords per account, with sign-in's limit per account and address: a token alone must not be a
  // way to guess the password at leisure.
  const wrongCurrentPasswords = createRateLimiter(config.rateLimits.loginFailuresPerAccountAndAddress, config.now);

  routes.get('/profile', async (c) => c.json({ data: await loadProfile(db, me(c)) }));

  routes.put('/profile', async (c) => {
    const { payload } = await readBody(c, ProfileUpdateRequest, 'ProfileUpdateRequest');
    return c.json({ data: await updateProfile(db, me(c), payload, config.now()) });
  });

  routes.put('/profile/preferences', async (c) => {
    const { payload } = await readBody(c, AccountPreferencesRequest, 'AccountPreferencesRequest');
    return c.json({ data: await updateAccountPreferences(db, me(c), payload) });
  });

  // Ends every other session of the account and their tokens (server/profile/password-change.ts).
  routes.put('/profile/password', async (c) => {
    if (c.var.signedIn.impersonatorId !== null) return c.json({ message: PASSWORD_CHANGE_MESSAGES.impersonating }, 403);
    const key = String(me(c));
    const wait = wrongCurrentPasswords.retryAfterS(key);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return c.json(TOO_MANY_ATTEMPTS, 429);
    }
    const { payload } = await readBody(c, PasswordChangeRequest, 'PasswordChangeRequest');
    const errors = checkPasswordChange(payload);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    // Counted before the current password is checked, so parallel guesses cannot all slip under the limit.
    wrongCurrentPasswords.hit(key);
    const outcome = await changePassword(db, c.var.signedIn, payload, config.now());
    if (!outcome.ok) throw new ValidationError({ current_password: [PASSWORD_CHANGE_MESSAGES.currentWrong] });
    wrongCurrentPasswords.clear(key);
    return c.json({ ok: true as const });
  });

  routes.get('/ratings', async (c) => {
    const { page } = readQuery(c, RatingsQuery, 'RatingsQuery');
    return c.json({ data: await loadRatings(db, me(c), page, config.now()) });
  });

  routes.get('/statistics', async (c) => c.json({ data: await loadStatistics(db, me(c), config.now()) }));

  routes.get('/history', async (c) => {
    const { page } = readQuery(c, HistoryQuery, 'HistoryQuery');
    return c.json({ data: await loadHistory(db, me(c), page) });
  });

  routes.get('/notification-preferences', async (c) => c.json({ data: await loadNotificationPreferences(db, me(c)) }));

  routes.put('/notification-preferences', async (c) => {
    const { payload } = await readBody(c, NotificationPreferencesRequest, 'NotificationPreferencesRequest');
    return c.json({ data: await saveNotificationPreferences(db, me(c), payload.preferences, config.now()) });
  });

  return routes;
};
