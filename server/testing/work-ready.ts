import type { Db } from '@/server/db/db';
import { REQUIRED_DOCUMENT_TYPES } from '@/server/partner/onboarding-status';

/**
 * Puts a seeded partner's documents in order for a test (in that test file's own copy of the seed): every required
 * kind gets an approved document that does not lapse. For suites that need a second partner who may take work (spec
 * §6, server/partner/work-eligibility.ts) and use one whose documents the seed leaves missing or expired on purpose,
 * such as expiring@example.com (the dashboard's banners).
 */
export const putDocumentsInOrder = async (db: Db, userId: number, now: Date): Promise<void> => {
  await db.query(
    `insert into documents (user_id, type, status, expires_at, uploaded_at)
     select $1, type, 'approved', null, $3 from unnest($2::text[]) as type`,
    [userId, [...REQUIRED_DOCUMENT_TYPES], now],
  );
};
