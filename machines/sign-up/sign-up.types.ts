import type { FormErrors } from '@/machines/forms/form-rules';
import type { SignUpField, SignUpStep, WeekDay } from '@/schemas/sign-up';

/** The fields typed as text (numbers and dates too, as the inputs hold them). */
export type SignUpTextField = Exclude<SignUpField, 'international_work' | 'days_available'>;

/** What the wizard holds: every step's fields, as the partner typed them. */
export type SignUpForm = { readonly [F in SignUpTextField]: string } & {
  /** Works abroad: the CMR cover is then required (spec §9 CMR minimum). */
  readonly international_work: boolean;
  /** Days of the week the partner works, in week order. */
  readonly days_available: readonly WeekDay[];
};

/** A field's new value: text, the international-work switch, or the chosen days. */
export type SignUpValue = string | boolean | readonly WeekDay[];

/** Why a call failed other than a refused field: the kinds of src/api/errors.ts failureKind, or a throttle. */
export type SignUpFailure = 'offline' | 'timeout' | 'unreadable' | 'server' | 'refused' | 'rateLimited';

export interface SignUpContext {
  /** Today in London (yyyy-mm-dd): expiry dates must be after it, the partner 18 on it. */
  readonly today: string;
  /** The step shown. */
  step: SignUpStep;
  values: SignUpForm;
  /** Each field's first broken rule (form-rules), kept current as the partner types; shown once touched. */
  errors: FormErrors<SignUpField>;
  /** Fields the partner left, or whose step they tried to leave: their state shows. */
  touched: Partial<Record<SignUpField, true>>;
  /** The server's texts by field from its last 422 (cleared field by field as the partner types). */
  serverErrors: Partial<Record<string, readonly string[]>>;
  /** The last call's failure other than refused fields, as a kind the view words. */
  failure: SignUpFailure | null;
}

export interface SignUpInput {
  readonly today: string;
}

export type SignUpEvent =
  | { type: 'signUp.field.changed'; field: SignUpField; value: SignUpValue }
  | { type: 'signUp.field.blurred'; field: SignUpField }
  | { type: 'signUp.next' }
  | { type: 'signUp.back' };
