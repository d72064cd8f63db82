import type { SnapshotFrom } from 'xstate';
import type { WorkEligibility } from '@/schemas/work-eligibility';
import type { ReservationDraft } from '@/schemas/reservation';
import { checkRequest, isUkPostcode, normalisePostcode } from './reservation-rules';
import type { reservationWizard } from './reservation-wizard.machine';
import type { DayError, PlaceBook, RequestField, ResolvedPlace, RuleIssue } from './reservation-wizard.types';

type WizardSnapshot = SnapshotFrom<typeof reservationWizard>;

/** The set-up is loading. */
export const isLoading = (s: WizardSnapshot): boolean => s.matches('loading');
/** The set-up could not be read: a retry is offered. */
export const hasLoadFailed = (s: WizardSnapshot): boolean => s.hasTag('error');
/** The partner may not make reservations. */
export const isNotEligible = (s: WizardSnapshot): boolean => s.matches('notEligible');
/** Why the partner may not take work now (the server's decision), or null while it may (the form is shown). */
export const blockedWorkOf = (s: WizardSnapshot): WorkEligibility | null =>
  s.matches('workBlocked') ? s.context.work : null;

/** Which step of spec §4's create flow is shown: 1 request, 2 review, 3 submitted (null before the form). */
export const stepOf = (s: WizardSnapshot): 1 | 2 | 3 | null => {
  if (s.matches('requesting') || s.matches('validating')) return 1;
  if (s.matches('reviewing') || s.matches('submitting')) return 2;
  return s.matches('submitted') ? 3 : null;
};

export const requestOf = (s: WizardSnapshot) => s.context.request;
export const infoOf = (s: WizardSnapshot) => s.context.info;
export const vehiclesOf = (s: WizardSnapshot) => s.context.vehicles;
/** A saved request was restored after a reload. */
export const wasRestored = (s: WizardSnapshot): boolean => s.context.restored;

/** Every broken rule of the request now. */
export const issuesOf = (s: WizardSnapshot): RuleIssue[] => checkRequest(s.context.request, s.context);

/**
 * The broken rules the page shows: those of fields the partner has changed, or all of them once Next was pressed.
 * A postcode still being looked up is not an error to show.
 */
export const shownIssuesOf = (s: WizardSnapshot): RuleIssue[] => {
  const touched = new Set<RequestField>(s.context.touched);
  return issuesOf(s).filter((i) => (s.context.revealAll || touched.has(i.field)) && i.code !== 'postcodePending');
};

/** What the postcodes typed resolved to (read with `placeOfPostcode` and `isLookingUp`). */
export const placesOf = (s: WizardSnapshot): PlaceBook => s.context.places;

/** The place a typed postcode was found at, or null (not complete, not looked up yet, or not found). */
export const placeOfPostcode = (places: PlaceBook, text: string): ResolvedPlace | null => {
  if (!isUkPostcode(text)) return null;
  const found = places[normalisePostcode(text)];
  return typeof found === 'object' ? found : null;
};

/** A complete postcode is being looked up. */
export const isLookingUp = (places: PlaceBook, text: string): boolean =>
  isUkPostcode(text) && places[normalisePostcode(text)] === undefined;

/** Next was pressed with broken rules: every message shows, and the page says how many. */
export const hasTriedNext = (s: WizardSnapshot): boolean => s.context.revealAll;

export const isValidating = (s: WizardSnapshot): boolean => s.matches('validating');
export const isSubmitting = (s: WizardSnapshot): boolean => s.matches('submitting');
/** The last create got no answer: submitting again is safe (the same key). */
export const hasSubmitFailed = (s: WizardSnapshot): boolean => s.context.submitFailed;

/** One day of step 2: its draft (priced) or the rules the server found broken on it. */
export interface ReviewDay {
  readonly date: string;
  readonly draft: ReservationDraft | null;
  readonly errors: readonly DayError[];
}

/** The days of step 2 by date. */
export const reviewDaysOf = (s: WizardSnapshot): ReviewDay[] => {
  const dates = [...new Set([...s.context.drafts.map((d) => d.date), ...s.context.dayErrors.map((e) => e.date)])];
  return dates.sort().map((date) => ({
    date,
    draft: s.context.drafts.find((d) => d.date === date) ?? null,
    errors: s.context.dayErrors.filter((e) => e.date === date),
  }));
};

/** At least one priced draft can be created. */
export const canSubmit = (s: WizardSnapshot): boolean => s.matches('reviewing') && s.context.drafts.length > 0;

/** Step 3: the reservations made. */
export const createdOf = (s: WizardSnapshot) => s.context.created;
