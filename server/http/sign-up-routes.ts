import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  ALREADY_VERIFIED,
  LINK_MESSAGES,
  PasswordResetConfirm,
  PasswordResetRequest,
  RESEND_COOLDOWN_S,
  RESEND_TOO_SOON,
  RESET_REQUESTED,
  RESET_TOKEN_TTL_S,
  VERIFICATION_TOKEN_TTL_S,
  VerifyEmailRequest,
  type LinkRefusal,
} from '@/schemas/mail-links';
import {
  checkSignUp,
  checkSignUpStep,
  FIELD_LABELS,
  normaliseEmail,
  normaliseSignUp,
  SIGN_UP_MESSAGES,
  SignUpRequest,
  ValidateStepRequest,
  type FieldErrors,
  type SignUpValues,
} from '@/schemas/sign-up';
import { hashPassword } from '@/server/auth/passwords';
import { createSession, replacePassword } from '@/server/auth/sessions';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { lookUpPlaces } from '@/server/geo/place-lookup';
import { NotFoundError, TOO_MANY_ATTEMPTS, ValidationError } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';
import { clientAddress } from '@/server/http/client-address';
import { createRateLimiter } from '@/server/http/rate-limiter';
import { readBody } from '@/server/http/read-body';
import { requireToken } from '@/server/http/require-token';
import { requireSameOrigin } from '@/server/http/same-origin-guard';
import { writeSessionCookie } from '@/server/http/session-cookie';
import { mailLink } from '@/server/mail/links';
import { findMail, listMails, outboxOptionsOf, sendMail } from '@/server/mail/outbox';
import { passwordResetMail, verificationMail } from '@/server/mail/templates';
import { createPartner } from '@/server/sign-up/create-partner';
import {
  issueMailToken,
  lastResendAt,
  resetMailsSince,
  retireMailTokens,
  useMailToken,
} from '@/server/sign-up/mail-tokens';
import { signUpLimitsOf } from '@/server/sign-up/sign-up-limits';
import { londonDate } from '@/server/time/london';

const tooManyAttempts = (c: Context, retryAfterS: number) => {
  c.header('Retry-After', String(retryAfterS));
  return c.json(TOO_MANY_ATTEMPTS, 429);
};

/** A link from a mail that cannot be used: 422 with the reason word (`code`) and the text under `token`. */
const linkRefused = (c: Context, reason: LinkRefusal) =>
  c.json({ message: LINK_MESSAGES[reason], code: reason, errors: { token: [LINK_MESSAGES[reason]] } }, 422);

const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/**
 * Partner sign-up, e-mail verification and password reset (spec §2; shapes and rules in schemas/sign-up.ts), and
 * the developers' outbox. Mounted before the /v1 bearer check: sign-up, verify and the password reset are for people
 * without a session; resend carries its own bearer check. Every route is registered with its method (no `use`), so
 * the authorization matrix sees each one.
 *
 * - POST /v1/sign-up/validate-step and POST /v1/sign-up are public and cookie-setting (sign-up answers with a session
 *   like /login), so both refuse cross-origin calls. E-mail look-ups (the "already registered" answer tells whether an
 *   address has an account, as every sign-up form must) are throttled per client address, and so are the accounts
 *   created.
 * - GET /v1/email-verification/status and POST /v1/email-verification/resend: signed in; a resend at most once a
 *   minute (429 with Retry-After; the status tells the seconds left, for a page opened during the wait).
 * - POST /v1/email-verification/verify and /v1/password-reset/confirm: public; the token in the link is the key
 *   (32 random bytes, SHA-256 stored, single use; 24 hours and 1 hour).
 * - POST /v1/password-reset/request: public, same-origin, throttled per address; always 202 with the same body,
 *   whether or not the account exists; at most a few mails per account an hour (further requests send nothing).
 * - GET /dev/outbox (`?to=`) and /dev/outbox/{id}: only when config.devOutbox (DEV_OUTBOX=1, never in production):
 *   they hand every mail's link to whoever asks.
 *
 * The links in mails are on the configured origin (server/mail/links.ts), never on the request's Host.
 */
