import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { returnOffer } from '@/machines/return-offer/return-offer.machine';
import {
  hasFailed,
  isAnswering,
  isAnswered,
  isConfirmingAccept,
  isConfirmingReject,
  isOpen,
  isTimedOut,
  remainingMsOf,
} from '@/machines/return-offer/return-offer.selectors';
import type { Reservation } from '@/schemas/reservation';
import { useFormatters } from '@/src/app/use-formatters';
import { formatCountdown as countdownInWords } from '@/src/format/countdown';
import { formatCountdown } from './countdown';
import { ReservationCard } from './reservation-card';
import { lazyDialog } from '@/src/app/lazy-dialog';
import { useReservationNotices } from './use-reservation-notices';
import { inspect } from '@/src/app/inspection';

/** The confirmation loads when it first opens, with React Aria's modal and buttons: the list does not carry them. */
const OfferDialog = lazyDialog(() => import('./offer-dialog'));

export interface OfferCardProps {
  readonly reservation: Reservation;
  readonly today: string;
  /** The server's clock minus ours (the list's Date header). */
  readonly offsetMs: number;
  /** The vehicle's other live reservations of that date, which accepting replaces (spec §4). */
  readonly replaced: readonly Reservation[];
  /** The offer was answered: the list is read again. */
  onAnswered(): void;
}

/**
 * A return offer's card: the countdown to `offer_expires_at` on the server's clock, accept (a dialogue first lists the
 * reservations it replaces) or reject; at zero the card shows timed_out without a reload. It runs its own
 * return-offer machine, for as long as the card is shown.
 */
export function OfferCard({ reservation, today, offsetMs, replaced, onAnswered }: OfferCardProps) {
  const intl = useIntl();
  const fmt = useFormatters();
  const [nowMs] = useState(() => Date.now());
  const actor = useActorRef(returnOffer, {
    inspect,
    input: { id: reservation.id, expiresAt: reservation.offer_expires_at ?? '', offsetMs, nowMs },
  });
  useReservationNotices(actor);
  const remaining = useSelector(actor, remainingMsOf);
  const open = useSelector(actor, isOpen);
  const timedOut = useSelector(actor, isTimedOut);
  const answered = useSelector(actor, isAnswered);
  const busy = useSelector(actor, isAnswering);
  const failed = useSelector(actor, hasFailed);
  const accepting = useSelector(actor, isConfirmingAccept);
  const rejecting = useSelector(actor, isConfirmingReject);

  useEffect(() => {
    if (answered) onAnswered();
  }, [answered, onAnswered]);

  // in words for assistive technology, to the second under a minute ('35 seconds', '2 hours 59 minutes')
  const words = countdownInWords(remaining, fmt.locale);
  return (
    <ReservationCard reservation={reservation} today={today} status={timedOut ? 'timed_out' : undefined}>
      <div className="resv-offer" data-testid="return-offer">
        {timedOut ? (
          <p className="resv-offer-ended" role="status">
            {intl.formatMessage({ id: 'reservations.offer.ended' })}
          </p>
        ) : (
          <p className="resv-offer-time">
            {intl.formatMessage({ id: 'reservations.offer.endsIn' })}{' '}
            <span role="timer" aria-label={words} className="resv-countdown" data-testid="offer-countdown">
              {formatCountdown(remaining)}
            </span>
          </p>
        )}
        {open || busy ? (
          <div className="resv-actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => actor.send({ type: 'offer.accept.requested' })}
            >
              {intl.formatMessage({ id: 'reservations.offer.accept' })}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => actor.send({ type: 'offer.reject.requested' })}
            >
              {intl.formatMessage({ id: 'reservations.offer.reject' })}
            </button>
          </div>
        ) : null}
      </div>
      {accepting || rejecting ? (
        <OfferDialog
          accepting={accepting}
          reservation={reservation}
          replaced={replaced}
          busy={busy}
          failed={failed}
          onBack={() => actor.send({ type: 'offer.dismissed' })}
          onConfirm={() => actor.send({ type: accepting ? 'offer.accept.confirmed' : 'offer.reject.confirmed' })}
          onUnavailable={() => actor.send({ type: 'offer.dismissed' })}
        />
      ) : null}
    </ReservationCard>
  );
}
