import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { badgeTone, isActionable, shownCapacity } from '@/machines/reservations/reservation-facts';
import type { Reservation, ReservationNode, ReservationStatus } from '@/schemas/reservation';
import { useFormatters } from '@/src/app/use-formatters';
import { REASON_MESSAGES, STATUS_MESSAGES, TYPE_MESSAGES, VEHICLE_TYPE_MESSAGES } from './reservation-labels';

/** A status in its badge colour (spec §4: orange, red, dark red, green, dark blue). */
export function StatusBadge({ status }: { status: ReservationStatus }) {
  const intl = useIntl();
  return (
    <span
      className={`resv-badge resv-badge-${badgeTone(status)}`}
      data-testid="reservation-status"
      data-status={status}
    >
      {intl.formatMessage(STATUS_MESSAGES[status])}
    </span>
  );
}

export interface ReservationCardProps {
  readonly reservation: Reservation;
  /** Today in London (yyyy-MM-dd): a past day is neither priced nor actionable. */
  readonly today: string;
  /** Shown instead of the stored status (an offer whose countdown ended here before the list was read again). */
  readonly status?: ReservationStatus;
  /** Actions or the offer's countdown, under the facts. */
  readonly children?: ReactNode;
}

export interface ReservationFactsProps {
  readonly reservation: Reservation;
  /** Today in London (yyyy-MM-dd): a past day is neither priced nor actionable. */
  readonly today: string;
  /** The status it is shown with (its own unless the card says otherwise). */
  readonly status?: ReservationStatus;
  /** A change not made yet (the edit's preview): no decision time and no cancel reason. */
  readonly preview?: boolean;
}

/**
 * The facts of a reservation (spec §3): type, people, capacity (capped at 40, floored), vehicle, start and end with
 * their times in London time, a private job, the price range while it is priced and actionable (spec §4), when the
 * team decides, and why it was cancelled. Props in, markup out.
 */
export function ReservationFacts({ reservation: r, today, status = r.status, preview = false }: ReservationFactsProps) {
  const intl = useIntl();
  const fmt = useFormatters();
  const people =
    r.people === 'flexible'
      ? intl.formatMessage({ id: 'reservations.people.flexible' })
      : intl.formatMessage({ id: 'reservations.people.count' }, { count: r.people });
  const place = (node: ReservationNode) =>
    node.place ? `${node.place.town} ${node.place.postcode}` : intl.formatMessage({ id: 'reservations.end.anywhere' });
  const job = r.externalJobs[0];
  return (
    <dl className="resv-facts">
      <div>
        <dt>{intl.formatMessage({ id: 'reservations.fact.type' })}</dt>
        <dd>{intl.formatMessage(TYPE_MESSAGES[r.type])}</dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'reservations.fact.people' })}</dt>
        <dd>{people}</dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'reservations.fact.capacity' })}</dt>
        <dd>{intl.formatMessage({ id: 'reservations.cubicMetres' }, { value: shownCapacity(r.capacity.value) })}</dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'reservations.fact.vehicle' })}</dt>
        <dd>
          {r.vehicle.registration} · {intl.formatMessage(VEHICLE_TYPE_MESSAGES[r.vehicle.type])}
        </dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'reservations.fact.start' })}</dt>
        <dd>
          {place(r.startNode)} ·{' '}
          {r.startNode.time ? fmt.time(r.startNode.time) : intl.formatMessage({ id: 'reservations.time.anytime' })}
        </dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'reservations.fact.end' })}</dt>
        <dd>
          {place(r.endNode)}
          {r.endNode.place
            ? ` · ${r.endNode.time ? fmt.time(r.endNode.time) : intl.formatMessage({ id: 'reservations.time.fullDay' })}`
            : null}
        </dd>
      </div>
      {job ? (
        <div>
          <dt>{intl.formatMessage({ id: 'reservations.fact.privateJob' })}</dt>
          <dd>
            {intl.formatMessage(
              { id: 'reservations.privateJob.summary' },
              {
                from: job.nodes[0].place.town,
                to: job.nodes[1].place.town,
                pickup: `${fmt.time(job.nodes[0].timeWindowStart)}–${fmt.time(job.nodes[0].timeWindowEnd)}`,
                delivery: `${fmt.time(job.nodes[1].timeWindowStart)}–${fmt.time(job.nodes[1].timeWindowEnd)}`,
              },
            )}
          </dd>
        </div>
      ) : null}
      {isActionable(r, today) && status !== 'timed_out' ? (
        <div>
          <dt>{intl.formatMessage({ id: 'reservations.fact.price' })}</dt>
          <dd data-testid="reservation-price" className="resv-price">
            {intl.formatMessage(
              { id: 'reservations.priceRange' },
              { min: fmt.money(r.min_price?.amount), max: fmt.money(r.max_price?.amount) },
            )}
          </dd>
        </div>
      ) : null}
      {!preview && r.decision_due_at && (status === 'pending' || status.startsWith('pending_')) ? (
        <div>
          <dt>{intl.formatMessage({ id: 'reservations.fact.decision' })}</dt>
          <dd>
            {intl.formatMessage(
              { id: 'reservations.decisionBy' },
              { date: fmt.date(r.decision_due_at), time: fmt.time(r.decision_due_at) },
            )}
          </dd>
        </div>
      ) : null}
      {!preview && r.cancel_reason ? (
        <div>
          <dt>{intl.formatMessage({ id: 'reservations.fact.cancelReason' })}</dt>
          <dd>{intl.formatMessage(REASON_MESSAGES[r.cancel_reason])}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * One reservation (spec §3): its date, reference and status badge over its facts (ReservationFacts), with actions or
 * the offer's countdown under them. Props in, markup out.
 */
export function ReservationCard({ reservation: r, today, status, children }: ReservationCardProps) {
  const fmt = useFormatters();
  const shown = status ?? r.status;
  const titleId = `reservation-${r.id}-title`;
  return (
    <article
      className={`resv-card${shown === 'return_offer' ? ' resv-card-offer' : ''}`}
      aria-labelledby={titleId}
      data-testid="reservation-card"
      data-reservation-id={r.id}
      data-date={r.date}
    >
      <header className="resv-card-head">
        <h3 id={titleId} className="resv-card-title">
          {fmt.date(r.date)}
        </h3>
        <StatusBadge status={shown} />
      </header>
      <p className="resv-card-ref muted">{r.reservation_id}</p>
      <ReservationFacts reservation={r} today={today} status={shown} />
      {children}
    </article>
  );
}
