import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { OnboardingStatus } from '@/schemas/onboarding';
import type { WorkEligibility } from '@/schemas/work-eligibility';
import type { User } from '@/schemas/user';
import { NoticeBanner } from '@/src/components/notice-banner';
import { hasRoute } from '@/src/app/route-table';
import { WorkNotice } from '@/src/app/work-notice';
import { useFormatters } from '@/src/app/use-formatters';

/** The dashboard banners of spec §2: unverified user, missing documents, documents to renew or expired. */
export function DashboardBanners({
  user,
  status,
}: {
  user: User;
  status: OnboardingStatus & { readonly work?: WorkEligibility };
}) {
  const intl = useIntl();
  const fmt = useFormatters();
  const documentName = (type: string) => intl.formatMessage({ id: `document.${type}` });
  const { missing, expiring, expired } = status.documents;
  // Each banner links to the page that puts it right, once that page exists (issue 8).
  const link = (path: string) => (hasRoute(path) ? path : null);
  const documentsLink = link('/documents') ? (
    <p>
      <Link href="/documents" data-testid="banner-documents-link">
        {intl.formatMessage({ id: 'documents.bannerLink' })}
      </Link>
    </p>
  ) : null;
  return (
    <div className="banners">
      {!status.email_verified ? (
        <NoticeBanner
          tone="warning"
          title={intl.formatMessage({ id: 'banner.unverified.title' })}
          testId="banner-unverified"
        >
          <p>{intl.formatMessage({ id: 'banner.unverified.body' }, { email: user.email })}</p>
          {link('/verify-email') ? (
            <p>
              <Link href="/verify-email" data-testid="banner-verify-link">
                {intl.formatMessage({ id: 'banner.unverified.link' })}
              </Link>
            </p>
          ) : null}
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
          {documentsLink}
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
          {documentsLink}
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
          {documentsLink}
        </NoticeBanner>
      ) : null}
      {/* what else stands between the partner and work, as the server decided it; the documents have the banners
          above, a suspension the layout's banner, and an admin is no partner to nag */}
      {/* the notice's code loads only when there is something to say (src/app/work-notice.tsx), as on every page */}
      <WorkNotice work={status.work} omit={['documents', 'suspended', 'not_a_partner']} testId="onboarding-notice" />
    </div>
  );
}
