import { memo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Listing, ListingPlace } from '@/schemas/search';
import { hasRoute } from '@/src/app/route-table';
import type { useFormatters } from '@/src/app/use-formatters';

type Formatters = ReturnType<typeof useFormatters>;

/** Where a job starts or ends, as the marketplace shows it before allocation: town, short postcode, region. */
function PlaceLine({ place }: { place: ListingPlace }) {
  return (
    <span className="listing-place">
      <b>{place.town}</b>
      {place.short_postcode ? ` ${place.short_postcode}` : ''}
      {place.nuts1 ? <span className="region"> · {place.nuts1.short_name}</span> : null}
    </span>
  );
}

/** The link of a result: a job opens its detail view, a journey its own page once that route exists. */
export const listingHref = (listing: Listing): string | null =>
  listing.kind === 'journey'
    ? hasRoute('/journey/:id')
      ? `/journey/${listing.id}`
      : null
    : hasRoute('/find-work/listing/:id')
      ? `/find-work/listing/${listing.id}`
      : null;

/**
 * One result (spec §3 listing facts): category, title, towns and short postcodes (never full addresses before
 * allocation), NUTS1 short names, pickup window, volume, distance, price, allocation method; marked when taken.
 */
export const ListingCard = memo(function ListingCard({
  listing,
  taken,
  fmt,
  position,
  size,
  onHover,
  selected = false,
  onToggleSelect,
}: {
  listing: Listing;
  taken: boolean;
  fmt: Formatters;
  position: number;
  size: number;
  onHover: (id: Listing['id'] | null) => void;
  /** Ticked for one expression of interest in several journeys (journey tab only). */
  selected?: boolean;
  /** Ticks or unticks an express-interest journey; without it no checkbox is shown. */
  onToggleSelect?: (id: Listing['id']) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const href = taken ? null : listingHref(listing);
  const title = href ? <Link href={href}>{listing.title}</Link> : listing.title;
  const start = listing.pickup_date.start;
  const selectable =
    onToggleSelect !== undefined &&
    !taken &&
    listing.kind === 'journey' &&
    listing.allocation_method === 'express_interest';
  return (
    <article
      className={`listing-card${taken ? ' is-taken' : ''}`}
      aria-posinset={position}
      aria-setsize={size}
      aria-labelledby={`listing-${listing.kind}-${listing.id}`}
      data-listing-id={listing.id}
      data-listing-kind={listing.kind}
      onMouseEnter={() => onHover(listing.id)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(listing.id)}
    >
      <div className="listing-main">
        {selectable ? (
          <label className="listing-select">
            <input type="checkbox" checked={selected} onChange={() => onToggleSelect(listing.id)} />
            {t('journeySelection.select')}
            <span className="visually-hidden"> {listing.title}</span>
          </label>
        ) : null}
        <p className="listing-category">
          <span className={`kind-chip kind-${listing.kind}`}>{t(`tab.${listing.kind}`)}</span>
          {t(`category.${listing.category}`)}
          {listing.allocation_method ? (
            <span className="muted"> · {t(`allocation.${listing.allocation_method}`)}</span>
          ) : null}
        </p>
        <h3 id={`listing-${listing.kind}-${listing.id}`} className="listing-title">
          {title}
        </h3>
        <p className="listing-route">
          <PlaceLine place={listing.pickup} />
          <span aria-hidden="true"> → </span>
          <span className="visually-hidden">{t('findWork.to')}</span>
          <PlaceLine place={listing.delivery} />
        </p>
        <p className="listing-facts muted">
          <span>
            {fmt.date(start)} {fmt.time(start)}–{fmt.time(listing.pickup_date.end)}
          </span>
          <span>{t('findWork.volume', { volume: listing.volume_m3 })}</span>
          <span>{fmt.distance(listing.distance_m)}</span>
          {listing.pickup_distance_m !== null ? (
            <span>{t('findWork.away', { distance: fmt.distance(listing.pickup_distance_m) })}</span>
          ) : null}
        </p>
      </div>
      <div className="listing-price">
        {taken ? (
          <span className="taken-badge">{t('findWork.taken')}</span>
        ) : (
          <>
            <span className="muted">{t(listing.kind === 'auction' ? 'findWork.currentBid' : 'findWork.price')}</span>
            <b>{fmt.money(listing.price.amount)}</b>
          </>
        )}
      </div>
    </article>
  );
});
