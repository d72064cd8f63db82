import type { ExpressPaySettings } from '@/schemas/payments';
import type { FailureKind } from '@/src/api/errors';

export interface ExpressPayInput {
  /** The settings as the summary read them. */
  readonly settings: ExpressPaySettings;
}

/** The two switches a change sends. */
export type ExpressPaySwitches = Pick<ExpressPaySettings, 'enrolled' | 'auto_enrol'>;

export interface ExpressPayContext {
  /** The settings the server holds: the switches show these, except while a change is being saved. */
  readonly settings: ExpressPaySettings;
  /** The change being saved: the switches show it until the answer (kept back to `settings` on a failure). */
  readonly pending: ExpressPaySwitches | null;
  readonly failure: FailureKind | null;
  /** The server's words for a refused change (a 403 when express pay is not on the account). */
  readonly refusal: string | null;
}

export type ExpressPayEvent =
  | { readonly type: 'expressPay.enrolled.toggled'; readonly value: boolean }
  | { readonly type: 'expressPay.autoEnrol.toggled'; readonly value: boolean };

/** A toast: saved, or the failure with the previous values kept (spec §8, as 'Failed to update … preferences'). */
export type ExpressPayEmitted =
  | {
      readonly type: 'expressPay.notice';
      readonly tone: 'success' | 'danger';
      readonly kind?: FailureKind;
      readonly message?: string;
    }
  | { readonly type: 'expressPay.saved'; readonly settings: ExpressPaySettings };
