import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, useParams } from 'wouter';
import { journeyAllocationMachine } from '@/machines/journey-allocation/journey-allocation.machine';
import {
  allocationPanel,
  canCancelInterest,
  canEditInterest,
  cancelMsLeft,
  driverActor,
  handedBackOf,
  hasLoadFailed,
  interestOf,
  isBusy,
  isCancellingInterest,
  isEditingInterest,
  isNotFound,
  offerActor,
  serverNowOf,
  trackingOf,
  viewOf,
  type AllocationPanel,
} from '@/machines/journey-allocation/journey-allocation.selectors';
import type { JourneyNotice } from '@/machines/journey-allocation/journey-allocation.types';
import type { JourneyResponse } from '@/schemas/journey';
import { PageLoading } from '@/src/app/page-states';
import { useToasts } from '@/src/app/root-actors';
import { useFormatters } from '@/src/app/use-formatters';
import { lazyPart } from '@/src/app/lazy-part';
import { WorkNotice } from '@/src/app/work-notice';
import { formatCountdown } from '@/src/format/countdown';
import { CATEGORY_MESSAGES } from '@/src/pages/find-work/listing-labels';
import { JourneyCustomers, JourneyRequirements } from './journey-customers';
import { JourneyDriverPanel } from './journey-driver-panel';
import { CHARGE_BANDS, FAILURE_TOASTS, NOT_ELIGIBLE, SUCCESS_TOASTS } from './journey-labels';
import { JourneySchedule } from './journey-schedule';
import { JourneyStatusBadge } from './journey-status-badge';
import { isOnMyJourneys } from './journey-status-labels';
import type { JourneyStatusCode } from '@/schemas/journey-status-code';
import { hasRoute } from '@/src/app/route-table';
import './journey-page.css';
import { failureText } from '@/src/format/failure-text';
import { inspect } from '@/src/app/inspection';
import { FallbackBoundary } from '@/src/components/fallback-boundary';
import { WhenNearViewport } from '@/src/components/near-viewport';

/** MapLibre is large: it loads with this page only, when the map's frame comes near the viewport. */
const JourneyRouteMap = lazy(() => import('./journey-route-map'));

/** Back to find work; for a journey on the partner's journeys list (held, or its interest pending), back to that. */
/**
 * The pay breakdown (its bands, the hand-back charges and their countdown: about 3 KB) is drawn below the schedule and
 * the map, once the journey has arrived: its code is fetched as the page opens, beside the journey's request, not on
 * the page's first load.
 */
const JourneyBreakdown = lazyPart(() => import('./journey-breakdown').then((m) => m.JourneyBreakdown));
/**
 * The offer form (vehicle, driver, quotes, people: the form controls it brings are about 2 KB) shows once the journey
 * has arrived and is open to the partner; its code is fetched as the page opens too.
 */
const JourneyOfferPanel = lazyPart(() => import('./journey-offer-panel').then((m) => m.JourneyOfferPanel));

function BackLink({ code }: { code?: JourneyStatusCode | undefined }) {
  const intl = useIntl();
  const mine = code !== undefined && isOnMyJourneys(code) && hasRoute('/journey');
  return (
    <p className="journey-back">
      <Link href={mine ? '/journey' : '/find-work'}>
        <span aria-hidden="true">←</span>
        {intl.formatMessage({ id: mine ? 'myJourneys.back' : 'listing.back' })}
      </Link>
    </p>
  );
}

