import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { jobSheet } from '@/machines/won-work/job-sheet.machine';
import { FEEDBACK_CRITERIA } from '@/schemas/work';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { useFormatters } from '@/src/app/use-formatters';
import { failureText } from '@/src/format/failure-text';
import { CATEGORY_MESSAGES } from '@/src/pages/find-work/listing-labels';
import { ReservationDialog } from '@/src/pages/reservations/reservation-dialog';
import { CRITERION_MESSAGES, JOB_STATUS_MESSAGES } from './work-labels';

const TrackingMap = lazy(() => import('./tracking-map'));

export interface JobSheetDialogProps {
  readonly listingId: number;
  onClose(): void;
}

/**
 * The job sheet (spec §2 `listing/{id}` of /work and /work-calendar; issue 7), rendering the job-sheet machine: the
 * job's stops and times, pay and any additional cost or issue, its driver, the customer while the job is under way
 * (spec §6), the customer's ratings, and the driver's last known position on a map from 24 hours before the pickup
 * (spec §9), read again every 30 seconds.
 */
export function JobSheetDialog({ listingId, onClose }: JobSheetDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  const actor = useActorRef(jobSheet, { inspect, input: { listingId } });
  const { sheet, tracking, trackingStale, failure, notFound } = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const title = sheet ? `${sheet.stops[0]?.town ?? ''} → ${sheet.stops.at(-1)?.town ?? ''}` : t('work.sheet.title');

  const trackingLine = () => {
    if (!tracking) return null;
    const state = tracking.state;
    const values = {
      from: `${fmt.date(tracking.available_from)} ${fmt.time(tracking.available_from)}`,
      at: tracking.position ? fmt.time(tracking.position.recorded_at) : '',
    };
    return (
      <p data-testid="tracking-state" data-state={state}>
        {t(`work.tracking.${state}`, values)}
        {trackingStale ? <span className="muted"> {t('work.tracking.stale')}</span> : null}
      </p>
    );
  };

  return (
    <ReservationDialog
      testId="job-sheet"
      title={title}
      busy={false}
      failed={false}
      onDismiss={onClose}
      actions={
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('work.sheet.close')}
        </button>
      }
    >
      {loading ? <PageLoading /> : null}
      {failure ? (
        <div className="alert alert-danger" role="alert">
          <p>{notFound ? t('work.sheet.notFound') : failureText(intl, { kind: failure, message: '' })}</p>
          {!notFound ? (
            <button type="button" className="button" onClick={() => actor.send({ type: 'sheet.retried' })}>
              {t('app.retry')}
            </button>
          ) : null}
        </div>
      ) : null}
      {sheet ? (
        <div className="work-sheet">
          <p className="work-card-sub">
            {intl.formatMessage(CATEGORY_MESSAGES[sheet.category])} · #{sheet.listing_id} ·{' '}
            <span data-testid="sheet-status">{intl.formatMessage(JOB_STATUS_MESSAGES[sheet.job_status])}</span>
          </p>
          <ol className="work-stops">
            {sheet.stops.map((stop, i) => (
              <li key={`${stop.type}-${i}`}>
                <strong>{t(`work.stop.${stop.type}`)}</strong> {stop.town}
                {stop.postcode_area ? ` ${stop.postcode_area}` : ''} · {fmt.date(stop.date_start)}{' '}
                {fmt.time(stop.date_start)}–{fmt.time(stop.date_end)}
              </li>
            ))}
          </ol>
          <dl className="work-facts">
            <div>
              <dt>{t('work.card.pay')}</dt>
              <dd>
                {fmt.money(sheet.price.amount)}
                {sheet.extra_charge ? ` ${t('work.card.extra', { amount: fmt.money(sheet.extra_charge.amount) })}` : ''}
              </dd>
            </div>
            <div>
              <dt>{t('work.sheet.size')}</dt>
              <dd>
                {t('work.card.volume', { volume: sheet.volume_m3 })} · {fmt.distance(sheet.distance_m)}
              </dd>
            </div>
            <div>
              <dt>{t('work.card.driver')}</dt>
              <dd>{sheet.driver ? sheet.driver.full_name : t('work.card.noDriver')}</dd>
            </div>
            {sheet.vehicle ? (
              <div>
                <dt>{t('work.sheet.vehicle')}</dt>
                <dd>{sheet.vehicle.registration_number}</dd>
              </div>
            ) : null}
            {sheet.customer ? (
              <div>
                <dt>{t('work.sheet.customer')}</dt>
                <dd data-testid="sheet-customer">
                  {sheet.customer.first_name} · <a href={`tel:${sheet.customer.phone}`}>{sheet.customer.phone}</a>
                </dd>
              </div>
            ) : null}
            {sheet.issue_text ? (
              <div>
                <dt>{sheet.extra_charge ? t('work.card.extraReason') : t('work.card.issue')}</dt>
                <dd>{sheet.issue_text}</dd>
              </div>
            ) : null}
          </dl>
          <p className="work-description">{sheet.description}</p>
          {sheet.feedback.rating ? (
            <ul className="work-ratings">
              {FEEDBACK_CRITERIA.map((c) => (
                <li key={c}>
                  <span>{intl.formatMessage(CRITERION_MESSAGES[c])}</span>
                  <span>{t('work.feedback.outOf', { value: sheet.feedback.rating![c] })}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {tracking ? (
            <section className="work-tracking" aria-label={t('work.tracking.title')}>
              <h3>{t('work.tracking.title')}</h3>
              {trackingLine()}
              {tracking.position ? (
                <div className="work-tracking-box">
                  <Suspense fallback={<div className="map-fallback" />}>
                    <TrackingMap stops={sheet.stops} position={tracking.position} label={t('work.tracking.map')} />
                  </Suspense>
                </div>
              ) : null}
            </section>
          ) : null}
          <p>
            <Link href={`/find-work/listing/${sheet.listing_id}`} className="text-button">
              {t('work.sheet.listing')}
            </Link>
          </p>
        </div>
      ) : null}
    </ReservationDialog>
  );
}
