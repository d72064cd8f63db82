import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { CompletionMode } from '@/machines/job-completion/job-completion.types';
import type { ProviderDriver } from '@/schemas/driver';
import { FEEDBACK_CRITERIA, type WonJob } from '@/schemas/work';
import { vehicleColour } from '@/schemas/vehicle';
import { useFormatters } from '@/src/app/use-formatters';
import { CATEGORY_MESSAGES } from '@/src/pages/find-work/listing-labels';
import { CRITERION_MESSAGES, JOB_STATUS_MESSAGES, statusTone } from './work-labels';

/** What a card can ask of the page's machine. */
export interface CardActions {
  chooseDriver(listingId: number, driverId: number): void;
  assignDriver(listingId: number): void;
  startCompletion(listingId: number, mode: CompletionMode): void;
  archive(listingId: number): void;
  requestFeedback(listingId: number): void;
}

export interface WonJobCardProps {
  readonly job: WonJob;
  /** The partner's drivers; only active ones can be picked (spec §4: a deactivated driver cannot be allocated). */
  readonly drivers: readonly ProviderDriver[];
  /** The driver picked in this card's list, not assigned yet. */
  readonly chosenDriver: number | undefined;
  /** Assign was pressed with no driver picked. */
  readonly driverMissing: boolean;
  /** An action is under way on this card. */
  readonly busy: boolean;
  /** An action is under way on some card: the others wait. */
  readonly locked: boolean;
  /** Where the job sheet opens (`/work/listing/{id}`). */
  readonly sheetHref: string;
  readonly actions: CardActions;
}

/** Stars as text and for screen readers: "4 out of 5". */
function Stars({ value, label }: { value: number; label: string }) {
  const intl = useIntl();
  return (
    <span
      className="work-stars"
      role="img"
      aria-label={intl.formatMessage({ id: 'work.feedback.stars' }, { label, value })}
    >
      {'★'.repeat(value)}
      <span className="work-stars-off">{'★'.repeat(5 - value)}</span>
    </span>
  );
}

/**
 * One won job (spec §2 my jobs, §4 job statuses): where from and to with the dates, what it is, the pay (and an
 * additional cost asked at completion), the driver with the list to assign one, and the buttons the server allows
 * (`can`): complete (the dialogue asks how: as booked, with an issue, or with an additional cost), archive,
 * request feedback. A requested feedback
 * shows when it was asked, and the customer's four ratings once they came. Props in, markup out.
 */