/** The journey page of one journey, for the `:id` of the address. */
function JourneyView({ id }: { id: string }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const toasts = useToasts();
  // the language's decimal separator, for the amounts an edit of an interest fills its fields with
  const decimalSeparator = intl.formatNumberToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const actor = useActorRef(journeyAllocationMachine, { inspect, input: { id, decimalSeparator } });
  const view = useSelector(actor, viewOf);
  const notFound = useSelector(actor, isNotFound);
  const failed = useSelector(actor, hasLoadFailed);
  const panel = useSelector(actor, allocationPanel);
  const handedBack = useSelector(actor, handedBackOf);

  // The machines ask for toasts with the action and the server's words; they are translated in the language shown now.

  useEffect(() => {
    const subscription = actor.on('journey.notice', (notice: JourneyNotice) =>
      toasts.send({
        type: 'toast.shown',
        tone: notice.tone,
        title:
          notice.tone === 'success'
            ? intl.formatMessage(SUCCESS_TOASTS[notice.action], {
                amount: fmt.money(notice.amount ?? 0),
                count: notice.count ?? 1,
              })
            : intl.formatMessage(FAILURE_TOASTS[notice.action]),
        ...noticeText(intl, notice),
      }),
    );
    return () => subscription.unsubscribe();
  }, [actor, toasts, intl, fmt]);

  if (notFound)
    return (
      <div className="journey-page">
        <BackLink />
        <h1>{intl.formatMessage({ id: 'journey.notFound' })}</h1>
        <p className="muted">{intl.formatMessage({ id: 'journey.notFound.body' })}</p>
      </div>
    );
  if (failed)
    return (
      <div className="journey-page">
        <BackLink />
        <h1>{intl.formatMessage({ id: 'journey.title' })}</h1>
        <div className="alert alert-danger" role="alert">
          <p>{intl.formatMessage({ id: 'journey.loadFailed' })}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'journey.retried' })}>
            {intl.formatMessage({ id: 'app.retry' })}
          </button>
        </div>
      </div>
    );
  if (!view) return <PageLoading />;

  const { journey } = view;
  return (
    <div className="journey-page" data-journey-id={journey.id}>
      <BackLink code={view.status_code} />
      <header className="journey-header">
        <p className="journey-category">{intl.formatMessage(CATEGORY_MESSAGES[journey.category])}</p>
        <div className="journey-title-row">
          <h1>{intl.formatMessage({ id: 'journey.heading' }, { from: journey.start_town, to: journey.end_town })}</h1>
          {view.status_code ? <JourneyStatusBadge code={view.status_code} testId="journey-status" /> : null}
        </div>
        <p className="journey-facts muted">
          <span>{intl.formatMessage({ id: 'journey.number' }, { id: journey.id })}</span>
          <span>
            {intl.formatMessage(
              { id: 'journey.firstPickup' },
              { date: fmt.date(journey.first_pickup_at), time: fmt.time(journey.first_pickup_at) },
            )}
          </span>
          <span>{intl.formatMessage({ id: 'journey.stops' }, { count: journey.stops })}</span>
          <span>{fmt.distance(journey.distance_m)}</span>
          <span>{intl.formatMessage({ id: 'journey.volume.value' }, { volume: journey.volume_m3 })}</span>
        </p>
      </header>

      {handedBack ? (
        <section className="journey-notice journey-notice-info" role="status" data-testid="journey-handed-back">
          <h2>{intl.formatMessage({ id: 'journey.handedBack.title' })}</h2>
          <p>
            {intl.formatMessage(
              { id: 'journey.handedBack.body' },
              {
                amount: fmt.money(handedBack.charge.amount),
                band: intl.formatMessage(CHARGE_BANDS[handedBack.charge_band]),
              },
            )}
          </p>
        </section>
      ) : null}

      <div className="journey-layout">
        <aside className="journey-aside" aria-labelledby="journey-allocation-title">
          <section className="card journey-section journey-allocation" data-panel={panel ?? undefined}>
            <h2 id="journey-allocation-title">{intl.formatMessage({ id: 'journey.allocation' })}</h2>
            <p className="journey-price" data-testid="journey-price">
              {fmt.money(view.allocationDetails?.tpQuote.amount ?? journey.tp_quote.amount)}
            </p>
            {journey.tp_quote_return ? (
              <p className="muted journey-return">
                {intl.formatMessage({ id: 'journey.returnLeg' }, { amount: fmt.money(journey.tp_quote_return.amount) })}
              </p>
            ) : null}
            <AllocationPanelView panel={panel} view={view} actor={actor} />
          </section>
          <TrackingCard actor={actor} />
        </aside>
        <div className="journey-main">
          <JourneySchedule journey={journey} />
          <section className="card journey-section journey-map-section" aria-labelledby="journey-map-title">
            <h2 id="journey-map-title">{intl.formatMessage({ id: 'journey.map' })}</h2>
            <FallbackBoundary fallback={<p className="muted">{intl.formatMessage({ id: 'journey.map.failed' })}</p>}>
              <WhenNearViewport className="journey-map-frame" fallback={<div className="journey-map-fallback" />}>
                <JourneyRouteMap nodes={journey.nodes} label={intl.formatMessage({ id: 'journey.map.label' })} />
              </WhenNearViewport>
            </FallbackBoundary>
          </section>
          <BreakdownWithClock actor={actor} view={view} />
          <JourneyCustomers journey={journey} />
          <JourneyRequirements journey={journey} />
        </div>
      </div>
    </div>
  );
}

