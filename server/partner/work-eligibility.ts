import type { OnboardingStatus } from '@/schemas/onboarding';
import type { WorkBlockReason, WorkEligibility, WorkRefusal } from '@/schemas/work-eligibility';
import type { Db } from '@/server/db/db';
import { NotFoundError } from '@/server/http/api-errors';
import { loadOnboardingStatus } from '@/server/partner/onboarding-status';
import { londonDate } from '@/server/time/london';

type Status = typeof OnboardingStatus.Encoded;
type Eligibility = typeof WorkEligibility.Encoded;

/** What the onboarding status does not say about an account: its role and a suspension (false completion). */
export interface Standing {
  readonly role: string;
  readonly suspendedUntil: Date | null;
}

/**
 * The onboarding requirements of spec §6 that are not met (in the order they are checked): every required document
 * approved and in date, an approved vehicle, the partner terms accepted. Read from the onboarding status
 * (onboarding-status.ts), which says which documents are missing or expired and counts the approved vehicles. The terms
 * count as accepted once the partner has accepted them (users.terms_accepted_at): only the current version
 * (TERMS_VERSION) can be accepted, and no account has accepted another, so the version is not checked again here.
 * The terms page's checklist (server/documents/terms.ts) is this list.
 */
export const unmetRequirements = (status: Status): WorkBlockReason[] => [
  ...(status.documents.missing.length > 0 ? (['documents'] as const) : []),
  ...(status.approved_vehicles === 0 ? (['no_approved_vehicle'] as const) : []),
  ...(status.terms_accepted_at === null ? (['terms'] as const) : []),
];

/**
 * Whether a partner may take work at `now` (schemas/work-eligibility.ts): a transport partner (else nothing more is
 * checked), not suspended, and every onboarding requirement met. The one definition of the rule: the listings, the
 * journeys and the reservations refuse by it, and user-info, the onboarding status, a listing, a journey and
 * reservation-info show it.
 */
export const decideWorkEligibility = (standing: Standing, status: Status, now: Date): Eligibility => {
  const suspended =
    standing.suspendedUntil !== null && standing.suspendedUntil.getTime() > now.getTime()
      ? standing.suspendedUntil
      : null;
  const reasons: WorkBlockReason[] =
    standing.role !== 'transport_partner'
      ? ['not_a_partner']
      : [...(suspended ? (['suspended'] as const) : []), ...unmetRequirements(status)];
  const expired = new Set(status.documents.expired.map((d) => d.type));
  return {
    may_work: reasons.length === 0,
    reasons,
    suspended_until: suspended?.toISOString() ?? null,
    documents: {
      missing: [...status.documents.missing],
      expired: status.documents.missing.filter((type) => expired.has(type)),
    },
  };
};

/** The onboarding status of the caller and the decision made from it (the onboarding-status route answers both). */
export const loadWorkState = async (
  db: Db,
  userId: number,
  now: Date,
): Promise<{ readonly status: Status; readonly work: Eligibility }> => {
  const [standing, status] = await Promise.all([
    db.query<{ role: string; suspended_until: Date | null }>('select role, suspended_until from users where id = $1', [
      userId,
    ]),
    loadOnboardingStatus(db, userId, londonDate(now)),
  ]);
  const row = standing.rows[0];
  if (!row) throw new NotFoundError('user');
  return { status, work: decideWorkEligibility({ role: row.role, suspendedUntil: row.suspended_until }, status, now) };
};

/** Whether the caller may take work at `now`, and why not. */
export const loadWorkEligibility = async (db: Db, userId: number, now: Date): Promise<Eligibility> =>
  (await loadWorkState(db, userId, now)).work;

/** The London day and time a suspension ends, in the words of the server's messages ("28 November 2026 at 14:30"). */
const londonTime = (iso: string): string =>
  new Date(iso).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** English words for each reason, as a refusal's `message` (the portal words it in the partner's language from `reason`). */
const MESSAGES: Readonly<Record<WorkBlockReason, (work: Eligibility) => string>> = {
  not_a_partner: () => 'Only transport partners can take work.',
  suspended: (work) =>
    `Your account is suspended until ${londonTime(work.suspended_until ?? '')} (London time) after a false completion: you cannot take new work until then.`,
  documents: () =>
    'Your required documents are not all approved and in date: upload them on your documents page before taking work.',
  no_approved_vehicle: () => 'You need an approved vehicle to take work.',
  terms: () => 'Please accept the partner guidelines and terms before taking work.',
};

/** The words of the first reason; '' when the partner may work. */
export const workRefusalMessage = (work: Eligibility): string => {
  const reason = work.reasons[0];
  return reason === undefined ? '' : MESSAGES[reason](work);
};

/**
 * The 403 body refusing work to a partner who may not work (schemas/work-eligibility.ts WorkRefusal), with `message`
 * given when the action words its own (listings keep theirs); null when the partner may work.
 */
export const workRefusal = (work: Eligibility, message?: string): typeof WorkRefusal.Encoded | null => {
  const reason = work.reasons[0];
  return reason === undefined ? null : { message: message ?? workRefusalMessage(work), reason, work };
};