export function WonJobCard({
  job,
  drivers,
  chosenDriver,
  driverMissing,
  busy,
  locked,
  sheetHref,
  actions,
}: WonJobCardProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  const pickup = job.stops.find((s) => s.type === 'pickup') ?? job.stops[0];
  const delivery = job.stops.find((s) => s.type === 'delivery') ?? job.stops.at(-1);
  const selectId = `driver-${job.listing_id}`;
  const errorId = `driver-error-${job.listing_id}`;
  const activeDrivers = drivers.filter((d) => d.active);
  const rating = job.feedback.rating;
  const isQuote = job.listing_status === 'ACTIVE' || job.listing_status === 'EXPIRED';

  return (
    <article
      className="work-card"
      data-testid="won-job-card"
      data-listing-id={job.listing_id}
      aria-busy={busy}
      aria-labelledby={`work-card-title-${job.listing_id}`}
      style={job.vehicle ? { borderLeftColor: vehicleColour(job.vehicle.id) } : undefined}
    >
      <header className="work-card-head">
        <h3 id={`work-card-title-${job.listing_id}`} className="work-card-title">
          <Link href={sheetHref}>
            {pickup?.town ?? '—'} <span aria-hidden="true">→</span>
            <span className="visually-hidden"> {t('work.card.to')} </span> {delivery?.town ?? '—'}
          </Link>
        </h3>
        <span className={`work-badge work-badge-${statusTone(job.job_status)}`} data-testid="job-status">
          {isQuote ? t(`work.quote.${job.listing_status}`) : intl.formatMessage(JOB_STATUS_MESSAGES[job.job_status])}
        </span>
      </header>
      <p className="work-card-sub">
        {intl.formatMessage(CATEGORY_MESSAGES[job.category])} · #{job.listing_id} · {fmt.distance(job.distance_m)} ·{' '}
        {t('work.card.volume', { volume: job.volume_m3 })}
      </p>
      <dl className="work-facts">
        {pickup ? (
          <div>
            <dt>{t('work.card.pickup')}</dt>
            <dd>
              {pickup.postcode_area ? `${pickup.town} ${pickup.postcode_area}` : pickup.town} ·{' '}
              {fmt.date(pickup.date_start)} {fmt.time(pickup.date_start)}–{fmt.time(pickup.date_end)}
            </dd>
          </div>
        ) : null}
        {delivery && delivery !== pickup ? (
          <div>
            <dt>{t('work.card.delivery')}</dt>
            <dd>
              {delivery.postcode_area ? `${delivery.town} ${delivery.postcode_area}` : delivery.town} ·{' '}
              {fmt.date(delivery.date_start)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{isQuote ? t('work.card.quote') : t('work.card.pay')}</dt>
          <dd className="work-price" data-testid="job-price">
            {fmt.money(job.price.amount)}
            {job.extra_charge ? (
              <span className="work-extra" data-testid="extra-charge">
                {' '}
                {t('work.card.extra', { amount: fmt.money(job.extra_charge.amount) })}
              </span>
            ) : null}
          </dd>
        </div>
        {job.issue_text ? (
          <div>
            <dt>{job.extra_charge ? t('work.card.extraReason') : t('work.card.issue')}</dt>
            <dd data-testid="job-issue">{job.issue_text}</dd>
          </div>
        ) : null}
        {job.realised_at ? (
          <div>
            <dt>{t('work.card.realised')}</dt>
            <dd>{fmt.date(job.realised_at)}</dd>
          </div>
        ) : null}
        {!isQuote ? (
          <div>
            <dt>{t('work.card.driver')}</dt>
            <dd data-testid="job-driver">{job.driver ? job.driver.full_name : t('work.card.noDriver')}</dd>
          </div>
        ) : null}
      </dl>

      {job.can.allocate_driver ? (
        <div className="work-assign">
          <label htmlFor={selectId}>{job.driver ? t('work.assign.change') : t('work.assign.label')}</label>
          <div className="work-assign-row">
            <select
              id={selectId}
              data-testid="driver-select"
              value={chosenDriver ?? ''}
              disabled={locked}
              aria-invalid={driverMissing}
              aria-describedby={driverMissing ? errorId : undefined}
              onChange={(e) => {
                if (e.target.value !== '') actions.chooseDriver(job.listing_id, Number(e.target.value));
              }}
            >
              <option value="">{t('work.assign.placeholder')}</option>
              {activeDrivers.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.full_name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button-secondary"
              data-testid="assign-driver"
              disabled={locked}
              onClick={() => actions.assignDriver(job.listing_id)}
            >
              {busy ? t('work.busy') : t('work.assign.button')}
            </button>
          </div>
          {driverMissing ? (
            <p id={errorId} className="field-error" role="alert">
              {t('work.assign.missing')}
            </p>
          ) : null}
        </div>
      ) : null}

      {job.feedback.requested_at ? (
        <div className="work-feedback" data-testid="feedback">
          {rating ? (
            <>
              <p className="work-feedback-title">{t('work.feedback.rated', { date: fmt.date(rating.rated_at) })}</p>
              <ul className="work-ratings">
                {FEEDBACK_CRITERIA.map((c) => (
                  <li key={c}>
                    <span>{intl.formatMessage(CRITERION_MESSAGES[c])}</span>
                    <Stars value={rating[c]} label={intl.formatMessage(CRITERION_MESSAGES[c])} />
                  </li>
                ))}
              </ul>
              {rating.comment ? <blockquote className="work-comment">{rating.comment}</blockquote> : null}
            </>
          ) : (
            <p className="muted" data-testid="feedback-requested">
              {t('work.feedback.requested', { date: fmt.date(job.feedback.requested_at) })}
            </p>
          )}
        </div>
      ) : null}

      <div className="work-card-actions">
        {job.can.complete ? (
          <button
            type="button"
            className="button"
            data-testid="complete-job"
            disabled={locked}
            onClick={() => actions.startCompletion(job.listing_id, 'complete')}
          >
            {t('work.action.complete')}
          </button>
        ) : null}
        {job.can.request_feedback ? (
          <button
            type="button"
            className="button button-secondary"
            data-testid="request-feedback"
            disabled={locked}
            onClick={() => actions.requestFeedback(job.listing_id)}
          >
            {t('work.action.requestFeedback')}
          </button>
        ) : null}
        {job.can.archive ? (
          <button
            type="button"
            className="text-button"
            data-testid="archive-job"
            disabled={locked}
            onClick={() => actions.archive(job.listing_id)}
          >
            {t('work.action.archive')}
          </button>
        ) : null}
        <Link href={sheetHref} className="text-button work-open">
          {t('work.action.open')}
        </Link>
      </div>
    </article>
  );
}
