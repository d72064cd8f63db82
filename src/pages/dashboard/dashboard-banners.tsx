import { useIntl } from 'react-intl';
import type { OnboardingStatus } from '@/schemas/onboarding';
import type { User } from '@/schemas/user';
import { NoticeBanner } from '@/src/components/notice-banner';
import { useFormatters } from '@/src/app/use-formatters';

/** The dashboard banners of spec §2: unverified user, missing documents, documents to renew or expired. */
export function DashboardBanners({ user, status }: { user: User; status: OnboardingStatus }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const documentName = (type: string) => intl.formatMessage({ id: `document.${type}` });
  const { missing, expiring, expired } = status.documents;
  return (
    <div className="banners">
      {!status.email_verified ? (
        <NoticeBanner
          tone="warning"
          title={intl.formatMessage({ id: 'banner.unverified.title' })}
          testId="banner-unverified"
        >
          <p>{intl.formatMessage({ id: 'banner.unverified.body' }, { email: user.email })}</p>
        </NoticeBanner>
      ) : null}
      {missing.length > 0 ? (
        <NoticeBanner tone="danger" title={intl.formatMessage({ id: 'banner.missing.title' })} testId="banner-missing">
          <p>
            {intl.formatMessage(
              { id: 'banner.missing.body' },
              { list: intl.formatList(missing.map(documentName), { type: 'conjunction' }) },
            )}
          </p>
          <p className="muted">{intl.formatMessage({ id: 'banner.review' })}</p>
        </NoticeBanner>
      ) : null}
      {expired.length > 0 ? (
        <NoticeBanner tone="danger" title={intl.formatMessage({ id: 'banner.expired.title' })} testId="banner-expired">
          <ul>
            {expired.map((d) => (
              <li key={d.type}>
                {intl.formatMessage(
                  { id: 'banner.expired.item' },
                  { document: documentName(d.type), date: fmt.date(d.expires_at) },
                )}
              </li>
            ))}
          </ul>
        </NoticeBanner>
      ) : null}
      {expiring.length > 0 ? (
        <NoticeBanner
          tone="warning"
          title={intl.formatMessage({ id: 'banner.expiring.title' })}
          testId="banner-expiring"
        >
          <ul>
            {expiring.map((d) => (
              <li key={d.type}>
                {intl.formatMessage(
                  { id: 'banner.expiring.item' },
                  { document: documentName(d.type), date: fmt.date(d.expires_at) },
                )}
              </li>
            ))}
          </ul>
        </NoticeBanner>
      ) : null}
    </div>
  );
}