type PageActor = ReturnType<typeof useActorRef<typeof journeyAllocationMachine>>;

/** The breakdown, with the band of now (re-rendered with the clock, apart from the rest of the page). */
function BreakdownWithClock({ actor, view }: { actor: PageActor; view: JourneyResponse }) {
  // the band changes at most twice in a journey's life: a minute's precision is plenty
  const minute = useSelector(actor, (s) => Math.floor(serverNowOf(s) / 60_000));
  return <JourneyBreakdown view={view} serverNow={minute * 60_000} />;
}

/** What the partner can do now, by the allocation state (spec §4). */
function AllocationPanelView({
  panel,
  view,
  actor,
}: {
  panel: AllocationPanel | null;
  view: JourneyResponse;
  actor: PageActor;
}) {
  const intl = useIntl();
  const fmt = useFormatters();
  const offer = useSelector(actor, offerActor);
  const driver = useSelector(actor, driverActor);
  const busy = useSelector(actor, isBusy);
  const minute = useSelector(actor, (s) => Math.floor(serverNowOf(s) / 60_000));
  const { journey } = view;
  const method = view.allocationDetails?.allocationMethod;

  switch (panel) {
    case 'offered':
      return (
        <>
          <p className="journey-method">
            {intl.formatMessage({
              id: method === 'CLICK_AND_CLAIM' ? 'allocation.click_and_claim' : 'allocation.express_interest',
            })}
          </p>
          {offer ? <JourneyOfferPanel offer={offer} quote={journey.tp_quote.amount} /> : null}
        </>
      );
    case 'pending':
      return <PendingInterest actor={actor} quote={journey.tp_quote.amount} />;
    case 'allocated':
      return (
        <>
          <div className="journey-notice journey-notice-ok" data-testid="journey-allocated">
            <h3>{intl.formatMessage({ id: 'journey.allocated.title' })}</h3>
            {view.allocationDetails?.allocatedAt ? (
              <p>
                {intl.formatMessage(
                  { id: 'journey.allocated.at' },
                  {
                    date: fmt.date(view.allocationDetails.allocatedAt),
                    time: fmt.time(view.allocationDetails.allocatedAt),
                  },
                )}
              </p>
            ) : null}
          </div>
          {driver ? <JourneyDriverPanel panel={driver} view={view} serverNow={minute * 60_000} /> : null}
        </>
      );
    case 'completed':
      return (
        <div className="journey-notice journey-notice-ok" data-testid="journey-completed">
          <h3>{intl.formatMessage({ id: 'journey.completed.title' })}</h3>
          {journey.completed_at ? (
            <p>{intl.formatMessage({ id: 'journey.completed.at' }, { date: fmt.date(journey.completed_at) })}</p>
          ) : null}
        </div>
      );
    case 'taken':
      return (
        <div className="journey-notice journey-notice-gone" role="alert" data-testid="journey-taken">
          <h3>{intl.formatMessage({ id: 'journey.taken.title' })}</h3>
          <p>
            {intl.formatMessage({ id: 'journey.taken.body' })}{' '}
            <Link href="/find-work">{intl.formatMessage({ id: 'listing.unavailable.link' })}</Link>
          </p>
        </div>
      );
    case 'notEligible':
      return <NotEligible view={view} />;
    case 'notOffered':
      return (
        <p className="muted" data-testid="journey-not-offered">
          {intl.formatMessage({ id: 'journey.notOffered' })}
        </p>
      );
    default:
      return busy ? (
        <p className="muted" role="status">
          {intl.formatMessage({ id: 'journey.updating' })}
        </p>
      ) : null;
  }
}

