import { CANNOT_CHANGE_MESSAGE, type DeallocateRequest, type DeallocationResponse } from '@/schemas/journey';
import type { Db } from '@/server/db/db';
import { notVisible, ok, refused, type JourneyOutcome } from '@/server/journeys/journey-outcome';
import { deallocationCharge } from '@/server/journeys/journey-rules';

/**
 * POST /journey/api/v1/journey/{journeyId}/deallocate-driver: the partner hands a journey it holds back, with a
 * reason (spec §5; the schema answers 422 on `reason` without one), before its first pickup (after it, or once
 * completed: 409 `cannot_change`, spec §8 text). In one transaction, with the journey and its live allocation
 * locked (`for update`, so two deallocations cannot both charge): the allocation is closed with the reason and the
 * charge of spec §9 (journey-rules.ts), the journey is open again for everyone, and the partner's private-job stops
 * leave it. A journey of another partner is 404 (spec §8 text).
 */
export const deallocateJourney = async (
  db: Db,
  input: { userId: number; journeyId: number; payload: DeallocateRequest['payload']; now: Date },
): Promise<JourneyOutcome<typeof DeallocationResponse.Encoded>> => {
  const { userId, journeyId, payload, now } = input;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      status: string;
      first_pickup_at: Date;
      tp_quote: number;
      tp_quote_return: number | null;
      allocation_id: number;
      with_return: boolean;
    }>(
      `select j.status, j.first_pickup_at, j.tp_quote, j.tp_quote_return, a.id as allocation_id, a.with_return
         from journeys j
         join journey_allocations a on a.journey_id = j.id and a.deallocated_at is null
        where j.id = $1 and a.provider_id = $2 and j.provider_id = $2
        for update`,
      [journeyId, userId],
    );
    const held = rows[0];
    if (!held) return notVisible();
    if (held.status !== 'allocated' || held.first_pickup_at.getTime() <= now.getTime())
      return refused(409, 'cannot_change', CANNOT_CHANGE_MESSAGE);

    const jobValue = held.tp_quote + (held.with_return ? (held.tp_quote_return ?? 0) : 0);
    const charge = deallocationCharge(held.first_pickup_at, now, jobValue);
    const note = payload.note ?? null;
    await tx.query(
      `update journey_allocations
          set deallocated_at = $2, deallocation_reason = $3, deallocation_note = $4, deallocation_charge = $5,
              deallocation_band = $6
        where id = $1`,
      [held.allocation_id, now, payload.reason, note, charge.amount, charge.band],
    );
    await tx.query(`update journeys set status = 'open', provider_id = null where id = $1`, [journeyId]);
    await tx.query('delete from journey_nodes where journey_id = $1 and private_job_id is not null', [journeyId]);
    return ok({
      data: {
        journey_id: journeyId,
        reason: payload.reason,
        note,
        charge: { amount: charge.amount },
        charge_band: charge.band,
        job_value: { amount: jobValue },
        deallocated_at: now.toISOString(),
      },
    });
  });
};
