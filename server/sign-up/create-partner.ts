import { randomUUID } from 'node:crypto';
import { FEATURE_FLAGS } from '@/schemas/app-init';
import type { Place } from '@/schemas/place';
import { INSURANCE_DOCUMENT_TYPES, type SignUpData } from '@/schemas/sign-up';
import type { Db } from '@/server/db/db';

/**
 * Creates a signed-up partner in one transaction (the caller's): the user (role transport_partner, e-mail not
 * verified, terms not accepted, every feature flag on), the sign-up details, the first vehicle (PENDING: the team
 * approves it), and one pending_review document per insurance cover, without a file (the documents pages upload the
 * certificate). `home` is the place of the postcode (server/geo: the postcode area's post town, coarse).
 * Returns the new user id, or null when the e-mail was taken meanwhile (the unique index decides, not a read).
 */
export const createPartner = async (
  tx: Db,
  data: SignUpData,
  passwordHash: string,
  home: Place,
  now: Date,
): Promise<number | null> => {
  const { rows } = await tx.query<{ id: number }>(
    `insert into users (email, password_hash, full_name, role, account_type, chameleon_uuid, address_town,
                        address_postcode, address_lat, address_lon, ip_journey_ready, email_verified_at,
                        terms_accepted_at, created_at)
     values ($1, $2, $3, 'transport_partner', $4, $5, $6, $7, $8, $9, false, null, null, $10)
     on conflict (email) do nothing
     returning id`,
    [
      data.email,
      passwordHash,
      data.fullName,
      data.accountType,
      randomUUID(),
      home.town,
      data.postcode,
      home.lat,
      home.lng,
      now,
    ],
  );
  const userId = rows[0]?.id;
  if (userId === undefined) return null;

  await tx.query(
    `insert into partner_sign_up_details (user_id, phone, company_name, company_number, address_line_1,
                                          operating_radius_mi, days_available, date_of_birth, driving_licence_number,
                                          created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      userId,
      data.phone,
      data.companyName,
      data.companyNumber,
      data.addressLine1,
      data.operatingRadiusMi,
      data.daysAvailable,
      data.dateOfBirth,
      data.drivingLicenceNumber,
      now,
    ],
  );
  await tx.query(
    `insert into vehicles (user_id, category, type, make, model, registration_number, seats, loading_capacity_m3,
                           total_payload_kg, place_town, place_postcode, place_lat, place_lng, status, created_at)
     values ($1, 'van', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'PENDING', $13)`,
    [
      userId,
      data.vehicle.type,
      data.vehicle.make,
      data.vehicle.model,
      data.vehicle.registration,
      data.vehicle.seats,
      data.vehicle.capacityM3,
      data.vehicle.payloadKg,
      home.town,
      data.postcode,
      home.lat,
      home.lng,
      now,
    ],
  );
  for (const cover of data.insurance) {
    await tx.query(
      `insert into documents (user_id, type, status, expires_at, uploaded_at, cover_amount_pence)
       values ($1, $2, 'pending_review', $3, $4, $5)`,
      [userId, INSURANCE_DOCUMENT_TYPES[cover.kind], cover.expiresAt, now, cover.coverGbp * 100],
    );
  }
  for (const flag of FEATURE_FLAGS) {
    await tx.query('insert into feature_flags (user_id, flag, enabled) values ($1, $2, true)', [userId, flag]);
  }
  return userId;
};
