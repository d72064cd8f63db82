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
import { useAuthActor, useLocaleActor } from '@/src/app/root-actors';
import { usePrefetchPages } from '@/src/app/prefetch-pages';
import { currentLocale } from '@/machines/locale/locale.selectors';
import { useSession } from '@/src/app/session-scope';
import { UserMenu } from '@/src/app/user-menu';
import { hasRoute } from '@/src/app/route-table';
import { NewWorkBadge } from './new-work-badge';

interface NavItem {
  readonly href: string;
  readonly label: ReactNode;
  readonly shown: boolean;
  /** The address shown is this link's page (aria-current). */
  readonly current: boolean;
}

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
  const locale = useSelector(useLocaleActor(), currentLocale);
  const suspendedUntil = suspensionEnd(user, Date.now());
  const nav: readonly NavItem[] = [
    { href: '/', label: <FormattedMessage id="nav.dashboard" />, shown: true, current: location === '/' },
    {
      href: '/find-work',
      label: <FormattedMessage id="nav.findWork" />,
      shown: hasRoute('/find-work') && features?.find_work === true,
      current: location.startsWith('/find-work'),
    },
    {
      href: '/reservations',
      label: <FormattedMessage id="nav.reservations" />,
      shown: hasRoute('/reservations') && features?.reservation_menu === true,
      current: location.startsWith('/reservations'),
    },
    {
      href: '/work',
      label: <FormattedMessage id="nav.work" />,
      shown: hasRoute('/work') && features?.new_won_work_page === true,
      current: location === '/work' || location.startsWith('/work/'),
    },
    // the machines page: a tool for admins (and everyone in development builds)
    {
      href: '/machines',
      label: <FormattedMessage id="machines.title" />,
      shown: hasRoute('/machines') && (admin || import.meta.env.DEV),
      current: location === '/machines',
    },
  ].filter((item) => item.shown);
  // the pages behind the other links load before they are asked for, once the browser is idle (spec §9)
  usePrefetchPages(
    nav.filter((item) => !item.current).map((item) => item.href),
    locale,
  );
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
          {nav.map((item) => (
            <Link key={item.href} href={item.href} aria-current={item.current ? 'page' : undefined}>
              {item.label}
            </Link>
          ))}
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
