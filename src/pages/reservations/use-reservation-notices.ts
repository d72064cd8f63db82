import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { ReservationNotices } from '@/machines/reservations/reservation-notices';
import { useToasts } from '@/src/app/root-actors';
import { useFormatters } from '@/src/app/use-formatters';

/** An actor that emits the reservation machines' notices. */
interface EmitsNotices {
  on(type: 'reservation.notices', handler: (event: ReservationNotices) => void): { unsubscribe(): void };
}

/**
 * Shows a reservation machine's notices as toasts (spec §8), translated in the language shown now: the title from its
 * message id, the second line from its id, the server's own sentence, or the day it is about.
 */
export function useReservationNotices(actor: EmitsNotices | null): void {
  const intl = useIntl();
  const fmt = useFormatters();
  const toasts = useToasts();
  useEffect(() => {
    if (!actor) return;
    const subscription = actor.on('reservation.notices', ({ notices }) => {
      for (const notice of notices) {
        const lines = [
          notice.date ? fmt.date(notice.date) : null,
          notice.textId ? intl.formatMessage({ id: notice.textId }) : null,
          notice.text ?? null,
        ].filter((line): line is string => line !== null);
        toasts.send({
          type: 'toast.shown',
          tone: notice.tone,
          title: intl.formatMessage({ id: notice.title }),
          ...(lines.length > 0 ? { text: lines.join('\n') } : {}),
        });
      }
    });
    return () => subscription.unsubscribe();
  }, [actor, intl, fmt, toasts]);
}
