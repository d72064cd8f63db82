import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { listingMachine } from '@/machines/listing/listing.machine';
import {
  canBookNow,
  canQuote,
  detailOf,
  hasBookingFailed,
  hasLoadFailed,
  isBooked,
  isBooking,
  isBusy,
  isConfirmOpen,
  isNotFound,
  isQuoting,
  quoteErrorOf,
  quoteTextOf,
  unavailableReason,
} from '@/machines/listing/listing.selectors';
import type { ListingDetail } from '@/schemas/listing';
import { inspect } from '@/src/app/inspection';
import { lazyDialog } from '@/src/app/lazy-dialog';
import { PageLoading } from '@/src/app/page-states';
import { useToasts } from '@/src/app/root-actors';
import { useFormatters } from '@/src/app/use-formatters';
import { ListingActions } from './listing-actions';
import { ListingFacts } from './listing-facts';
import { CATEGORY_MESSAGES, NOTICE_MESSAGES } from './listing-labels';
import './listing-page.css';

/** "Book this job?" loads when it first opens, with React Aria's modal: the page's first load does not carry it. */
const BookDialog = lazyDialog(() => import('./listing-book-dialog').then((m) => ({ default: m.BookDialog })));

function BackLink() {
  const intl = useIntl();
  return (
    <p className="job-back">
      <Link href="/find-work">
        <span aria-hidden="true">←</span>
        {intl.formatMessage({ id: 'listing.back' })}
      </Link>
    </p>
  );
}

/** "You booked this job": when, and the full postcodes that only the winner gets. */
function BookedNotice({ detail, focusRef }: { detail: ListingDetail; focusRef: Ref<HTMLElement> }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const allocation = detail.allocation;
  return (
    <section
      className="job-notice job-notice-booked"
      aria-labelledby="listing-booked-title"
      tabIndex={-1}
      ref={focusRef}
      data-testid="listing-booked"
    >
      <h2 id="listing-booked-title">{intl.formatMessage({ id: 'listing.booked.title' })}</h2>
      {allocation?.allocated_at ? (
        <p>
          {intl.formatMessage(
            { id: 'listing.booked.at' },
            { date: fmt.date(allocation.allocated_at), time: fmt.time(allocation.allocated_at) },
          )}
        </p>
      ) : null}
      {allocation ? (
        <dl className="job-postcodes" aria-label={intl.formatMessage({ id: 'listing.booked.postcodes' })}>
          <div>
            <dt>{intl.formatMessage({ id: 'listing.pickup' })}</dt>
            <dd>
              {detail.pickup.town} {allocation.pickup_postcode}
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'listing.delivery' })}</dt>
            <dd>
              {detail.delivery.town} {allocation.delivery_postcode}
            </dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}

