import { useIntl } from 'react-intl';
import { stopsInOrder } from '@/machines/journey-allocation/journey-pay';
import type { Journey, JourneyNode } from '@/schemas/journey';
import { useFormatters } from '@/src/app/use-formatters';
import { PRIVATE_STOP_TYPES, STOP_TYPES } from './journey-labels';

/** The stop's type as the partner reads it: start, pickup, delivery, end, or a private job's pickup or delivery. */
function StopType({ node }: { node: JourneyNode }) {
  const intl = useIntl();
  const privateJob = node.privateJobId !== null && (node.action === 'pickup' || node.action === 'delivery');
  return (
    <span className={`journey-stop-type journey-stop-type-${privateJob ? 'private' : node.action}`}>
      {intl.formatMessage(
        privateJob ? PRIVATE_STOP_TYPES[node.action as 'pickup' | 'delivery'] : STOP_TYPES[node.action],
      )}
    </span>
  );
}

/**
 * The schedule (spec §2 journey detail): every stop in route order, numbered as on the map, with its type, its planned
 * time in London time (the date only when it changes from the stop before), where it is (town and outward code, or the
 * full address once the journey is the partner's) and the customer job it serves. A stop dropped with its cancelled job
 * is struck through and not numbered. Props in, markup out.
 */
export function JourneySchedule({ journey }: { journey: Journey }) {
  const intl = useIntl();
  const fmt = useFormatters();
  let number = 0;
  let lastDate = '';
  return (
    <section className="card journey-section" aria-labelledby="journey-schedule-title">
      <h2 id="journey-schedule-title">{intl.formatMessage({ id: 'journey.schedule' })}</h2>
      <p className="muted journey-note">{intl.formatMessage({ id: 'journey.schedule.timeZone' })}</p>
      <ol className="journey-stops" data-testid="journey-schedule">
        {stopsInOrder(journey.nodes).map((node) => {
          const dropped = node.deactivatedAt !== null;
          if (!dropped) number += 1;
          const date = fmt.date(node.scheduledAt);
          const showDate = date !== lastDate;
          lastDate = date;
          return (
            <li key={node.id} className={`journey-stop${dropped ? ' is-dropped' : ''}`} data-stop-type={node.action}>
              <span className="journey-stop-number" aria-hidden="true">
                {dropped ? '–' : number}
              </span>
              <div className="journey-stop-body">
                <p className="journey-stop-head">
                  <StopType node={node} />
                  <time dateTime={node.scheduledAt} className="journey-stop-time">
                    {showDate ? `${date}, ` : ''}
                    {fmt.time(node.scheduledAt)}
                  </time>
                </p>
                <p className="journey-stop-place">
                  {node.place.address ?? (
                    <>
                      <b>{node.place.town}</b>
                      {node.place.short_postcode ? ` ${node.place.short_postcode}` : ''}
                    </>
                  )}
                </p>
                {node.listingId !== null ? (
                  <p className="muted journey-stop-job">
                    {intl.formatMessage({ id: 'journey.stop.job' }, { id: node.listingId })}
                  </p>
                ) : null}
                {dropped ? (
                  <p className="journey-stop-dropped">{intl.formatMessage({ id: 'journey.stop.dropped' })}</p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {journey.customer_details === 'hidden_until_allocation' ? (
        <p className="muted journey-note">{intl.formatMessage({ id: 'journey.addressesHidden' })}</p>
      ) : null}
    </section>
  );
}
