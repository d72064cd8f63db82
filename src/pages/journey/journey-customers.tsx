import { useIntl } from 'react-intl';
import type { Journey } from '@/schemas/journey';
import { CATEGORY_MESSAGES } from '@/src/pages/find-work/listing-labels';

/**
 * Customer information (spec §2, §6): present only when the server sends it, that is to the partner holding the
 * journey until it is completed; after completion the page says the details were removed (data protection). Props
 * in, markup out.
 */
export function JourneyCustomers({ journey }: { journey: Journey }) {
  const intl = useIntl();
  const customers = journey.listings.filter((listing) => listing.customer !== null);
  if (journey.customer_details === 'removed')
    return (
      <section className="card journey-section" aria-labelledby="journey-customers-title">
        <h2 id="journey-customers-title">{intl.formatMessage({ id: 'journey.customers' })}</h2>
        <p className="muted">{intl.formatMessage({ id: 'journey.customers.removed' })}</p>
      </section>
    );
  if (customers.length === 0) return null;
  return (
    <section className="card journey-section" aria-labelledby="journey-customers-title" data-testid="journey-customers">
      <h2 id="journey-customers-title">{intl.formatMessage({ id: 'journey.customers' })}</h2>
      <ul className="journey-customers">
        {customers.map((listing) => (
          <li key={listing.listing_id}>
            <p className="journey-customer-job muted">
              {intl.formatMessage({ id: 'journey.stop.job' }, { id: listing.listing_id })} ·{' '}
              {intl.formatMessage(CATEGORY_MESSAGES[listing.type])}
            </p>
            <p className="journey-customer-name">{listing.customer!.name}</p>
            <p>
              <a href={`tel:${listing.customer!.phone.replace(/\s+/g, '')}`}>{listing.customer!.phone}</a>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Special requirements of the customer jobs (spec §2), or a line saying there are none. Props in, markup out. */
export function JourneyRequirements({ journey }: { journey: Journey }) {
  const intl = useIntl();
  const needs = journey.listings.filter((listing) => listing.special_requirements);
  return (
    <section className="card journey-section" aria-labelledby="journey-requirements-title">
      <h2 id="journey-requirements-title">{intl.formatMessage({ id: 'journey.requirements' })}</h2>
      {needs.length === 0 ? (
        <p className="muted">{intl.formatMessage({ id: 'journey.requirements.none' })}</p>
      ) : (
        <ul className="journey-requirements" data-testid="journey-requirements">
          {needs.map((listing) => (
            <li key={listing.listing_id}>
              <span className="muted">
                {intl.formatMessage({ id: 'journey.stop.job' }, { id: listing.listing_id })}
              </span>{' '}
              {/* the customers write these in English */}
              <span lang="en">{listing.special_requirements}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
