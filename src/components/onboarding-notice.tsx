import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { WorkBlockReason, WorkEligibility } from '@/schemas/work-eligibility';
import { NoticeBanner } from './notice-banner';

/** Where each requirement is put right; null while that page does not exist (the item shows without a link). */
export interface OnboardingLinks {
  readonly documents: string | null;
  readonly vehicles: string | null;
  readonly terms: string | null;
}

/** The test id of each reason's line (the first three as the dashboard has always had them). */
const ITEM_IDS: Readonly<Record<WorkBlockReason, string>> = {
  not_a_partner: 'work-not-a-partner',
  suspended: 'work-suspended',
  documents: 'missing-documents',
  no_approved_vehicle: 'missing-vehicle',
  terms: 'missing-terms',
};

/**
 * Why the partner may not take work, as the server decided it (spec §6: accepted documents, at least one approved
 * vehicle, the partner guidelines and terms; spec §9: a suspension after a false completion), one line per reason with
 * a link to the page that puts it right and, for a suspension, until when (`untilText`, formatted by the caller with
 * the shared formatters). Shown on the dashboard, on find work, on a job's page, on a journey and in the reservation
 * wizard, wherever booking, quoting, claiming or reserving is closed. Nothing when the partner may work or every
 * reason is in `omit` (the dashboard leaves out what its own banners say). Props in, markup out.
 */
export function OnboardingNotice({
  work,
  links,
  untilText = null,
  omit = [],
  testId = 'onboarding-notice',
}: {
  work: WorkEligibility;
  links: OnboardingLinks;
  untilText?: string | null;
  omit?: readonly WorkBlockReason[];
  testId?: string;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const expired = new Set(work.documents.expired);
  const documents = intl.formatList(
    work.documents.missing.map((type) =>
      expired.has(type) ? t('work.notice.expired', { document: t(`document.${type}`) }) : t(`document.${type}`),
    ),
    { type: 'conjunction' },
  );
  const item = (reason: WorkBlockReason) => {
    switch (reason) {
      case 'not_a_partner':
        return { text: t('work.notice.not_a_partner'), href: null, action: '' };
      case 'suspended':
        return { text: t('work.notice.suspended', { until: untilText ?? '' }), href: null, action: '' };
      case 'documents':
        return {
          text: t('terms.notice.documents', { list: documents }),
          href: links.documents,
          action: t('terms.notice.documentsLink'),
        };
      case 'no_approved_vehicle':
        return { text: t('terms.notice.vehicle'), href: links.vehicles, action: t('terms.notice.vehicleLink') };
      case 'terms':
        return { text: t('terms.notice.terms'), href: links.terms, action: t('terms.notice.termsLink') };
    }
  };
  const reasons = work.reasons.filter((reason) => !omit.includes(reason));
  if (reasons.length === 0) return null;
  return (
    <NoticeBanner tone="warning" title={t('terms.notice.title')} testId={testId}>
      <ul className="onboarding-notice-list">
        {reasons.map((reason) => {
          const { text, href, action } = item(reason);
          return (
            <li key={reason} data-testid={ITEM_IDS[reason]}>
              {text}{' '}
              {href ? (
                <Link href={href} className="onboarding-notice-link">
                  {action}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </NoticeBanner>
  );
}
