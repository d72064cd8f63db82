import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { Reservation } from '@/schemas/reservation';
import { useFormatters } from '@/src/app/use-formatters';
import { ReservationDialog } from './reservation-dialog';

export interface OfferDialogProps {
  /** Accepting (else rejecting) the offer. */
  readonly accepting: boolean;
  readonly reservation: Reservation;
  /** The vehicle's other live reservations of that date, which accepting replaces (spec §4). */
  readonly replaced: readonly Reservation[];
  /** The answer is being sent. */
  readonly busy: boolean;
  /** The last send got no answer. */
  readonly failed: boolean;
  /** Back to the card, nothing sent (also Escape or a press outside, while not busy). */
  onBack(): void;
  onConfirm(): void;
}

/**
 * Accept or reject a return offer: the date and price range, and on accepting the reservations it replaces. A module of
 * its own, loaded when the partner first answers an offer (src/pages/reservations/offer-card.tsx). Props in, markup out.
 */
export default function OfferDialog({
  accepting,
  reservation,
  replaced,
  busy,
  failed,
  onBack,
  onConfirm,
}: OfferDialogProps) {
  const intl = useIntl();
  const fmt = useFormatters();
  return (
    <ReservationDialog
      testId="offer-dialog"
      title={intl.formatMessage({
        id: accepting ? 'reservations.offer.acceptTitle' : 'reservations.offer.rejectTitle',
      })}
      busy={busy}
      failed={failed}
      onDismiss={onBack}
      actions={
        <>
          <Button className="button button-secondary" isDisabled={busy} onPress={onBack}>
            {intl.formatMessage({ id: 'reservations.dialog.back' })}
          </Button>
          <Button className="button" isPending={busy} data-testid="offer-confirm" onPress={onConfirm}>
            {intl.formatMessage({
              id: accepting ? 'reservations.offer.acceptConfirm' : 'reservations.offer.rejectConfirm',
            })}
          </Button>
        </>
      }
    >
      <p>
        {intl.formatMessage(
          { id: 'reservations.offer.summary' },
          {
            date: fmt.date(reservation.date),
            min: fmt.money(reservation.min_price?.amount),
            max: fmt.money(reservation.max_price?.amount),
          },
        )}
      </p>
      {accepting ? (
        replaced.length > 0 ? (
          <>
            <p>{intl.formatMessage({ id: 'reservations.offer.replaces' }, { count: replaced.length })}</p>
            <ul className="resv-replaced" data-testid="offer-replaces">
              {replaced.map((r) => (
                <li key={r.id}>
                  {r.reservation_id} · {fmt.date(r.date)} · {r.vehicle.registration}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{intl.formatMessage({ id: 'reservations.offer.replacesNone' })}</p>
        )
      ) : null}
    </ReservationDialog>
  );
}
