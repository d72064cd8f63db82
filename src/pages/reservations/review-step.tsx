import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { reservationWizard } from '@/machines/reservation-wizard/reservation-wizard.machine';
import {
  canSubmit,
  hasSubmitFailed,
  isSubmitting,
  reviewDaysOf,
} from '@/machines/reservation-wizard/reservation-wizard.selectors';
import { shownCapacity } from '@/machines/reservations/reservation-facts';
import { useFormatters } from '@/src/app/use-formatters';
import { ruleMessage, TYPE_MESSAGES } from './reservation-labels';

type WizardActor = ActorRefFrom<typeof reservationWizard>;

/** Step 2: each day's draft with its price, or the rules the server found broken on it; a day can be removed. */
export function ReviewStep({ actor }: { actor: WizardActor }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const days = useSelector(actor, reviewDaysOf);
  const submitting = useSelector(actor, isSubmitting);
  const submittable = useSelector(actor, canSubmit);
  const failed = useSelector(actor, hasSubmitFailed);
  const priced = days.filter((d) => d.draft !== null).length;
  return (
    <div className="resv-review">
      <p>{intl.formatMessage({ id: 'reservations.review.intro' })}</p>
      <ul className="resv-review-days">
        {days.map(({ date, draft, errors }) => (
          <li
            key={date}
            className={`resv-review-day${errors.length > 0 ? ' has-errors' : ''}`}
            data-testid="review-day"
            data-date={date}
          >
            <div className="resv-review-head">
              <h3>{fmt.date(date)}</h3>
              {draft ? (
                <span className="resv-price" data-testid="review-price">
                  {intl.formatMessage(
                    { id: 'reservations.priceRange' },
                    { min: fmt.money(draft.min_price.amount), max: fmt.money(draft.max_price.amount) },
                  )}
                </span>
              ) : null}
            </div>
            {draft ? (
              <>
                <p className="muted">
                  {intl.formatMessage(TYPE_MESSAGES[draft.type])} ·{' '}
                  {draft.people === 'flexible'
                    ? intl.formatMessage({ id: 'reservations.people.flexible' })
                    : intl.formatMessage({ id: 'reservations.people.count' }, { count: draft.people })}{' '}
                  · {draft.vehicle.registration} ·{' '}
                  {intl.formatMessage(
                    { id: 'reservations.cubicMetres' },
                    { value: shownCapacity(draft.capacity.value) },
                  )}
                </p>
                <p className="muted">
                  {intl.formatMessage(
                    { id: 'reservations.review.route' },
                    {
                      from: draft.startNode.place
                        ? `${draft.startNode.place.town} ${draft.startNode.place.postcode}`
                        : '',
                      start: draft.startNode.time
                        ? fmt.time(draft.startNode.time)
                        : intl.formatMessage({ id: 'reservations.time.anytime' }),
                      to: draft.endNode.place
                        ? `${draft.endNode.place.town} ${draft.endNode.place.postcode}`
                        : intl.formatMessage({ id: 'reservations.end.anywhere' }),
                      end: draft.endNode.time
                        ? fmt.time(draft.endNode.time)
                        : intl.formatMessage({ id: 'reservations.time.fullDay' }),
                    },
                  )}
                </p>
                <p className="muted">
                  {intl.formatMessage({ id: 'reservations.review.heldUntil' }, { time: fmt.time(draft.expires_at) })}
                </p>
              </>
            ) : null}
            {errors.length > 0 ? (
              <ul className="resv-day-errors" data-testid="review-errors">
                {errors.map((e) => (
                  <li key={`${e.code}-${e.field}`}>{intl.formatMessage(ruleMessage(e.code))}</li>
                ))}
              </ul>
            ) : null}
            <button
              type="button"
              className="text-button"
              disabled={submitting}
              onClick={() => actor.send({ type: 'day.removed', date })}
              aria-label={intl.formatMessage({ id: 'reservations.review.removeDay' }, { date: fmt.date(date) })}
            >
              {intl.formatMessage({ id: 'reservations.review.remove' })}
            </button>
          </li>
        ))}
      </ul>
      {days.some((d) => d.errors.length > 0) ? (
        <p className="alert alert-warning">{intl.formatMessage({ id: 'reservations.review.someRefused' })}</p>
      ) : null}
      {failed ? (
        <p className="alert alert-danger" role="alert">
          {intl.formatMessage({ id: 'reservations.review.noAnswer' })}
        </p>
      ) : null}
      <div className="resv-form-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={submitting}
          onClick={() => actor.send({ type: 'wizard.back' })}
        >
          {intl.formatMessage({ id: 'reservations.review.back' })}
        </button>
        {/* while the reservations are being sent the button keeps its focus (aria-disabled) and sends nothing more */}
        <button
          type="button"
          className="button"
          aria-disabled={submitting || undefined}
          disabled={!submittable && !submitting}
          data-testid="wizard-submit"
          onClick={() => {
            if (!submitting) actor.send({ type: 'wizard.submitted' });
          }}
        >
          {intl.formatMessage({ id: 'reservations.review.submit' }, { count: priced })}
        </button>
      </div>
    </div>
  );
}
