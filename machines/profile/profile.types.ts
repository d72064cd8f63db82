import type { FieldError } from '@/machines/forms/form-rules';
import type { Profile } from '@/schemas/profile';
import type { FailureKind } from '@/src/api/errors';

/** The tabs of the profile page (spec §2 "profile (edit profile, account and preferences, history and invoicing,
 * customer reviews, statistics)"), in the order shown; each is an address: /profile (edit), /profile/{tab}. */
export const PROFILE_TABS = ['edit', 'account', 'history', 'reviews', 'statistics'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export interface ProfileInput {
  /** The tab the address names. */
  readonly tab: ProfileTab;
}

export interface ProfileContext {
  readonly tab: ProfileTab;
  /** The partner's profile once read; replaced by what a save answers. */
  readonly profile: Profile | null;
  /** Why the read failed; null otherwise. */
  readonly failure: FailureKind | null;
}

export type ProfileEvent =
  | { readonly type: 'tab.selected'; readonly tab: ProfileTab }
  | { readonly type: 'profile.retried' }
  /** A form of the page saved: the profile as the server now holds it. */
  | { readonly type: 'profile.updated'; readonly profile: Profile };

/**
 * A form of the profile page (edit profile; account and preferences): its values as typed, which fields the partner
 * has left or tried to submit (their state shows from then on), each field's first broken rule, and the server's
 * texts for a field it refused (422), shown until the field is changed again.
 */
export interface ProfileFormContext<F extends string> {
  readonly values: Readonly<Record<F, string>>;
  readonly touched: Readonly<Partial<Record<F, boolean>>>;
  readonly errors: Readonly<Partial<Record<F, FieldError>>>;
  readonly serverErrors: Readonly<Partial<Record<F, readonly string[]>>>;
  /** Why the last save failed ('Failed to update account details'); null after a success or a change. */
  readonly failure: FailureKind | null;
  /** The profile as the last save answered it; null until one succeeds. */
  readonly saved: Profile | null;
}

export type ProfileFormEvent<F extends string> =
  | { readonly type: 'form.changed'; readonly field: F; readonly value: string }
  | { readonly type: 'form.blurred'; readonly field: F }
  | { readonly type: 'form.submitted' };

/** The edit profile form's fields (schemas/profile.ts ProfileUpdate). */
export const EDIT_FIELDS = ['full_name', 'phone', 'company_name', 'company_number', 'postcode'] as const;
export type EditField = (typeof EDIT_FIELDS)[number];

/** The account and preferences form's fields (schemas/profile.ts AccountPreferences), as the selects hold them. */
export const PREFERENCE_FIELDS = ['language', 'default_search_radius', 'week_start'] as const;
export type PreferenceField = (typeof PREFERENCE_FIELDS)[number];
