import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { FormTextField } from '@/src/forms/form-field';
import type { QuoteFieldError } from '@/machines/listing/listing.types';
import { MAX_QUOTE_MINOR_UNITS, type ListingDetail } from '@/schemas/listing';
import { useFormatters } from '@/src/app/use-formatters';
import { WorkNotice } from '@/src/app/work-notice';
import { currencyFor, isoFor } from '@/src/format/locale-codes';
import { KIND_MESSAGES, QUOTE_ERROR_MESSAGES } from './listing-labels';

export interface ListingActionsProps {
  readonly detail: ListingDetail;
  /** Book now is offered. */
  readonly canBook: boolean;
  /** The quote field is offered. */
  readonly canQuote: boolean;
  /** No action is offered at all: the job is booked, taken or closed (a notice at the top says which). */
  readonly settled: boolean;
  /** A call is under way: the buttons wait. */
  readonly isBusy: boolean;
  /** The listing is being read again after a taken event. */
  readonly isChecking: boolean;
  readonly isQuoting: boolean;
  readonly quoteText: string;
  readonly quoteError: QuoteFieldError | null;
  onBook(): void;
  onQuoteChange(text: string): void;
  onQuoteSubmit(): void;
}

/** The currency sign of the portal's locale: '£' in English, '€' in Spanish (spec §1). */
function currencySign(locale: 'en' | 'es'): string {
  const parts = new Intl.NumberFormat(isoFor(locale), {
    style: 'currency',
    currency: currencyFor(locale),
  }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? currencyFor(locale);
}

/**
 * The price of the job and what the partner can do with it: book now (instant, click and claim), or send or change a
 * quote (auction), with the lowest quote and how many partners quoted. Props in, markup out; the page's machine
 * decides what is offered.
 */
export function ListingActions(props: ListingActionsProps) {
  const intl = useIntl();
  const fmt = useFormatters();
  const { detail } = props;
  const auction = detail.auction;
  const example = intl.formatNumber(120.5, { minimumFractionDigits: 2 });
  const errorText =
    props.quoteError === null
      ? null
      : props.quoteError.kind === 'server'
        ? props.quoteError.messages.join('\n')
        : intl.formatMessage(QUOTE_ERROR_MESSAGES[props.quoteError.reason], {
            example,
            max: fmt.money(MAX_QUOTE_MINOR_UNITS),
          });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // while a call is under way the button stays focusable (aria-disabled) but sends nothing
    if (!props.isBusy) props.onQuoteSubmit();
  };

  return (
    <section className="card job-actions" aria-labelledby="listing-price-title">
      <p className="job-kind">{intl.formatMessage(KIND_MESSAGES[detail.kind])}</p>
      {auction === null ? (
        <>
          <h2 id="listing-price-title" className="job-price-label">
            {intl.formatMessage({ id: 'listing.price' })}
          </h2>
          <p className="job-price" data-testid="listing-price">
            {fmt.money(detail.price.amount)}
          </p>
        </>
      ) : (
        <>
          <h2 id="listing-price-title" className="job-price-label">
            {intl.formatMessage({ id: 'listing.lowestQuote' })}
          </h2>
          {auction.lowest_quote ? (
            <p className="job-price" data-testid="listing-lowest-quote">
              {fmt.money(auction.lowest_quote.amount)}
            </p>
          ) : (
            <p className="job-no-quotes" data-testid="listing-lowest-quote">
              {intl.formatMessage({ id: 'listing.noQuotes' })}
            </p>
          )}
          {auction.quote_count > 0 ? (
            <p className="muted" data-testid="listing-quote-count">
              {intl.formatMessage({ id: 'listing.quoteCount' }, { count: auction.quote_count })}
            </p>
          ) : null}
          {auction.my_quote ? (
            <p className="job-my-quote" data-testid="listing-my-quote">
              {intl.formatMessage({ id: 'listing.quote.yours' }, { amount: fmt.money(auction.my_quote.amount.amount) })}
            </p>
          ) : null}
        </>
      )}

      {props.isChecking ? (
        <p className="muted job-checking" role="status">
          {intl.formatMessage({ id: 'listing.checking' })}
        </p>
      ) : null}

      {props.settled ? null : !detail.eligible ? (
        // why the partner may not book or quote (the server's decision), and where to put it right
        detail.work && !detail.work.may_work ? (
          <WorkNotice work={detail.work} />
        ) : (
          <p className="alert alert-info">{intl.formatMessage({ id: 'listing.notEligible' })}</p>
        )
      ) : props.canBook ? (
        <div className="job-book">
          <p className="muted">{intl.formatMessage({ id: 'listing.book.hint' })}</p>
          <button type="button" className="button button-block" onClick={props.onBook} disabled={props.isBusy}>
            {intl.formatMessage({ id: 'listing.book.button' })}
          </button>
        </div>
      ) : props.canQuote ? (
        <form className="job-quote-form" onSubmit={submit} noValidate aria-busy={props.isQuoting}>
          <h3 className="job-subtitle">{intl.formatMessage({ id: 'listing.quote.title' })}</h3>
          <FormTextField
            name="quote"
            label={intl.formatMessage({ id: 'listing.quote.label' }, { currency: currencySign(fmt.locale) })}
            value={props.quoteText}
            onChange={props.onQuoteChange}
            inputMode="decimal"
            serverMessages={errorText === null ? undefined : [errorText]}
            description={intl.formatMessage({ id: 'listing.quote.help' }, { example })}
          />
          <button type="submit" className="button button-block" aria-disabled={props.isBusy || undefined}>
            {auction?.my_quote
              ? intl.formatMessage({ id: 'listing.quote.change' })
              : intl.formatMessage({ id: 'listing.quote.submit' })}
          </button>
        </form>
      ) : detail.allocation_method === 'express_interest' ? (
        <p className="muted">{intl.formatMessage({ id: 'listing.interestOnly' })}</p>
      ) : null}
    </section>
  );
}
