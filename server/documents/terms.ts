import { TERMS_VERSION, type TermsStatus } from '@/schemas/documents';
import type { Db } from '@/server/db/db';
import { ValidationError } from '@/server/http/api-errors';
import { loadOnboardingStatus } from '@/server/partner/onboarding-status';
import { unmetRequirements } from '@/server/partner/work-eligibility';

/**
 * The partner terms (spec §2 partner terms acceptance, §6 requirements before working): the current version, when
 * the partner accepted it, and the checklist of documents, at least one approved vehicle and the terms. Acceptance is
 * recorded with its time (and the client address) in terms_acceptances; users.terms_accepted_at holds the latest,
 * which the onboarding status and the dashboard banners read.
 */
export const loadTermsStatus = async (db: Db, userId: number, today: string): Promise<TermsStatus> => {
  const status = await loadOnboardingStatus(db, userId, today);
  // the work rule's own list of what is not met (server/partner/work-eligibility.ts), item by item
  const unmet = unmetRequirements(status);
  return {
    version: TERMS_VERSION,
    accepted_at: status.terms_accepted_at,
    requirements: {
      documents_ok: !unmet.includes('documents'),
      vehicles_ok: !unmet.includes('no_approved_vehicle'),
      terms_ok: !unmet.includes('terms'),
    },
  };
};

/** The 422 of an acceptance of any other version than the current one (the page was open across a change). */
export const OUTDATED_TERMS = 'These terms have been replaced: please read the current version and accept it.';

/**
 * Records the partner's acceptance of `version` at `now`. Accepting again leaves the first acceptance's time: the
 * partner agreed then, and the answer says when.
 */
export const acceptTerms = async (
  db: Db,
  userId: number,
  version: string,
  now: Date,
  ip: string,
  today: string,
): Promise<TermsStatus> => {
  if (version !== TERMS_VERSION) throw new ValidationError({ version: [OUTDATED_TERMS] });
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ accepted: boolean }>(
      'select terms_accepted_at is not null as accepted from users where id = $1 for update',
      [userId],
    );
    if (rows[0]?.accepted) return;
    await tx.query('insert into terms_acceptances (user_id, version, accepted_at, ip) values ($1, $2, $3, $4)', [
      userId,
      version,
      now,
      ip,
    ]);
    await tx.query('update users set terms_accepted_at = $2 where id = $1', [userId, now]);
  });
  return loadTermsStatus(db, userId, today);
};
