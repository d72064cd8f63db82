import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { OfflineBanner } from '@/src/app/offline-banner';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { currentUser, isAdmin, isImpersonating, isSwitchingUser } from '@/machines/auth/auth.selectors';
import { dataOf } from '@/machines/request/request.selectors';
import { CounterBadges } from '@/src/components/counter-badges';
import { ImpersonationBanner } from '@/src/components/impersonation-banner';
import { SuspensionBanner, suspensionEnd } from '@/src/components/suspension-banner';
import { useFormatters } from '@/src/app/use-formatters';
import { useAuthActor } from '@/src/app/root-actors';
import { useSession } from '@/src/app/session-scope';
import { UserMenu } from '@/src/app/user-menu';
import { hasRoute } from '@/src/app/route-table';
import { NewWorkBadge } from './new-work-badge';

/** The signed-in partner's layout: top bar with navigation, counters and the user menu. */
export function ProviderLayout({ children }: { children: ReactNode }) {
  const auth = useAuthActor();
  const user = useSelector(auth, currentUser);
  const admin = useSelector(auth, isAdmin);
  const impersonating = useSelector(auth, isImpersonating);
  const switching = useSelector(auth, isSwitchingUser);
  const session = useSession();
  const counters = useSelector(session!.badgeCounters, dataOf);
  const [location] = useLocation();
  const features = session?.features;
  const intl = useIntl();
  const fmt = useFormatters();
  const suspendedUntil = suspensionEnd(user, Date.now());
  return (
    <div className="layout layout-provider">
      <a className="skip-link" href="#main">
        <FormattedMessage id="app.skipToContent" />
      </a>
      <header className="top-bar">
        <Link href="/" className="brand">
          <FormattedMessage id="app.name" />
        </Link>
        <nav aria-label={intl.formatMessage({ id: 'nav.main' })} className="main-nav">
          <Link href="/" aria-current={location === '/' ? 'page' : undefined}>
            <FormattedMessage id="nav.dashboard" />
          </Link>
          {hasRoute('/find-work') && features?.find_work ? (
            <Link href="/find-work" aria-current={location.startsWith('/find-work') ? 'page' : undefined}>
              <FormattedMessage id="nav.findWork" />
            </Link>
          ) : null}
          {hasRoute('/reservations') && features?.reservation_menu ? (
            <Link href="/reservations" aria-current={location.startsWith('/reservations') ? 'page' : undefined}>
              <FormattedMessage id="nav.reservations" />
            </Link>
          ) : null}
          {hasRoute('/work') && features?.new_won_work_page ? (
            <Link
              href="/work"
              aria-current={location === '/work' || location.startsWith('/work/') ? 'page' : undefined}
            >
              <FormattedMessage id="nav.work" />
            </Link>
          ) : null}
          {/* the machines page: a tool for admins (and everyone in development builds) */}
          {hasRoute('/machines') && (admin || import.meta.env.DEV) ? (
            <Link href="/machines" aria-current={location === '/machines' ? 'page' : undefined}>
              <FormattedMessage id="machines.title" />
            </Link>
          ) : null}
        </nav>
        <div className="top-bar-end">
          {counters ? <CounterBadges counters={counters} /> : null}
          {hasRoute('/find-work/alerts') && features?.find_work && session ? (
            <NewWorkBadge
              count={counters?.['new-work-alerts'] ?? null}
              current={location === '/find-work/alerts'}
              counters={session.badgeCounters}
            />
          ) : null}
          {user ? <UserMenu user={user} onSignOut={() => auth.send({ type: 'auth.logout.requested' })} /> : null}
        </div>
      </header>
      <OfflineBanner />
      {impersonating && user ? (
        <ImpersonationBanner
          name={user.full_name}
          email={user.email}
          busy={switching}
          onBack={() => auth.send({ type: 'auth.switchUser.cleared' })}
        />
      ) : null}
      {suspendedUntil ? (
        <SuspensionBanner untilText={`${fmt.date(suspendedUntil)}, ${fmt.time(suspendedUntil)}`} />
      ) : null}
      <main id="main" className="provider-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
