import { Hono, type Context } from 'hono';
import {
  AcceptDraftsRequest,
  AdminReturnOfferRequest,
  CancelReservationRequest,
  EditReservationRequest,
  ReservationListQuery,
  ValidateReservationsRequest,
} from '@/schemas/reservation';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { requireAdmin } from '@/server/http/alert-routes';
import { NOT_FOUND } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';
import { idempotency } from '@/server/http/idempotency';
import { readBody } from '@/server/http/read-body';
import { readQuery } from '@/server/http/read-query';
import { lifecycleClockOf } from '@/server/reservations/decision-policy';
import {
  answerOffer,
  cancelReservation,
  editReservation,
  makeReturnOffer,
} from '@/server/reservations/reservation-changes';
import {
  acceptDrafts,
  loadReservationInfo,
  validateNewReservations,
  type ReservationAnswer,
} from '@/server/reservations/reservation-create';
import { listReservations } from '@/server/reservations/reservation-list';
import { loadWorkEligibility, workRefusal } from '@/server/partner/work-eligibility';

/** A reservation id in a path: a positive whole number that fits an integer column, else null (answered 404). */
const pathId = (raw: string): number | null => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
};

const send = (c: Context<AppEnv>, answer: ReservationAnswer) => c.json(answer.body as object, answer.status);

/**
 * 403 WorkRefusal (schemas/work-eligibility.ts) when the caller may not take work (spec §6: suspended, documents,
 * vehicle, terms, not a partner), else null. Asked before a reservation is validated, created, or an offer accepted:
 * each of those commits the partner's vehicle to work. Editing, cancelling and rejecting an offer stay open, as they
 * take nothing new on.
 */
const workRefused = async (db: Db, c: Context<AppEnv>, now: Date) => {
  const refusal = workRefusal(await loadWorkEligibility(db, c.var.signedIn.userId, now));
  return refusal ? c.json(refusal, 403) : null;
};

/**
 * Reservations (spec §7; shapes in schemas/reservation.ts, rules in server/reservations/), mounted under /v1 behind
 * requireToken. Writes that create or change a reservation honour an Idempotency-Key (http/idempotency.ts). Every
 * call runs the caller's lifecycle up to the clock first, at the configured speed (RESERVATION_DECISION_AFTER_S,
 * RESERVATION_OFFER_LIFETIME_S). The reservation team's `POST admin/reservations/{id}/return-offer` is for admins only.
 */
export const reservationRoutes = (db: Db, config: Config) => {
  const idempotent = idempotency(db, config);
  const clock = lifecycleClockOf(config);
  const routes = new Hono<AppEnv>();

  routes.get('/reservation-info', async (c) => {
    const [info, work] = await Promise.all([
      loadReservationInfo(db, c.var.signedIn.userId, config.now()),
      loadWorkEligibility(db, c.var.signedIn.userId, config.now()),
    ]);
    return c.json({ data: { ...info, work } });
  });

  routes.get('/reservations', async (c) => {
    const query = readQuery(c, ReservationListQuery, 'ReservationListQuery');
    return c.json(await listReservations(db, { userId: c.var.signedIn.userId, now: config.now(), query, clock }));
  });

  routes.post('/reservations', async (c) => {
    const { payload } = await readBody(c, ValidateReservationsRequest, 'ValidateReservationsRequest');
    const refused = await workRefused(db, c, config.now());
    if (refused) return refused;
    return send(c, await validateNewReservations(db, { userId: c.var.signedIn.userId, now: config.now(), payload }));
  });

  routes.post('/reservations/accept-drafts', idempotent, async (c) => {
    const { payload } = await readBody(c, AcceptDraftsRequest, 'AcceptDraftsRequest');
    const refused = await workRefused(db, c, config.now());
    if (refused) return refused;
    return send(
      c,
      await acceptDrafts(db, { userId: c.var.signedIn.userId, now: config.now(), ids: payload.reservations, clock }),
    );
  });

  const edit = (save: boolean) => async (c: Context<AppEnv>) => {
    const id = pathId(c.req.param('id') ?? '');
    if (id === null) return c.json(NOT_FOUND, 404);
    const { payload } = await readBody(c, EditReservationRequest, 'EditReservationRequest');
    return send(
      c,
      await editReservation(db, { userId: c.var.signedIn.userId, now: config.now(), id, change: payload, save, clock }),
    );
  };
  routes.put('/reservations/:id', idempotent, edit(true));
  routes.post('/reservations/:id/validate', edit(false));

  routes.post('/reservations/:id/cancel', idempotent, async (c) => {
    const id = pathId(c.req.param('id'));
    if (id === null) return c.json(NOT_FOUND, 404);
    const { payload } = await readBody(c, CancelReservationRequest, 'CancelReservationRequest');
    return send(
      c,
      await cancelReservation(db, {
        userId: c.var.signedIn.userId,
        now: config.now(),
        id,
        clock,
        reason: payload.cancel_reason,
        note: payload.cancel_note,
      }),
    );
  });

  const offer = (accept: boolean) => async (c: Context<AppEnv>) => {
    const id = pathId(c.req.param('id') ?? '');
    if (id === null) return c.json(NOT_FOUND, 404);
    if (accept) {
      const refused = await workRefused(db, c, config.now());
      if (refused) return refused;
    }
    return send(c, await answerOffer(db, { userId: c.var.signedIn.userId, now: config.now(), id, accept, clock }));
  };
  routes.post('/reservations/:id/accept-offer', idempotent, offer(true));
  routes.post('/reservations/:id/reject-offer', idempotent, offer(false));

  // The reservation team (admins): return a partner's pending reservation with an offer expiring in expires_in_s.
  routes.post('/admin/reservations/:id/return-offer', requireAdmin(db), async (c) => {
    const id = pathId(c.req.param('id'));
    if (id === null) return c.json(NOT_FOUND, 404);
    const { payload } = await readBody(c, AdminReturnOfferRequest, 'AdminReturnOfferRequest');
    return send(c, await makeReturnOffer(db, { now: config.now(), id, expiresInS: payload.expires_in_s, clock }));
  });

  return routes;
};
