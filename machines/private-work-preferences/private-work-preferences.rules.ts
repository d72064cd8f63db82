import {
  DEFAULT_PRIVATE_WORK_PREFERENCES,
  MAX_PRIVATE_JOB_VOLUME_M3,
  type PrivateWorkPreferences,
} from '@/schemas/private-job';
import { readCubicMetres } from '@/machines/reservation-wizard/reservation-rules';
import type { PreferencesForm, PreferencesRule } from './private-work-preferences.types';

/** The preferences as the form shows them. */
export const formOfPreferences = (p: PrivateWorkPreferences): PreferencesForm => ({
  volume: String(p.default_volume_m3),
  pickupOnSiteS: p.pickup_on_site_s,
  deliveryOnSiteS: p.delivery_on_site_s,
  blockOverlap: p.block_marketplace_overlap,
  colourBy: p.calendar_colour_by,
});

/** Before the first read: the server's defaults (never shown, the form waits for the read). */
export const DEFAULT_FORM = formOfPreferences(DEFAULT_PRIVATE_WORK_PREFERENCES);

/** The volume's rule (the same as a private job's: more than 0, at most 40 m³), or null when it holds. */
export function volumeRule(form: PreferencesForm): PreferencesRule | null {
  if (form.volume.trim() === '') return 'required';
  const value = readCubicMetres(form.volume);
  if (!(value > 0)) return 'volumeInvalid';
  return value > MAX_PRIVATE_JOB_VOLUME_M3 ? 'volumeTooLarge' : null;
}

/** What PUT …/private-work-preferences takes, from a valid form. */
export const preferencesOfForm = (form: PreferencesForm): PrivateWorkPreferences => ({
  default_volume_m3: readCubicMetres(form.volume),
  pickup_on_site_s: form.pickupOnSiteS as PrivateWorkPreferences['pickup_on_site_s'],
  delivery_on_site_s: form.deliveryOnSiteS as PrivateWorkPreferences['delivery_on_site_s'],
  block_marketplace_overlap: form.blockOverlap,
  calendar_colour_by: form.colourBy,
});
