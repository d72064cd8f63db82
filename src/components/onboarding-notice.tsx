import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { OnboardingStatus } from '@/schemas/onboarding';
import { NoticeBanner } from './notice-banner';

/** Where each requirement is put right; null while that page does not exist (the item shows without a link). */
export interface OnboardingLinks {
  readonly documents: string | null;
  readonly vehicles: string | null;
  readonly terms: string | null;
}

/**
 * What still stands between the partner and work (spec §6: accepted documents, at least one approved vehicle, the
 * partner guidelines and terms), each with a link to the page that puts it right. Shown on the dashboard and the
 * find-work page (issue 8). Nothing when all is in place. `withDocuments={false}` leaves the documents out where a
 * banner of their own already lists them (the dashboard). Props in, markup out.
 */
export function OnboardingNotice({
  status,
  links,
  withDocuments = true,
}: {
  status: OnboardingStatus;
  links: OnboardingLinks;
  withDocuments?: boolean;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const missingDocuments = withDocuments ? status.documents.missing : [];
  const items = [
    missingDocuments.length > 0
      ? {
          key: 'documents',
          text: t('terms.notice.documents', {
            list: intl.formatList(
              missingDocuments.map((type) => t(`document.${type}`)),
              { type: 'conjunction' },
            ),
          }),
          href: links.documents,
          action: t('terms.notice.documentsLink'),
        }
      : null,
    status.approved_vehicles === 0
      ? { key: 'vehicle', text: t('terms.notice.vehicle'), href: links.vehicles, action: t('terms.notice.vehicleLink') }
      : null,
    status.terms_accepted_at === null
      ? { key: 'terms', text: t('terms.notice.terms'), href: links.terms, action: t('terms.notice.termsLink') }
      : null,
  ].filter((item) => item !== null);
  if (items.length === 0) return null;
  return (
    <NoticeBanner tone="warning" title={t('terms.notice.title')} testId="onboarding-notice">
      <ul className="onboarding-notice-list">
        {items.map((item) => (
          <li key={item.key} data-testid={`missing-${item.key}`}>
            {item.text}{' '}
            {item.href ? (
              <Link href={item.href} className="onboarding-notice-link">
                {item.action}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </NoticeBanner>
  );
}
