import { useIntl } from 'react-intl';
import {
  deallocationBands,
  deallocationCharge,
  scheduledMinutes,
  standardPay,
  type StandardPay,
} from '@/machines/journey-allocation/journey-pay';
import { JOURNEY_RATES } from '@/machines/journey-allocation/journey-rates';
import type { JourneyResponse } from '@/schemas/journey';
import { useFormatters } from '@/src/app/use-formatters';
import { formatDuration } from '@/src/format/duration';
import { CATEGORY_MESSAGES } from '@/src/pages/find-work/listing-labels';
import { CHARGE_BANDS } from './journey-labels';

/** The pay a hand-back would be charged on: the journey's, plus its return leg's when the partner took it. */
export const jobValueOf = (view: JourneyResponse): number =>
  view.allocationDetails?.status === 'ALLOCATED'
    ? view.allocationDetails.tpQuote.amount + (view.allocationDetails.tpQuoteReturn?.amount ?? 0)
    : view.journey.tp_quote.amount;

/**
 * The breakdown (spec §2 journey detail): the customer jobs the journey carries; the standard rate that explains the
 * offered pay (spec §9: per hour for one or two people over the scheduled time, mileage, large loads), each line
 * saying which rate of the journey rate table applies to this journey and a note stating the table (one
 * configuration: banded mileage, not the flat 30p; journey-rates.ts); and what handing the journey back would cost in
 * each band, the band of now marked for a journey the partner holds. Props in, markup out.
 */