/**
 * UNALLOCATED + EXPRESSED_INTEREST: the interest waits. Until the deadline, counted down on the server's clock, it can
 * be cancelled or changed (spec §4 edit: the offer panel on the interest's values, then back here with the new ones).
 */
function PendingInterest({ actor, quote }: { actor: PageActor; quote: number }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const interest = useSelector(actor, interestOf);
  const cancellable = useSelector(actor, canCancelInterest);
  const cancelling = useSelector(actor, isCancellingInterest);
  const editable = useSelector(actor, canEditInterest);
  const editing = useSelector(actor, isEditingInterest);
  const offer = useSelector(actor, offerActor);
  const left = useSelector(actor, cancelMsLeft);

  if (editing)
    return (
      <div className="journey-pending" data-testid="journey-pending">
        <h3 className="journey-subtitle">{intl.formatMessage({ id: 'journey.pending.editTitle' })}</h3>
        {offer ? (
          <JourneyOfferPanel
            offer={offer}
            quote={quote}
            onDiscard={() => actor.send({ type: 'interest.editDiscarded' })}
          />
        ) : null}
      </div>
    );
  return (
    <div className="journey-pending" data-testid="journey-pending">
      <div className="journey-notice journey-notice-wait">
        <h3>{intl.formatMessage({ id: 'journey.pending.title' })}</h3>
        <p>{intl.formatMessage({ id: 'journey.pending.body' })}</p>
      </div>
      {interest ? (
        <dl className="journey-facts-list" data-testid="journey-interest">
          <div>
            <dt>{intl.formatMessage({ id: 'journey.vehicle.label' })}</dt>
            <dd>{interest.registration_number}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'journey.pending.quote' })}</dt>
            <dd>{fmt.money(interest.tp_quote.amount)}</dd>
          </div>
          {interest.tp_quote_return ? (
            <div>
              <dt>{intl.formatMessage({ id: 'journey.pending.returnQuote' })}</dt>
              <dd>{fmt.money(interest.tp_quote_return.amount)}</dd>
            </div>
          ) : null}
          {interest.selected_number_of_men_option ? (
            <div>
              <dt>{intl.formatMessage({ id: 'journey.offer.people' })}</dt>
              <dd>
                {intl.formatMessage({
                  id: interest.selected_number_of_men_option === 2 ? 'journey.pay.twoPeople' : 'journey.pay.onePerson',
                })}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{intl.formatMessage({ id: 'journey.pending.expressedAt' })}</dt>
            <dd>
              {fmt.date(interest.expressed_at)}, {fmt.time(interest.expressed_at)}
            </dd>
          </div>
        </dl>
      ) : null}
      {cancellable || cancelling ? (
        <>
          <p className="journey-countdown" data-testid="journey-cancel-countdown">
            {intl.formatMessage(
              { id: editable ? 'journey.pending.changeUntil' : 'journey.pending.cancelUntil' },
              {
                left: formatCountdown(left, fmt.locale),
                date: fmt.date(interest?.cancellable_until),
                time: fmt.time(interest?.cancellable_until),
              },
            )}
          </p>
          <div className="journey-buttons">
            {editable ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => actor.send({ type: 'interest.editStarted' })}
                disabled={cancelling}
              >
                {intl.formatMessage({ id: 'journey.pending.edit' })}
              </button>
            ) : null}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                if (!cancelling) actor.send({ type: 'interest.cancelled' });
              }}
              aria-disabled={cancelling || undefined}
            >
              {intl.formatMessage({ id: 'journey.pending.cancel' })}
            </button>
          </div>
        </>
      ) : (
        <p className="muted" data-testid="journey-cancel-closed">
          {intl.formatMessage({ id: 'journey.pending.locked' })}
        </p>
      )}
    </div>
  );
}

