import { Schema } from 'effect';
import { StorableText } from './common';
import { isStrongPassword, SIGN_UP_MESSAGES } from './sign-up';

/**
 * Changing the password from the profile (spec §2 "account and preferences"), signed in: the current password, the
 * new one twice. Not shown in the spec; this is its design:
 *
 *   PUT /v1/profile/password   PasswordChangeRequest → PasswordChanged   (422 per field, 429 after too many wrong
 *                                                                        current passwords, 403 while switched user)
 *
 * The change ends every other session of the account and their tokens; the session that made it stays signed in.
 */

export const PasswordChangeRequest = Schema.Struct({
  payload: Schema.Struct({
    // no NUL or lone surrogate: the hash would not tell `pw` from `pw\u0000`
    current_password: StorableText.check(Schema.isMaxLength(200)),
    password: StorableText.check(Schema.isMaxLength(200)),
    password_confirmation: StorableText.check(Schema.isMaxLength(200)),
  }),
});
export type PasswordChange = (typeof PasswordChangeRequest.Type)['payload'];

export const PasswordChanged = Schema.Struct({ ok: Schema.Literal(true) });

// Messages. The server answers with these English texts.

export const PASSWORD_CHANGE_MESSAGES = {
  currentRequired: "Current password can't be blank",
  currentWrong: 'The current password is incorrect.',
  passwordRequired: "Password can't be blank",
  password: SIGN_UP_MESSAGES.password,
  confirmationRequired: "Password confirmation can't be blank",
  confirmed: SIGN_UP_MESSAGES.confirmed,
  impersonating: 'An admin acting as a partner cannot change their password.',
} as const;

/**
 * The rules both the form and the server apply, but the current password's correctness (only the server knows it):
 * the errors by field, empty when the change may be tried.
 */
export const checkPasswordChange = (change: PasswordChange): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  if (change.current_password === '') errors.current_password = [PASSWORD_CHANGE_MESSAGES.currentRequired];
  if (change.password === '') errors.password = [PASSWORD_CHANGE_MESSAGES.passwordRequired];
  else if (!isStrongPassword(change.password)) errors.password = [PASSWORD_CHANGE_MESSAGES.password];
  if (change.password_confirmation === '')
    errors.password_confirmation = [PASSWORD_CHANGE_MESSAGES.confirmationRequired];
  else if (change.password_confirmation !== change.password)
    errors.password_confirmation = [PASSWORD_CHANGE_MESSAGES.confirmed];
  return errors;
};
