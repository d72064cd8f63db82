import { EXPIRY_WARNING_DAYS, REQUIRED_DOCUMENT_TYPES } from '@/schemas/documents';
import type { DocumentExpiry, DocumentType, OnboardingStatus } from '@/schemas/onboarding';
import type { Db } from '@/server/db/db';
import { NotFoundError } from '@/server/http/api-errors';
import { addDays } from '@/server/time/london';

// One list for the server and the portal's documents page (schemas/documents.ts).
export { EXPIRY_WARNING_DAYS, REQUIRED_DOCUMENT_TYPES };

interface DocumentRow {
  type: DocumentType;
  status: 'pending_review' | 'approved' | 'rejected';
  expires_at: string | null;
}

/**
 * What stands between the partner and work, as of `today` (London, yyyy-MM-dd). `expired` lists approved documents
 * that have lapsed and not been replaced by a valid one of the same type (a renewed document stops the nagging).
 */
export const loadOnboardingStatus = async (
  db: Db,
  userId: number,
  today: string,
): Promise<typeof OnboardingStatus.Encoded> => {
  const [user, docs, vehicles] = await Promise.all([
    db.query<{ email_verified_at: Date | null; terms_accepted_at: Date | null }>(
      'select email_verified_at, terms_accepted_at from users where id = $1',
      [userId],
    ),
    db.query<DocumentRow>('select type, status, expires_at::text as expires_at from documents where user_id = $1', [
      userId,
    ]),
    db.query<{ n: number }>(
      "select count(*)::int as n from vehicles where user_id = $1 and status = 'APPROVED' and deleted_at is null",
      [userId],
    ),
  ]);
  const account = user.rows[0];
  if (!account) throw new NotFoundError('user');

  const approved = docs.rows.filter((d) => d.status === 'approved');
  const isValid = (d: DocumentRow) => d.expires_at === null || d.expires_at >= today;
  const validTypes = new Set(approved.filter(isValid).map((d) => d.type));
  const warnUntil = addDays(today, EXPIRY_WARNING_DAYS);
  const byExpiry = (a: DocumentExpiry, b: DocumentExpiry) =>
    a.expires_at.localeCompare(b.expires_at) || a.type.localeCompare(b.type);
  const withExpiry = (d: DocumentRow): DocumentExpiry[] =>
    d.expires_at === null ? [] : [{ type: d.type, expires_at: d.expires_at }];

  const expiredByType = new Map<DocumentType, DocumentExpiry>();
  for (const doc of approved.flatMap(withExpiry)) {
    if (doc.expires_at >= today || validTypes.has(doc.type)) continue;
    const seen = expiredByType.get(doc.type);
    if (!seen || seen.expires_at < doc.expires_at) expiredByType.set(doc.type, doc);
  }

  return {
    email_verified: account.email_verified_at !== null,
    terms_accepted_at: account.terms_accepted_at?.toISOString() ?? null,
    approved_vehicles: vehicles.rows[0]?.n ?? 0,
    documents: {
      missing: REQUIRED_DOCUMENT_TYPES.filter((type) => !validTypes.has(type)),
      expiring: approved
        .flatMap(withExpiry)
        .filter((d) => d.expires_at >= today && d.expires_at <= warnUntil)
        .sort(byExpiry),
      expired: [...expiredByType.values()].sort(byExpiry),
    },
  };
};