export function JourneyBreakdown({ view, serverNow }: { view: JourneyResponse; serverNow: number }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const { journey } = view;
  const minutes = scheduledMinutes(journey.nodes);
  const pay = ([1, 2] as const).map((people) =>
    standardPay({ minutes, distanceMetres: journey.distance_m, volumeM3: journey.volume_m3, people }),
  );
  const [one, two] = pay as [StandardPay, StandardPay];
  const money = fmt.money;
  const held = view.allocationDetails?.status === 'ALLOCATED' && journey.status === 'allocated';
  const value = jobValueOf(view);
  const current = held ? deallocationCharge(Date.parse(journey.first_pickup_at), serverNow, value).band : null;
  const miles = Math.round(one.miles);
  const [firstBand, beyondBand] = JOURNEY_RATES.mileage;
  const { overM3, pencePerM3 } = JOURNEY_RATES.largeLoad;
  const volumeOver = Math.max(0, journey.volume_m3 - overM3);

  return (
    <section className="card journey-section" aria-labelledby="journey-breakdown-title">
      <h2 id="journey-breakdown-title">{intl.formatMessage({ id: 'journey.breakdown' })}</h2>

      <h3 className="journey-subtitle">
        {intl.formatMessage({ id: 'journey.jobs' }, { count: journey.listings.length })}
      </h3>
      <div className="journey-table-wrap">
        {/* explicit roles: on a phone the rows stack (journey-page.css), and CSS display would drop the table's own */}
        <table className="journey-table journey-jobs-table" data-testid="journey-jobs" role="table">
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                {intl.formatMessage({ id: 'journey.jobs.job' })}
              </th>
              <th scope="col" role="columnheader">
                {intl.formatMessage({ id: 'journey.jobs.type' })}
              </th>
              <th scope="col" role="columnheader">
                {intl.formatMessage({ id: 'journey.jobs.volume' })}
              </th>
              <th scope="col" role="columnheader">
                {intl.formatMessage({ id: 'journey.jobs.pickup' })}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {journey.listings.map((listing) => (
              <tr key={listing.listing_id} role="row">
                <th scope="row" role="rowheader">
                  <span className="journey-cell-label" aria-hidden="true">
                    {intl.formatMessage({ id: 'journey.jobs.job' })}{' '}
                  </span>
                  {listing.listing_id}
                </th>
                <td role="cell">{intl.formatMessage(CATEGORY_MESSAGES[listing.type])}</td>
                <td role="cell">{intl.formatMessage({ id: 'journey.volume.value' }, { volume: listing.volume_m3 })}</td>
                <td role="cell">
                  {fmt.date(listing.pickup.date_start)}, {fmt.time(listing.pickup.date_start)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3 className="journey-subtitle">{intl.formatMessage({ id: 'journey.pay.title' })}</h3>
      <p className="muted journey-note">{intl.formatMessage({ id: 'journey.pay.intro' })}</p>
      <div className="journey-table-wrap">
        <table className="journey-table journey-pay-table" data-testid="journey-pay">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{intl.formatMessage({ id: 'journey.pay.line' })}</span>
              </th>
              <th scope="col">{intl.formatMessage({ id: 'journey.pay.onePerson' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'journey.pay.twoPeople' })}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">
                {intl.formatMessage({ id: 'journey.pay.time' }, { duration: formatDuration(minutes * 60, fmt.locale) })}
                <span className="journey-pay-rate">
                  {intl.formatMessage(
                    { id: 'journey.pay.hourly' },
                    { one: money(one.hourlyRate), two: money(two.hourlyRate) },
                  )}
                </span>
              </th>
              <td>{money(one.time)}</td>
              <td>{money(two.time)}</td>
            </tr>
            <tr>
              <th scope="row">
                {intl.formatMessage({ id: 'journey.pay.mileage' }, { miles })}
                <span className="journey-pay-rate" data-testid="journey-pay-mileage-rate">
                  {intl.formatMessage(
                    { id: 'journey.pay.mileageApplied' },
                    {
                      within: Math.min(miles, firstBand.upToMiles),
                      beyondMiles: Math.max(0, miles - firstBand.upToMiles),
                      first: money(firstBand.pencePerMile),
                      upTo: firstBand.upToMiles,
                      beyond: money(beyondBand.pencePerMile),
                    },
                  )}
                </span>
              </th>
              <td>{money(one.mileage)}</td>
              <td>{money(two.mileage)}</td>
            </tr>
            <tr>
              <th scope="row">
                {intl.formatMessage({ id: 'journey.pay.largeLoad' }, { volume: journey.volume_m3 })}
                <span className="journey-pay-rate" data-testid="journey-pay-large-load-rate">
                  {intl.formatMessage(
                    { id: 'journey.pay.largeLoadApplied' },
                    {
                      applies: volumeOver > 0 ? 'yes' : 'no',
                      extra: intl.formatNumber(volumeOver, { maximumFractionDigits: 1 }),
                      over: overM3,
                      rate: money(pencePerM3),
                    },
                  )}
                </span>
              </th>
              <td>{money(one.largeLoad)}</td>
              <td>{money(two.largeLoad)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{intl.formatMessage({ id: 'journey.pay.standardTotal' })}</th>
              <td>{money(one.total)}</td>
              <td>{money(two.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="muted journey-note" data-testid="journey-pay-rates">
        {intl.formatMessage(
          { id: 'journey.pay.rates' },
          {
            one: money(JOURNEY_RATES.hourly[1]),
            two: money(JOURNEY_RATES.hourly[2]),
            first: money(firstBand.pencePerMile),
            upTo: firstBand.upToMiles,
            beyond: money(beyondBand.pencePerMile),
            over: overM3,
            rate: money(pencePerM3),
          },
        )}
      </p>
      <dl className="journey-offered">
        <div>
          <dt>{intl.formatMessage({ id: 'journey.pay.offered' })}</dt>
          <dd data-testid="journey-offered-pay">{money(journey.tp_quote.amount)}</dd>
        </div>
        {journey.tp_quote_return ? (
          <div>
            <dt>{intl.formatMessage({ id: 'journey.pay.return' })}</dt>
            <dd>{money(journey.tp_quote_return.amount)}</dd>
          </div>
        ) : null}
      </dl>

      {/* a completed journey, or one under way, can no longer be handed back */}
      {journey.status === 'completed' || serverNow >= Date.parse(journey.first_pickup_at) ? null : (
        <>
          <h3 className="journey-subtitle" id="journey-charges-title">
            {intl.formatMessage({ id: 'journey.charges.title' })}
          </h3>
          <p className="muted journey-note">
            {intl.formatMessage({ id: 'journey.charges.intro' }, { value: money(value) })}
          </p>
          <ul className="journey-bands" aria-labelledby="journey-charges-title" data-testid="journey-charge-bands">
            {deallocationBands(value).map((band) => (
              <li key={band.band} className={band.band === current ? 'is-current' : undefined}>
                <span>{intl.formatMessage(CHARGE_BANDS[band.band])}</span>
                <b>{money(band.amount)}</b>
                {band.band === current ? (
                  <span className="journey-band-now">{intl.formatMessage({ id: 'journey.charges.now' })}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
