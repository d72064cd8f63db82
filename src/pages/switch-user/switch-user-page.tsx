import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { authError, isSwitchingUser } from '@/machines/auth/auth.selectors';
import { switchUserMachine } from '@/machines/switch-user/switch-user.machine';
import { isSearching, partnersOf, queryOf, searchFailure, totalOf } from '@/machines/switch-user/switch-user.selectors';
import { inspect } from '@/src/app/inspection';
import { useAuthActor } from '@/src/app/root-actors';
import './switch-user-page.css';

/**
 * Switch user (spec §6: admins can log in as another user): the admin finds a partner by name or e-mail and acts as
 * them. The search is a view of machines/switch-user; acting as the partner is the auth machine's switch
 * (`auth.switchUser.requested`), after which the portal opens the partner's dashboard with the banner that says so.
 * The search box is the browser's own (`type="search"`: a searchbox to assistive technology, Escape clears it): a
 * plain text field needs no React Aria, which would add 20 KB to this page's first load.
 */
export default function SwitchUserPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const auth = useAuthActor();
  const switching = useSelector(auth, isSwitchingUser);
  const switchError = useSelector(auth, authError);
  const picker = useActorRef(switchUserMachine, { inspect });
  const partners = useSelector(picker, partnersOf);
  const total = useSelector(picker, totalOf);
  const query = useSelector(picker, queryOf);
  const searching = useSelector(picker, isSearching);
  const failure = useSelector(picker, searchFailure);
  const searchId = useId();

  return (
    <div className="switch-user-page">
      <header className="page-header">
        <h1>{t('switchUser.title')}</h1>
        <p className="muted">{t('switchUser.intro')}</p>
      </header>
      <div className="field switch-user-search">
        <label htmlFor={searchId}>{t('switchUser.search')}</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => picker.send({ type: 'switchUser.query.changed', query: event.target.value })}
        />
      </div>
      <p className="muted switch-user-count" role="status" aria-live="polite">
        {searching ? t('switchUser.searching') : failure ? '' : t('switchUser.found', { count: total })}
      </p>
      {switchError ? (
        <div className="alert alert-danger" role="alert">
          {t('switchUser.failed')}
        </div>
      ) : null}
      {failure ? (
        <div className="alert alert-danger" role="alert">
          <p>{t(`switchUser.searchFailed.${failure}`)}</p>
          <button type="button" className="button" onClick={() => picker.send({ type: 'switchUser.retried' })}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}
      <ul className="switch-user-list" aria-busy={searching}>
        {partners.map((partner) => (
          <li key={partner.id} className="switch-user-row" data-testid="switch-user-partner">
            <div>
              <p className="switch-user-name">{partner.full_name}</p>
              <p className="muted">
                {partner.email}
                {partner.town ? ` · ${partner.town}` : ''} · {t(`profile.accountType.${partner.account_type}`)}
              </p>
            </div>
            <button
              type="button"
              className="button"
              disabled={switching}
              aria-label={t('switchUser.actAsName', { name: partner.full_name })}
              onClick={() => auth.send({ type: 'auth.switchUser.requested', userId: partner.id })}
            >
              {t('switchUser.actAs')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
