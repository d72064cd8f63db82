import type { FormErrors } from '@/machines/forms/form-rules';
import type { LinkRefusal } from '@/schemas/mail-links';

export type PasswordResetField = 'email' | 'password' | 'password_confirmation';

/** Why a call failed other than a refused field or link: a failure kind the view words. */
export type PasswordResetFailure = 'offline' | 'timeout' | 'unreadable' | 'server' | 'refused' | 'rateLimited';

export interface PasswordResetContext {
  /** The token from the mail's link (`?token=`): null asks for the e-mail, a token asks for the new password. */
  readonly token: string | null;
  values: Readonly<Record<PasswordResetField, string>>;
  /** Each field's first broken rule (form-rules), shown once touched. */
  errors: FormErrors<PasswordResetField>;
  touched: Partial<Record<PasswordResetField, true>>;
  /** The server's texts by field from its last 422. */
  serverErrors: Partial<Record<string, readonly string[]>>;
  /** Why the link was refused (expired, used, not valid). */
  refusal: LinkRefusal | null;
  failure: PasswordResetFailure | null;
}

export interface PasswordResetInput {
  readonly token: string | null;
}

export type PasswordResetEvent =
  | { type: 'passwordReset.field.changed'; field: PasswordResetField; value: string }
  | { type: 'passwordReset.field.blurred'; field: PasswordResetField }
  | { type: 'passwordReset.submitted' }
  /** From a refused link: ask for a new one. */
  | { type: 'passwordReset.restarted' };
