import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useParams } from 'wouter';
import { profileMachine } from '@/machines/profile/profile.machine';
import { currentTab, isProfileLoading, profileLoadFailure, profileOf } from '@/machines/profile/profile.selectors';
import { PROFILE_TABS, type ProfileTab } from '@/machines/profile/profile.types';
import type { Profile } from '@/schemas/profile';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { failureText } from '@/src/format/failure-text';
import { TabPanel, Tabs } from '@/src/components/tabs';
import { AccountTab } from './account-tab';
import { EditProfileTab } from './edit-profile-tab';
import { HistoryTab } from './history-tab';
import { ReviewsTab } from './reviews-tab';
import { StatisticsTab } from './statistics-tab';
import './profile.css';

/** The tab an address names: /profile is "edit profile", /profile/{tab} the others; anything else is edit. */
export const tabOfAddress = (tab: string | undefined): ProfileTab =>
  (PROFILE_TABS as readonly string[]).includes(tab ?? '') ? (tab as ProfileTab) : 'edit';
const addressOfTab = (tab: ProfileTab) => (tab === 'edit' ? '/profile' : `/profile/${tab}`);

/**
 * The profile (spec §2 "profile (edit profile, account and preferences, history and invoicing, customer reviews,
 * statistics)"; issue 8): the partner's name, account type and address short form over five tabs, each an address
 * (/profile/reviews), so a reload or a shared link comes back to it. A view of the profile machine; each tab's form or
 * read is a machine of its own, started when the tab is first shown.
 */
export default function ProfilePage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [, navigate] = useLocation();
  const params = useParams<{ tab?: string }>();
  const addressTab = tabOfAddress(params.tab);
  const actor = useActorRef(profileMachine, { inspect, input: { tab: addressTab } });
  const tab = useSelector(actor, currentTab);
  const profile = useSelector(actor, profileOf);
  const loading = useSelector(actor, isProfileLoading);
  const failure = useSelector(actor, profileLoadFailure);

  // back and forward move between tabs
  useEffect(() => {
    actor.send({ type: 'tab.selected', tab: addressTab });
  }, [actor, addressTab]);

  const select = (next: ProfileTab) => {
    actor.send({ type: 'tab.selected', tab: next });
    navigate(addressOfTab(next), { replace: true });
  };
  const updated = (next: Profile) => actor.send({ type: 'profile.updated', profile: next });

  return (
    <div className="profile-page">
      <header className="page-header profile-header">
        <h1>{t('profile.title')}</h1>
        {profile ? (
          <dl className="profile-summary" data-testid="profile-summary">
            <div>
              <dt>{t('fields.full_name')}</dt>
              <dd data-testid="profile-name">{profile.full_name}</dd>
            </div>
            <div>
              <dt>{t('profile.accountType')}</dt>
              <dd>{t(`profile.accountType.${profile.account_type}`)}</dd>
            </div>
            <div>
              <dt>{t('profile.address')}</dt>
              <dd data-testid="profile-address">{profile.address?.short ?? '-'}</dd>
            </div>
          </dl>
        ) : null}
      </header>

      {loading ? <PageLoading /> : null}
      {failure ? (
        <div className="alert alert-danger" role="alert">
          <p>{t('profile.loadFailed')}</p>
          <p>{failureText(intl, { kind: failure, message: '' })}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'profile.retried' })}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}

      {profile ? (
        <Tabs
          label={t('profile.tabs')}
          tabs={PROFILE_TABS.map((id) => ({ id, label: t(`profile.tab.${id}`) }))}
          selected={tab}
          onSelect={select}
        >
          {/* each tab names its panel; only the selected panel is drawn, and its machine started */}
          <TabPanel id="edit">
            <EditProfileTab profile={profile} onSaved={updated} />
          </TabPanel>
          <TabPanel id="account">
            <AccountTab profile={profile} onSaved={updated} />
          </TabPanel>
          <TabPanel id="history">
            <HistoryTab />
          </TabPanel>
          <TabPanel id="reviews">
            <ReviewsTab />
          </TabPanel>
          <TabPanel id="statistics">
            <StatisticsTab />
          </TabPanel>
        </Tabs>
      ) : null}
    </div>
  );
}
