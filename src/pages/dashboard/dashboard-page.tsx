import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { currentUser } from '@/machines/auth/auth.selectors';
import { createRequestMachine } from '@/machines/request/request.machine';
import { dataOf, hasFailed } from '@/machines/request/request.selectors';
import { fetchDashboard, fetchOnboardingStatus } from '@/src/api/partner-overview';
import { hasRoute } from '@/src/app/route-table';
import { inspect } from '@/src/app/inspection';
import { useAuthActor } from '@/src/app/root-actors';
import { useSession } from '@/src/app/session-scope';
import { useFormatters } from '@/src/app/use-formatters';
import { PageLoading } from '@/src/app/page-states';
import { SummaryCard } from '@/src/components/summary-card';
import { DISPLAY_TIME_ZONE } from '@/src/format/locale-codes';
import { DashboardBanners } from './dashboard-banners';
import { BADGE_COUNTER_KEYS } from '@/schemas/app-init';

const dashboardMachine = createRequestMachine('dashboard', fetchDashboard);
const onboardingMachine = createRequestMachine('onboardingStatus', fetchOnboardingStatus);

/** The partner dashboard (spec §2 index): banners, the three cards, and the notification counters. */
export default function DashboardPage() {
  const intl = useIntl();
  const fmt = useFormatters();
  const user = useSelector(useAuthActor(), currentUser);
  const session = useSession();
  const dashboard = useActorRef(dashboardMachine, { inspect });
  const onboarding = useActorRef(onboardingMachine, { inspect });
  const summary = useSelector(dashboard, dataOf);
  const status = useSelector(onboarding, dataOf);
  const failed = useSelector(dashboard, hasFailed);
  // Banners, cards and counters appear together once each read has answered (or failed), so nothing
  // already on screen is pushed down by a late answer (layout shift).
  const onboardingSettled = useSelector(onboarding, (s) => !s.hasTag('loading'));
  const countersSettled = useSelector(session!.badgeCounters, (s) => !s.hasTag('loading'));
  const settled = onboardingSettled && countersSettled && (summary !== null || failed);
  const counters = useSelector(session!.badgeCounters, dataOf);
  const partnerArea = session?.features?.third_party_partner === true;
  const fakeDate = useSelector(session!.appInit, (s) => s.context.init?.fake_date ?? null);
  const today = fakeDate ?? Temporal.Now.plainDateISO(DISPLAY_TIME_ZONE).toString();

  if (!user) return null;
  const firstName = user.full_name.split(' ')[0] ?? user.full_name;
  const link = (path: string) => (hasRoute(path) ? path : null);

  return (
    <div className="dashboard">
      <header className="page-header">
        <h1>{intl.formatMessage({ id: 'dashboard.greeting' }, { name: firstName })}</h1>
        <p className="muted">{intl.formatMessage({ id: 'dashboard.today' }, { date: fmt.date(today) })}</p>
      </header>

      {!settled ? <PageLoading /> : null}
      {settled && status ? <DashboardBanners user={user} status={status} /> : null}

      {!settled ? null : !partnerArea ? (
        <p className="alert alert-info" role="status">
          {intl.formatMessage({ id: 'dashboard.partnerAreaOff' })}
        </p>
      ) : failed ? (
        <div className="alert alert-danger" role="alert">
          <p>{intl.formatMessage({ id: 'dashboard.loadFailed' })}</p>
          <button type="button" className="button" onClick={() => dashboard.send({ type: 'request.retry' })}>
            {intl.formatMessage({ id: 'app.retry' })}
          </button>
        </div>
      ) : !summary ? null : (
        <div className="summary-cards">
          <SummaryCard
            testId="card-find-work"
            title={intl.formatMessage({ id: 'dashboard.findWork.title' })}
            href={link('/find-work')}
            linkLabel="→"
          >
            {summary.find_work.nearby_jobs !== null && user.registered_address?.town ? (
              <p className="figure">
                {intl.formatMessage(
                  { id: 'dashboard.findWork.nearby' },
                  {
                    count: summary.find_work.nearby_jobs,
                    radius: fmt.distance(summary.find_work.radius_miles * 1609.344),
                    town: user.registered_address.town,
                  },
                )}
              </p>
            ) : (
              <p className="muted">{intl.formatMessage({ id: 'dashboard.findWork.noAddress' })}</p>
            )}
            {summary.find_work.top_payout ? (
              <p data-testid="top-payout">
                {intl.formatMessage(
                  {
                    id:
                      summary.find_work.nearby_jobs === null
                        ? 'dashboard.findWork.topPayoutAll'
                        : 'dashboard.findWork.topPayout',
                  },
                  { amount: fmt.money(summary.find_work.top_payout.amount) },
                )}
              </p>
            ) : null}
            <p>{intl.formatMessage({ id: 'dashboard.findWork.open' }, { count: summary.find_work.open_jobs })}</p>
            <p>
              {intl.formatMessage({ id: 'dashboard.findWork.journeys' }, { count: summary.find_work.open_journeys })}
            </p>
          </SummaryCard>

          <SummaryCard
            testId="card-reservations"
            title={intl.formatMessage({ id: 'dashboard.reservations.title' })}
            href={link('/reservations')}
            linkLabel="→"
          >
            {user.ip_journey_ready ? (
              <>
                <p className="figure">
                  {intl.formatMessage(
                    { id: 'dashboard.reservations.upcoming' },
                    { count: summary.reservations.upcoming },
                  )}
                </p>
                {summary.reservations.next_date ? (
                  <p>
                    {intl.formatMessage(
                      { id: 'dashboard.reservations.next' },
                      { date: fmt.date(summary.reservations.next_date) },
                    )}
                  </p>
                ) : null}
              </>
            ) : (
              <p className="muted">{intl.formatMessage({ id: 'dashboard.reservations.notReady' })}</p>
            )}
          </SummaryCard>

          <SummaryCard
            testId="card-manage-work"
            title={intl.formatMessage({ id: 'dashboard.manageWork.title' })}
            href={link('/work')}
            linkLabel="→"
          >
            <p className="figure">
              {intl.formatMessage({ id: 'dashboard.manageWork.active' }, { count: summary.manage_work.active })}
            </p>
            <p>
              {intl.formatMessage(
                { id: 'dashboard.manageWork.completed' },
                { count: summary.manage_work.completed_this_week },
              )}
            </p>
            <p data-testid="earned-this-week">
              {intl.formatMessage(
                { id: 'dashboard.manageWork.earned' },
                { amount: fmt.money(summary.manage_work.earned_this_week.amount) },
              )}
            </p>
          </SummaryCard>
        </div>
      )}

      {settled && counters ? (
        <section className="card counters-panel" aria-labelledby="counters-title">
          <h2 id="counters-title">{intl.formatMessage({ id: 'counters.label' })}</h2>
          <ul className="counter-list">
            {BADGE_COUNTER_KEYS.map((key) => (
              <li key={key} data-counter={key}>
                {intl.formatMessage({ id: `counters.${key}` }, { count: counters[key] })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
