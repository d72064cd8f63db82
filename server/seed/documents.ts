import { FEATURE_FLAGS } from '@/schemas/app-init';
import type { DocumentType } from '@/schemas/onboarding';
import { hashPassword } from '@/server/auth/passwords';
import type { Db } from '@/server/db/db';
import { sampleLines } from '@/server/documents/documents';
import { samplePdf } from '@/server/documents/sample-pdf';
import { loadTowns } from '@/server/geo/towns';
import { DEMO_PASSWORD } from '@/server/seed/account-plan';
import { insertRows } from '@/server/seed/insert-rows';
import { Random } from '@/server/seed/random';
import { addDays, londonDate } from '@/server/time/london';

/** The account of the documents and terms browser tests (e2e/documents.spec.ts), which uploads and accepts. */
export const DOCUMENTS_ACCOUNT = 'documents@example.com';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The documents slice's seed (issue 8), run after the rest of the seed with a random stream of its own, so nothing
 * seeded before it moves:
 * - Olivia Bennett (documents@example.com, individual, Leeds LS1 4DY): e-mail verified, only her driving licence
 *   approved, terms NOT accepted, no vehicles — what the documents and terms pages are for. Her own account, so the
 *   browser tests' uploads and acceptance change nobody else's data.
 * - Two pending uploads on expiring@example.com (a renewed goods-in-transit cover and a CMR cover) for the admin's
 *   review list.
 * - Every seeded document gets a file: a small generated PDF (server/documents/sample-pdf.ts), written to the uploads
 *   folder on its first download (the seed has the database, not the folder). Its size is recorded here.
 */
export const seedDocuments = async (tx: Db, now: Date): Promise<void> => {
  const random = new Random(20261121);
  const today = londonDate(now);
  const leeds = loadTowns().find((town) => town.name === 'Leeds');
  const createdAt = new Date(now.getTime() - 20 * DAY_MS);
  await insertRows(tx, 'users', [
    {
      email: DOCUMENTS_ACCOUNT,
      password_hash: await hashPassword(DEMO_PASSWORD),
      full_name: 'Olivia Bennett',
      role: 'transport_partner',
      account_type: 'individual',
      chameleon_uuid: random.uuid(),
      address_town: 'Leeds',
      address_postcode: 'LS1 4DY',
      address_lat: leeds?.lat ?? null,
      address_lon: leeds?.lng ?? null,
      ip_journey_ready: false,
      email_verified_at: new Date(createdAt.getTime() + HOUR_MS),
      terms_accepted_at: null,
      created_at: createdAt,
    },
  ]);
  const ids = new Map(
    (
      await tx.query<{ id: number; email: string }>('select id, email from users where email = any($1)', [
        [DOCUMENTS_ACCOUNT, 'expiring@example.com'],
      ])
    ).rows.map((row) => [row.email, row.id]),
  );
  const olivia = ids.get(DOCUMENTS_ACCOUNT);
  if (olivia === undefined) throw new Error(`${DOCUMENTS_ACCOUNT} was not inserted`);
  await insertRows(
    tx,
    'feature_flags',
    FEATURE_FLAGS.map((flag) => ({ user_id: olivia, flag, enabled: true })),
  );
  await insertRows(tx, 'notification_counters', [{ user_id: olivia }]);

  const doc = (
    userId: number,
    type: DocumentType,
    status: 'approved' | 'pending_review',
    expiresInDays: number,
    hoursAgo: number,
    coverAmount: number | null,
  ) => ({
    user_id: userId,
    type,
    status,
    expires_at: addDays(today, expiresInDays),
    uploaded_at: new Date(now.getTime() - hoursAgo * HOUR_MS - random.int(1, 50) * 60_000),
    cover_amount: coverAmount,
  });
  const rows = [doc(olivia, 'driving_licence', 'approved', 900, 12 * 24, null)];
  const gareth = ids.get('expiring@example.com');
  if (gareth !== undefined)
    rows.push(
      doc(gareth, 'goods_in_transit_insurance', 'pending_review', 365, 30, 25_000),
      doc(gareth, 'cmr_insurance', 'pending_review', 300, 5, 75_000),
    );
  await insertRows(tx, 'documents', rows);
  await attachSampleFiles(tx);
};

/**
 * The sample file of every seeded document that has none yet (the base seed's too): its name, type and size, keyed
 * `sample-<id>`. Seeders that run later call it again for their own documents.
 */
export const attachSampleFiles = async (tx: Db): Promise<void> => {
  const seeded = await tx.query<{ id: number; type: DocumentType; expires_at: string | null; full_name: string }>(
    `select d.id, d.type, d.expires_at::text as expires_at, u.full_name
     from documents d join users u on u.id = d.user_id where d.storage_key is null order by d.id`,
  );
  for (const row of seeded.rows) {
    await tx.query(
      `update documents set storage_key = $2, file_name = $3, content_type = 'application/pdf', size_bytes = $4,
         is_sample = true where id = $1`,
      [row.id, `sample-${row.id}`, `${row.type.replaceAll('_', '-')}.pdf`, samplePdf(sampleLines(row)).length],
    );
  }
};