export const signUpRoutes = (db: Db, config: Config) => {
  const routes = new Hono<AppEnv>();
  const sameOrigin = requireSameOrigin(config);
  const signedIn = requireToken(db, config);
  const limits = signUpLimitsOf(config);
  const accountsByAddress = createRateLimiter(limits.accountsPerAddress, config.now);
  const emailChecksByAddress = createRateLimiter(limits.emailChecksPerAddress, config.now);
  const resetRequestsByAddress = createRateLimiter(limits.resetRequestsPerAddress, config.now);
  const outbox = outboxOptionsOf(config);
  const link = (page: string, token: string) => mailLink(config, page, token);

  /** Adds the look-ups to the rule check: the e-mail must be new, the postcode's area known. Null: throttled. */
  const lookUp = async (
    c: Context,
    values: SignUpValues,
    errors: FieldErrors,
    fields: { email: boolean; postcode: boolean },
  ) => {
    if (fields.email && !errors.email) {
      const address = clientAddress(c, config);
      const wait = emailChecksByAddress.retryAfterS(address);
      if (wait > 0) return wait;
      emailChecksByAddress.hit(address);
      const { rows } = await db.query('select 1 from users where email = $1', [normaliseEmail(values.email ?? '')]);
      if (rows.length > 0) errors.email = [SIGN_UP_MESSAGES.emailTaken];
    }
    if (fields.postcode && !errors.postcode && lookUpPlaces(values.postcode ?? '', 1).length === 0)
      errors.postcode = [SIGN_UP_MESSAGES.postcodeUnknown];
    return 0;
  };

  routes.post('/v1/sign-up/validate-step', sameOrigin, async (c) => {
    const { step, values } = (await readBody(c, ValidateStepRequest, 'ValidateStepRequest')).payload;
    const errors = checkSignUpStep(step, values, londonDate(config.now()));
    const wait = await lookUp(c, values, errors, { email: step === 'login', postcode: step === 'details' });
    if (wait > 0) return tooManyAttempts(c, wait);
    if (hasErrors(errors)) throw new ValidationError(errors as Record<string, string[]>);
    return c.json({ ok: true as const });
  });

  routes.post('/v1/sign-up', sameOrigin, async (c) => {
    const address = clientAddress(c, config);
    const accountsWait = accountsByAddress.retryAfterS(address);
    if (accountsWait > 0) return tooManyAttempts(c, accountsWait);
    const values = (await readBody(c, SignUpRequest, 'SignUpRequest')).payload;
    const now = config.now();
    const errors = checkSignUp(values, londonDate(now));
    const wait = await lookUp(c, values, errors, { email: true, postcode: true });
    if (wait > 0) return tooManyAttempts(c, wait);
    if (hasErrors(errors)) throw new ValidationError(errors as Record<string, string[]>);

    const data = normaliseSignUp(values);
    const home = lookUpPlaces(data.postcode, 1)[0];
    if (!home) throw new ValidationError({ postcode: [SIGN_UP_MESSAGES.postcodeUnknown] });
    const passwordHash = await hashPassword(data.password);
    const verifyLink = (token: string) => link('verify-email', token);
    const userId = await db.transaction(async (tx) => {
      const id = await createPartner(tx, data, passwordHash, home, now);
      if (id === null) return null;
      const token = await issueMailToken(tx, id, 'verify_email', now, VERIFICATION_TOKEN_TTL_S);
      await sendMail(tx, outbox, verificationMail(data.email, data.fullName, verifyLink(token)));
      return id;
    });
    // Taken between the check and the insert (two tabs): the unique index answered.
    if (userId === null) throw new ValidationError({ email: [SIGN_UP_MESSAGES.emailTaken] });
    accountsByAddress.hit(address);
    const sessionId = await createSession(db, userId, now, config.sessionTtlS);
    writeSessionCookie(c, sessionId, config.sessionTtlS);
    return c.json({ data: { user_id: userId, email: data.email } }, 201);
  });

  /** Seconds until the user may ask for the verification mail again (0: now). */
  const resendInS = async (userId: number, now: Date) => {
    const last = await lastResendAt(db, userId);
    return last ? Math.max(0, Math.ceil((last.getTime() + RESEND_COOLDOWN_S * 1000 - now.getTime()) / 1000)) : 0;
  };

  routes.get('/v1/email-verification/status', signedIn, async (c) => {
    const { userId } = c.var.signedIn;
    const { rows } = await db.query<{ email: string; verified: boolean }>(
      'select email, email_verified_at is not null as verified from users where id = $1',
      [userId],
    );
    const user = rows[0];
    if (!user) throw new NotFoundError('user');
    const resend_in_s = user.verified ? 0 : await resendInS(userId, config.now());
    return c.json({ data: { email: user.email, email_verified: user.verified, resend_in_s } });
  });

  routes.post('/v1/email-verification/resend', signedIn, async (c) => {
    const { userId } = c.var.signedIn;
    const now = config.now();
    const { rows } = await db.query<{ email: string; full_name: string; verified: boolean }>(
      'select email, full_name, email_verified_at is not null as verified from users where id = $1',
      [userId],
    );
    const user = rows[0];
    if (!user) throw new NotFoundError('user');
    if (user.verified) return c.json({ message: ALREADY_VERIFIED, code: 'verified' }, 409);
    const waitS = await resendInS(userId, now);
    if (waitS > 0) {
      c.header('Retry-After', String(waitS));
      return c.json({ message: RESEND_TOO_SOON, retry_after_s: waitS }, 429);
    }
    await db.transaction(async (tx) => {
      const token = await issueMailToken(tx, userId, 'verify_email', now, VERIFICATION_TOKEN_TTL_S, true);
      await sendMail(tx, outbox, verificationMail(user.email, user.full_name, link('verify-email', token)));
    });
    return c.json({ data: { sent: true as const, retry_after_s: RESEND_COOLDOWN_S } });
  });

  routes.post('/v1/email-verification/verify', async (c) => {
    const { token } = (await readBody(c, VerifyEmailRequest, 'VerifyEmailRequest')).payload;
    const now = config.now();
    const used = await useMailToken(db, token, 'verify_email', now);
    if ('refused' in used) return linkRefused(c, used.refused);
    await db.query('update users set email_verified_at = coalesce(email_verified_at, $2) where id = $1', [
      used.userId,
      now,
    ]);
    await retireMailTokens(db, used.userId, 'verify_email', now);
    return c.json({ data: { email_verified: true as const } });
  });

  routes.post('/v1/password-reset/request', sameOrigin, async (c) => {
    const { email: typed } = (await readBody(c, PasswordResetRequest, 'PasswordResetRequest')).payload;
    const errors = checkSignUpStep('login', { ...EMPTY_VALUES, email: typed }, londonDate(config.now()));
    if (errors.email) throw new ValidationError({ email: errors.email });
    // Only a well-formed e-mail counts (it is looked up and may be mailed): a malformed request costs nothing.
    const address = clientAddress(c, config);
    const wait = resetRequestsByAddress.retryAfterS(address);
    if (wait > 0) return tooManyAttempts(c, wait);
    resetRequestsByAddress.hit(address);
    const now = config.now();
    const { rows } = await db.query<{ id: number; email: string; full_name: string }>(
      'select id, email, full_name from users where email = $1',
      [normaliseEmail(typed)],
    );
    const user = rows[0];
    const window = limits.resetMailsPerAccount;
    if (user && (await resetMailsSince(db, user.id, new Date(now.getTime() - window.windowS * 1000))) < window.limit) {
      await db.transaction(async (tx) => {
        const token = await issueMailToken(tx, user.id, 'reset_password', now, RESET_TOKEN_TTL_S);
        await sendMail(tx, outbox, passwordResetMail(user.email, user.full_name, link('password-reset', token)));
      });
    }
    return c.json({ message: RESET_REQUESTED }, 202);
  });

  routes.post('/v1/password-reset/confirm', async (c) => {
    const { token, password, password_confirmation } = (await readBody(c, PasswordResetConfirm, 'PasswordResetConfirm'))
      .payload;
    // The password is judged first, so a refused password leaves the link usable for the next try.
    const errors = checkSignUpStep(
      'login',
      { ...EMPTY_VALUES, email: 'unused@example.com', password, password_confirmation },
      londonDate(config.now()),
    );
    if (hasErrors(errors)) throw new ValidationError(errors as Record<string, string[]>);
    const now = config.now();
    const used = await useMailToken(db, token, 'reset_password', now);
    if ('refused' in used) return linkRefused(c, used.refused);
    const passwordHash = await hashPassword(password ?? '');
    await db.transaction(async (tx) => {
      // Whoever held the old password is signed out everywhere: every session and every token of the account ends.
      await replacePassword(tx, used.userId, passwordHash, now, null);
      await retireMailTokens(tx, used.userId, 'reset_password', now);
    });
    return c.json({ ok: true as const });
  });

  if (config.devOutbox) {
    routes.get('/dev/outbox', async (c) => {
      const to = c.req.query('to');
      // PostgreSQL text cannot hold NUL: such an address has no mail.
      if (to?.includes('\u0000')) return c.json({ data: [] });
      return c.json({ data: await listMails(db, { ...(to ? { to } : {}), limit: 50 }) });
    });
    routes.get('/dev/outbox/:id', async (c) => {
      const id = Number(c.req.param('id'));
      const mail = Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? await findMail(db, id) : null;
      if (!mail) throw new NotFoundError('mail');
      return c.json({ data: mail });
    });
  }

  return routes;
};

/** Every sign-up field empty: the base of the single-field checks above. */
const EMPTY_VALUES = Object.fromEntries(Object.keys(FIELD_LABELS).map((f) => [f, null])) as unknown as SignUpValues;
