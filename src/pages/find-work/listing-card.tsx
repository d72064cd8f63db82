import { memo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Listing, ListingPlace } from '@/schemas/search';
import { hasRoute } from '@/src/app/route-table';
import type { useFormatters } from '@/src/app/use-formatters';
import { CATEGORY_MESSAGES, METHOD_MESSAGES } from './listing-labels';
import './listing-card.css';

type Formatters = ReturnType<typeof useFormatters>;

/** Where a job starts or ends, as the marketplace shows it before allocation: town, short postcode, region. */
export function PlaceLine({ place }: { place: ListingPlace }) {
  return (
    <span className="listing-place">
      <b>{place.town}</b>
      {place.short_postcode ? ` ${place.short_postcode}` : ''}
      {place.nuts1 ? <span className="region"> · {place.nuts1.short_name}</span> : null}
    </span>
  );
}

/**
 * The facts of a listing every card shows (spec §3): kind and category with its allocation method, the title (a link
 * when `href`), the towns with short postcodes and regions (never full addresses before allocation), the pickup
 * window, volume, distance and how far away the pickup is. `lead` comes first on the category line (a "New" mark).
 * Shared by find work's results and the alerts page, so a job reads the same wherever it is listed.
 */
export function ListingSummary({
  listing,
  fmt,
  titleId,
  href,
  title = listing.title,
  lead,
}: {
  listing: Listing;
  fmt: Formatters;
  titleId: string;
  href: string | null;
  title?: string;
  lead?: ReactNode;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const start = listing.pickup_date.start;
  return (
    <>
      <p className="listing-category">
        {lead}
        <span className={`kind-chip kind-${listing.kind}`}>{t(`tab.${listing.kind}`)}</span>
        {intl.formatMessage(CATEGORY_MESSAGES[listing.category])}
        {listing.allocation_method ? (
          <span className="muted"> · {intl.formatMessage(METHOD_MESSAGES[listing.allocation_method])}</span>
        ) : null}
      </p>
      <h3 id={titleId} className="listing-title">
        {href ? <Link href={href}>{title}</Link> : title}
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
    </>
  );
}

/** The price of a listing: the current bid of an auction, else its price. */
export function ListingPrice({ listing, fmt }: { listing: Listing; fmt: Formatters }) {
  const intl = useIntl();
  return (
    <>
      <span className="muted">
        {intl.formatMessage({ id: listing.kind === 'auction' ? 'findWork.currentBid' : 'findWork.price' })}
      </span>
      <b>{fmt.money(listing.price.amount)}</b>
    </>
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
        <ListingSummary listing={listing} fmt={fmt} titleId={`listing-${listing.kind}-${listing.id}`} href={href} />
      </div>
      <div className="listing-price">
        {taken ? (
          <span className="taken-badge">{t('findWork.taken')}</span>
        ) : (
          <ListingPrice listing={listing} fmt={fmt} />
        )}
      </div>
    </article>
  );
});
