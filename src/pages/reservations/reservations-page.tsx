import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { isActionable, replacedByAccepting } from '@/machines/reservations/reservation-facts';
import { reservationList } from '@/machines/reservations/reservation-list.machine';
import {
  clockOffsetOf,
  hasFailed,
  hasRefreshFailed,
  isBusy,
  isLoading,
  reservationsOf,
  todayOf,
  weekGroupsOf,
} from '@/machines/reservations/reservation-list.selectors';
import type { Reservation } from '@/schemas/reservation';
import { lazyDialog } from '@/src/app/lazy-dialog';
import { PageLoading } from '@/src/app/page-states';
import { useSession } from '@/src/app/session-scope';
import { useDeferred } from '@/src/app/use-deferred';
import { NOT_ALLOWED, useJourneyReady } from './journey-ready-guard';
import { OfferCard } from './offer-card';
import { ReservationCard } from './reservation-card';
import { WEEK_MESSAGES } from './reservation-labels';
import { ListFailed, NotEligible } from './reservation-list-view';
import './reservations.css';
import { inspect } from '@/src/app/inspection';

/** The cancel and edit dialogues load when they first open: their fields are React Aria's, which the list does not need. */
const CancelDialog = lazyDialog(() => import('./cancel-dialog').then((m) => ({ default: m.CancelDialog })));
const EditDialog = lazyDialog(() => import('./edit-dialog').then((m) => ({ default: m.EditDialog })));

type OpenDialog = { readonly kind: 'cancel' | 'edit'; readonly reservation: Reservation } | null;

/** The current reservations (spec §2 /reservations): this week and next week by week, later ones under future. */
function CurrentReservations() {
  const intl = useIntl();
  const actor = useActorRef(reservationList, { inspect, input: { kind: 'current' } });
  // The cards are React's largest render on this page. A machine update reaches React through useSyncExternalStore,
  // which renders at once, in one task; deferred, the cards render in slices between frames.
  const loading = useDeferred(useSelector(actor, isLoading), true);
  const failed = useSelector(actor, hasFailed);
  const busy = useSelector(actor, isBusy);
  const refreshFailed = useSelector(actor, hasRefreshFailed);
  const groups = useSelector(actor, weekGroupsOf);
  const all = useSelector(actor, reservationsOf);
  const today = useSelector(actor, todayOf);
  const offsetMs = useSelector(actor, clockOffsetOf);
  // own time windows follow the custom_plus_reservations flag (reservation-info's custom_reservation on the server)
  const customWindows = useSession()?.features?.custom_plus_reservations === true;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const refresh = useCallback(() => actor.send({ type: 'list.refreshed' }), [actor]);
  const closeDialog = useCallback(
    (changed: boolean) => {
      setDialog(null);
      if (changed) refresh();
    },
    [refresh],
  );

  if (loading) return <PageLoading />;
  if (failed) return <ListFailed onRetry={() => actor.send({ type: 'list.retried' })} />;

  const actionsOf = (r: Reservation) => {
    const allowed = r.meta.allowed_actions;
    if (!isActionable(r, today)) return null;
    const canEdit = allowed.update_immediately || allowed.update_request;
    const canCancel = allowed.cancel_immediately || allowed.cancel_request;
    if (!canEdit && !canCancel) return null;
    return (
      <div className="resv-actions">
        {canEdit ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setDialog({ kind: 'edit', reservation: r })}
          >
            {intl.formatMessage({ id: 'reservations.action.edit' })}
          </button>
        ) : null}
        {canCancel ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setDialog({ kind: 'cancel', reservation: r })}
          >
            {intl.formatMessage({ id: 'reservations.action.cancel' })}
          </button>
        ) : null}
      </div>
    );
  };

  return (
    <div aria-busy={busy} className="resv-list">
      {refreshFailed ? (
        <p className="alert alert-danger" role="alert">
          {intl.formatMessage({ id: 'reservations.list.refreshFailed' })}
        </p>
      ) : null}
      {groups.length === 0 ? <p className="muted">{intl.formatMessage({ id: 'reservations.list.empty' })}</p> : null}
      {groups.map(({ group, reservations }) => (
        <section
          key={group}
          className="resv-group"
          aria-labelledby={`resv-week-${group}`}
          data-testid={`week-${group}`}
        >
          <h2 id={`resv-week-${group}`}>{intl.formatMessage(WEEK_MESSAGES[group])}</h2>
          <div className="resv-cards">
            {reservations.map((r) =>
              r.status === 'return_offer' && r.offer_expires_at ? (
                <OfferCard
                  key={`${r.id}-${r.offer_expires_at}`}
                  reservation={r}
                  today={today}
                  offsetMs={offsetMs}
                  replaced={replacedByAccepting(r, all)}
                  onAnswered={refresh}
                />
              ) : (
                <ReservationCard key={r.id} reservation={r} today={today}>
                  {actionsOf(r)}
                </ReservationCard>
              ),
            )}
          </div>
        </section>
      ))}
      {dialog?.kind === 'cancel' ? (
        <CancelDialog reservation={dialog.reservation} onClose={closeDialog} onUnavailable={() => closeDialog(false)} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditDialog
          reservation={dialog.reservation}
          today={today}
          customWindows={customWindows}
          onClose={closeDialog}
          onUnavailable={() => closeDialog(false)}
        />
      ) : null}
    </div>
  );
}

/**
 * /reservations: the current reservations with their actions, links to create more and to the historic list; a
 * partner who is not journey-ready is told they are not eligible and how to reach the team (spec §2, §6).
 */
export default function ReservationsPage() {
  const intl = useIntl();
  const ready = useJourneyReady();
  return (
    <div className="resv-page">
      <header className="resv-header">
        <h1>{intl.formatMessage({ id: 'reservations.title' })}</h1>
        {ready ? (
          <nav className="resv-header-links" aria-label={intl.formatMessage({ id: 'reservations.links' })}>
            <Link href="/reservations/create" className="button">
              {intl.formatMessage({ id: 'reservations.create.link' })}
            </Link>
            <Link href="/reservations/historic" className="button button-secondary">
              {intl.formatMessage({ id: 'reservations.historic.link' })}
            </Link>
          </nav>
        ) : null}
      </header>
      {ready ? <CurrentReservations /> : <NotEligible denied={wasSentBackFromReservationPage()} />}
    </div>
  );
}

/** Whether this page was reached by JourneyReadyGuard's redirect (read from the history entry, so a reload keeps it). */
function wasSentBackFromReservationPage(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[NOT_ALLOWED] === true;
}
