import type { PrivateWorkPreferences } from '@/schemas/private-job';
import type { PrivateJobFailure } from '@/machines/private-job/private-job.types';

/**
 * The private work preferences (issue 7; the spec names a "private work form and preferences" and shows none of their
 * fields, so these are schemas/private-job.ts PrivateWorkPreferences): what a new private job starts with, whether a
 * private job may share a vehicle with marketplace work at the same time, and what the calendar colours by.
 */
export interface PreferencesForm {
  /** m³ as typed (a new private job's volume). */
  readonly volume: string;
  /** Seconds, one of the spec §9 time on site options. */
  readonly pickupOnSiteS: number;
  readonly deliveryOnSiteS: number;
  readonly blockOverlap: boolean;
  readonly colourBy: PrivateWorkPreferences['calendar_colour_by'];
}

/** Rules the form can break (messages `privateJob.error.<rule>`, shared with the private job's volume). */
export type PreferencesRule = 'required' | 'volumeInvalid' | 'volumeTooLarge';

export interface PreferencesContext {
  readonly form: PreferencesForm;
  /** The partner tried to save: the form's errors show from then on. */
  readonly triedSave: boolean;
  /** Why the last read or save failed; null after a success. A failed save keeps everything typed. */
  readonly failure: PrivateJobFailure | null;
  /** The preferences as the server stored them, once saved. */
  readonly saved: PrivateWorkPreferences | null;
}

export type PreferencesEvent =
  | { readonly type: 'preferences.changed'; readonly patch: Partial<PreferencesForm> }
  | { readonly type: 'preferences.submitted' }
  | { readonly type: 'preferences.retried' }
  | { readonly type: 'preferences.closed' };
