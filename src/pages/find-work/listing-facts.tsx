import { useIntl, type IntlShape } from 'react-intl';
import type { ListingDetail } from '@/schemas/listing';
import type { ListingPlace } from '@/schemas/search';
import { useFormatters } from '@/src/app/use-formatters';
import { DISPLAY_TIME_ZONE } from '@/src/format/locale-codes';
import { ATTRIBUTE_MESSAGES, ATTRIBUTE_VALUE_MESSAGES, METHOD_MESSAGES } from './listing-labels';

type Formatters = ReturnType<typeof useFormatters>;

/** `house_move` → `house move`: how an attribute the portal does not know is shown. */
const words = (id: string) => id.replace(/[_-]+/g, ' ');

/** An attribute's name and value in the partner's language. */
export function attributeText(intl: IntlShape, key: string, value: string): { name: string; value: string } {
  const name = ATTRIBUTE_MESSAGES[key];
  const known = ATTRIBUTE_VALUE_MESSAGES[`${key}.${value}`];
  const hours = key === 'hours' && /^\d+$/.test(value);
  return {
    name: name ? intl.formatMessage(name) : words(key),
    value: hours
      ? intl.formatMessage({ id: 'listing.attr.hours.value' }, { count: Number(value) })
      : known
        ? intl.formatMessage(known)
        : words(value),
  };
}

/** The London calendar day of an instant. */
const londonDay = (iso: string) => Temporal.Instant.from(iso).toZonedDateTimeISO(DISPLAY_TIME_ZONE).toPlainDate();

/** '21st November 2026, 09:00–12:00' (UK time), or both ends in full when the window spans days. */
export function pickupWindow(intl: IntlShape, fmt: Formatters, window: ListingDetail['pickup_date']): string {
  const { start, end } = window;
  if (londonDay(start).equals(londonDay(end)))
    return intl.formatMessage(
      { id: 'listing.window.sameDay' },
      { date: fmt.date(start), start: fmt.time(start), end: fmt.time(end) },
    );
  const at = (iso: string) =>
    intl.formatMessage({ id: 'listing.window.at' }, { date: fmt.date(iso), time: fmt.time(iso) });
  return intl.formatMessage({ id: 'listing.window.days' }, { start: at(start), end: at(end) });
}

/**
 * One end of the job: the town, the outward postcode (`M5`: never a street or a full postcode before allocation, which
 * only the winner gets) or the full one once the job is the partner's, the NUTS1 short name, and how far it is from
 * the partner's registered address.
 */
function RouteEnd({
  label,
  place,
  fullPostcode,
  fromYou,
  fmt,
}: {
  label: string;
  place: ListingPlace;
  fullPostcode: string | null;
  fromYou: number | null;
  fmt: Formatters;
}) {
  const intl = useIntl();
  const postcode = fullPostcode ?? place.short_postcode;
  return (
    <dl className="job-end">
      <dt className="job-end-label">{label}</dt>
      <dd className="job-end-place">
        <span className="job-town">{place.town}</span>
        {postcode ? <span className="job-postcode">{postcode}</span> : null}
        {place.nuts1 ? (
          <span className="job-region" title={place.nuts1.name}>
            {place.nuts1.short_name}
          </span>
        ) : null}
      </dd>
      {fromYou !== null ? (
        <dd className="job-end-from muted">
          {intl.formatMessage({ id: 'listing.fromYou' }, { distance: fmt.distance(fromYou) })}
        </dd>
      ) : null}
    </dl>
  );
}

/**
 * The facts of a listing, the same as its search result card (route with towns, outward postcodes and regions,
 * pickup window in UK time, volume, distance, allocation) plus the description and the attributes. Props in, markup
 * out.
 */
export function ListingFacts({ detail }: { detail: ListingDetail }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const allocation = detail.allocation;
  const attributes = Object.entries(detail.attributes).sort(([a], [b]) => a.localeCompare(b));
  const method = detail.allocation_method ?? 'none';

  return (
    <>
      <section className="card job-section" aria-labelledby="listing-route-title">
        <h2 id="listing-route-title">{intl.formatMessage({ id: 'listing.route' })}</h2>
        <div className="job-route">
          <RouteEnd
            label={intl.formatMessage({ id: 'listing.pickup' })}
            place={detail.pickup}
            fullPostcode={allocation?.pickup_postcode ?? null}
            fromYou={detail.pickup_distance_m}
            fmt={fmt}
          />
          <span className="job-route-arrow" aria-hidden="true">
            →
          </span>
          <RouteEnd
            label={intl.formatMessage({ id: 'listing.delivery' })}
            place={detail.delivery}
            fullPostcode={allocation?.delivery_postcode ?? null}
            fromYou={detail.delivery_distance_m}
            fmt={fmt}
          />
        </div>
        {allocation ? null : <p className="muted job-note">{intl.formatMessage({ id: 'listing.postcodesHidden' })}</p>}
      </section>

      <section className="card job-section" aria-labelledby="listing-facts-title">
        <h2 id="listing-facts-title">{intl.formatMessage({ id: 'listing.facts' })}</h2>
        <dl className="job-facts">
          <div>
            <dt>{intl.formatMessage({ id: 'listing.pickupWindow' })}</dt>
            <dd data-testid="listing-window">{pickupWindow(intl, fmt, detail.pickup_date)}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'listing.volume' })}</dt>
            <dd>
              {intl.formatMessage(
                { id: 'listing.volume.value' },
                { volume: intl.formatNumber(detail.volume_m3, { maximumFractionDigits: 1 }) },
              )}
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'listing.distance' })}</dt>
            <dd>{fmt.distance(detail.distance_m)}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'listing.allocation' })}</dt>
            <dd>{intl.formatMessage(METHOD_MESSAGES[method])}</dd>
          </div>
        </dl>
      </section>

      <section className="card job-section" aria-labelledby="listing-description-title">
        <h2 id="listing-description-title">{intl.formatMessage({ id: 'listing.description' })}</h2>
        {/* The server writes the description in English only (server/listings/listing-description.ts). */}
        <p lang="en">{detail.description}</p>
        {fmt.locale === 'en' ? null : (
          <p className="muted job-note">{intl.formatMessage({ id: 'listing.descriptionLanguage' })}</p>
        )}
        {attributes.length > 0 ? (
          <>
            <h3 className="job-subtitle">{intl.formatMessage({ id: 'listing.attributes' })}</h3>
            <dl className="job-attributes">
              {attributes.map(([key, value]) => {
                const text = attributeText(intl, key, value);
                return (
                  <div key={key}>
                    <dt>{text.name}</dt>
                    <dd>{text.value}</dd>
                  </div>
                );
              })}
            </dl>
          </>
        ) : null}
      </section>
    </>
  );
}