/**
 * The badge with its tooltip loads on its own: only a partner who may not take the journey sees it, and the tooltip
 * would put React Aria's overlay code (about 19 KB) on every journey's first load. Until it arrives, or if it cannot,
 * the badge shows as plain words; the reason and what to do are on the page either way.
 */
const NotEligibleBadge = lazy(() => import('./journey-not-eligible-badge'));

function NotEligibleBadgeLoader() {
  const intl = useIntl();
  const plain = (
    <span className="journey-badge journey-badge-no">{intl.formatMessage({ id: 'journey.notEligible.badge' })}</span>
  );
  return (
    <FallbackBoundary fallback={plain}>
      <Suspense fallback={plain}>
        <NotEligibleBadge />
      </Suspense>
    </FallbackBoundary>
  );
}

/**
 * Spec §6: the tooltip 'not eligible to carry out journeys', and instead of actions why: a partner who may not take
 * work at all (suspended, documents, vehicle, terms: the server's decision) is told what to put right, with the link
 * to it; one the journeys' own rules stop (not journey-ready, no van for this load) is told to contact the team.
 */
function NotEligible({ view }: { view: JourneyResponse }) {
  const intl = useIntl();
  const reason = view.actions.reason ?? 'not_journey_ready';
  const work = view.actions.work;
  const blocked = work !== undefined && !work.may_work;
  return (
    <div className="journey-not-eligible" data-testid="journey-not-eligible">
      <NotEligibleBadgeLoader />
      {blocked ? (
        <WorkNotice work={work} />
      ) : (
        <>
          <p>{intl.formatMessage(NOT_ELIGIBLE[reason], { volume: view.journey.volume_m3 })}</p>
          <p>{intl.formatMessage({ id: 'journey.notEligible.contact' })}</p>
        </>
      )}
    </div>
  );
}

/** Spec §9: tracking opens 24 hours before collection; the page says when, then that it is open. */
function TrackingCard({ actor }: { actor: PageActor }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const tracking = useSelector(actor, trackingOf, (a, b) => a.kind === b.kind);
  if (tracking.kind === 'off') return null;
  return (
    <section className="card journey-section" aria-labelledby="journey-tracking-title" data-testid="journey-tracking">
      <h2 id="journey-tracking-title">{intl.formatMessage({ id: 'journey.tracking' })}</h2>
      {tracking.kind === 'open' ? (
        <p className="journey-tracking-open">{intl.formatMessage({ id: 'journey.tracking.open' })}</p>
      ) : (
        <p>
          {intl.formatMessage(
            { id: 'journey.tracking.opensAt' },
            { date: fmt.date(new Date(tracking.opensAt)), time: fmt.time(new Date(tracking.opensAt)) },
          )}
        </p>
      )}
    </section>
  );
}

/**
 * A journey (/journey/:id; spec §2): the schedule, route map, breakdown, customer information and special
 * requirements, and what the partner can do with it by its allocation state. One machine per journey: a new id in
 * the address starts afresh.
 */
/** A toast's text: a refusal's messages one a line (spec §8); a call that failed otherwise, in the portal's words. */
function noticeText(intl: IntlShape, notice: JourneyNotice): { text?: string } {
  if (notice.failure && notice.failure !== 'refused')
    return { text: failureText(intl, { kind: notice.failure, message: '' }) };
  return notice.messages && notice.messages.length > 0 ? { text: notice.messages.join('\n') } : {};
}

export default function JourneyPage() {
  const { id = '' } = useParams<{ id: string }>();
  JourneyBreakdown.preload();
  JourneyOfferPanel.preload();
  return <JourneyView key={id} id={id} />;
}