/** The listing page of one job, for the `:id` of the address. */
function ListingView({ id }: { id: string }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const toasts = useToasts();
  const actor = useActorRef(listingMachine, { inspect, input: { id } });
  const detail = useSelector(actor, detailOf);
  const notFound = useSelector(actor, isNotFound);
  const loadFailed = useSelector(actor, hasLoadFailed);
  const booked = useSelector(actor, isBooked);
  const unavailable = useSelector(actor, unavailableReason);
  const busy = useSelector(actor, isBusy);
  const checking = useSelector(actor, (s) => s.matches({ showing: 'verifyingTaken' }));
  const bookable = useSelector(actor, canBookNow);
  const quotable = useSelector(actor, canQuote);
  const confirmOpen = useSelector(actor, isConfirmOpen);
  const booking = useSelector(actor, isBooking);
  const bookingFailed = useSelector(actor, hasBookingFailed);
  const quoting = useSelector(actor, isQuoting);
  const quoteText = useSelector(actor, quoteTextOf);
  const quoteError = useSelector(actor, quoteErrorOf);
  const noticeRef = useRef<HTMLElement | null>(null);

  // The machine asks for toasts with message ids; they are translated in the language shown now.
  useEffect(() => {
    const subscription = actor.on('listing.notice', (notice) =>
      toasts.send({
        type: 'toast.shown',
        tone: notice.tone,
        title: intl.formatMessage(NOTICE_MESSAGES[notice.title], { amount: fmt.money(notice.amount) }),
        ...(notice.serverMessage ? { text: notice.serverMessage } : {}),
      }),
    );
    return () => subscription.unsubscribe();
  }, [actor, toasts, intl, fmt]);

  // When the actions go (booked, taken, closed), focus moves to the notice that says why, unless the partner is
  // elsewhere on the page. After the dialogue closes React Aria gives focus back to Book now, which is gone by then:
  // the move waits for that first.
  const settled = booked || unavailable !== null;
  useEffect(() => {
    if (!settled) return;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected;
      if (lost || active.closest('.job-actions, .job-modal-overlay')) noticeRef.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [settled]);

  if (notFound) {
    return (
      <div className="job-page">
        <BackLink />
        <h1>{intl.formatMessage({ id: 'listing.notFound' })}</h1>
        <p className="muted">{intl.formatMessage({ id: 'listing.notFound.body' })}</p>
      </div>
    );
  }
  if (loadFailed) {
    return (
      <div className="job-page">
        <BackLink />
        <h1>{intl.formatMessage({ id: 'listing.title' })}</h1>
        <div className="alert alert-danger" role="alert">
          <p>{intl.formatMessage({ id: 'listing.loadFailed' })}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'listing.retried' })}>
            {intl.formatMessage({ id: 'app.retry' })}
          </button>
        </div>
      </div>
    );
  }
  if (!detail) return <PageLoading />;

  const price = fmt.money(detail.price.amount);
  return (
    <div className="job-page">
      <BackLink />
      <header className="job-header">
        <p className="job-category">{intl.formatMessage(CATEGORY_MESSAGES[detail.category])}</p>
        {/* the server writes titles in English, like descriptions */}
        <h1 lang={fmt.locale === 'en' ? undefined : 'en'}>{detail.title}</h1>
      </header>

      {booked ? <BookedNotice detail={detail} focusRef={noticeRef} /> : null}
      {unavailable ? (
        <section
          className="job-notice job-notice-gone"
          role="alert"
          aria-labelledby="listing-gone-title"
          tabIndex={-1}
          ref={noticeRef}
          data-testid="listing-unavailable"
        >
          <h2 id="listing-gone-title">
            {unavailable === 'taken'
              ? intl.formatMessage({ id: 'listing.taken' })
              : intl.formatMessage({ id: 'listing.closed' })}
          </h2>
          <p>
            {intl.formatMessage({ id: 'listing.unavailable.body' })}{' '}
            <Link href="/find-work">{intl.formatMessage({ id: 'listing.unavailable.link' })}</Link>
          </p>
        </section>
      ) : null}

      <div className="job-layout">
        <div className="job-main">
          <ListingFacts detail={detail} />
        </div>
        <aside className="job-aside">
          <ListingActions
            detail={detail}
            canBook={bookable}
            canQuote={quotable}
            settled={settled}
            isBusy={busy}
            isChecking={checking}
            isQuoting={quoting}
            quoteText={quoteText}
            quoteError={quoteError}
            onBook={() => actor.send({ type: 'booking.started' })}
            onQuoteChange={(text) => actor.send({ type: 'quote.changed', text })}
            onQuoteSubmit={() => actor.send({ type: 'quote.submitted' })}
          />
        </aside>
      </div>

      {confirmOpen ? (
        <BookDialog
          isBooking={booking}
          hasFailed={bookingFailed}
          amount={price}
          title={detail.title}
          from={detail.pickup.town}
          to={detail.delivery.town}
          onConfirm={() => actor.send({ type: 'booking.confirmed' })}
          onCancel={() => actor.send({ type: 'booking.cancelled' })}
          onUnavailable={() => actor.send({ type: 'booking.cancelled' })}
        />
      ) : null}
    </div>
  );
}

/**
 * A job of find work (/find-work/listing/:id): what a search result shows and more, then book now or quote, and
 * what happened (booked, or taken by another partner while the page was open). One machine per listing: a new id in
 * the address starts afresh.
 */
export default function ListingPage() {
  const { id = '' } = useParams<{ id: string }>();
  return <ListingView key={id} id={id} />;
}
