import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { recommendedWork } from '@/machines/won-work/recommended-work.machine';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { useFormatters } from '@/src/app/use-formatters';
import { failureText } from '@/src/format/failure-text';
import { CATEGORY_MESSAGES } from '@/src/pages/find-work/listing-labels';
import { ReservationDialog } from '@/src/pages/reservations/reservation-dialog';
import { REASON_MESSAGES } from './work-labels';

export interface RecommendationSheetProps {
  /** The recommendation to show first (`recommended/{id}`), or none (`recommended`: the list). */
  readonly listingId: number | null;
  onClose(): void;
}

/**
 * Recommended work (spec §1 won-work recommendations, §2 child `recommended/{id?}`): open jobs that fit the partner,
 * each with why it is recommended, its pay and pickup, and a link to the listing to book or quote. The one named in
 * the address is shown first and marked.
 */
export function RecommendationSheet({ listingId, onClose }: RecommendationSheetProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  const actor = useActorRef(recommendedWork, { inspect });
  const { rows, failure } = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const ordered = listingId === null ? rows : [...rows].sort((a) => (a.listing_id === listingId ? -1 : 0));
  return (
    <ReservationDialog
      testId="recommended-sheet"
      title={t('work.recommended.title')}
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
          <p>{failureText(intl, { kind: failure, message: '' })}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'recommended.retried' })}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}
      {ready && rows.length === 0 ? <p className="muted">{t('work.recommended.none')}</p> : null}
      {listingId !== null && ready && !rows.some((r) => r.listing_id === listingId) ? (
        <p className="alert alert-info">{t('work.recommended.gone')}</p>
      ) : null}
      <ul className="work-recommended">
        {ordered.map((job) => (
          <li
            key={job.listing_id}
            className={job.listing_id === listingId ? 'work-recommended-item is-current' : 'work-recommended-item'}
            data-testid="recommended-job"
            aria-current={job.listing_id === listingId ? 'true' : undefined}
          >
            <p className="work-card-title">
              {job.stops[0]?.town} → {job.stops.at(-1)?.town} · <strong>{fmt.money(job.price.amount)}</strong>
            </p>
            <p className="work-card-sub">
              {intl.formatMessage(CATEGORY_MESSAGES[job.category])} · {fmt.date(job.pickup_date)} ·{' '}
              {t('work.card.volume', { volume: job.volume_m3 })} · {fmt.distance(job.distance_m)}
            </p>
            <p className="work-reason">{intl.formatMessage(REASON_MESSAGES[job.reason])}</p>
            <Link href={`/find-work/listing/${job.listing_id}`} className="text-button">
              {t('work.recommended.open')}
            </Link>
          </li>
        ))}
      </ul>
    </ReservationDialog>
  );
}
