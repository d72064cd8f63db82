import type { WorkBlockReason, WorkEligibility } from '@/schemas/work-eligibility';
import { OnboardingNotice } from '@/src/components/onboarding-notice';
import { hasRoute } from './route-table';
import { useFormatters } from './use-formatters';

const link = (path: string) => (hasRoute(path) ? path : null);

/**
 * What WorkNotice (work-notice.tsx) loads when there is something to say: the notice with the links to the documents,
 * vehicles and terms pages, and the end of a suspension in London time through the shared formatters.
 */
export default function WorkNoticeContent({
  work,
  omit,
  testId = 'work-notice',
}: {
  work: WorkEligibility | null | undefined;
  omit?: readonly WorkBlockReason[];
  testId?: string;
}) {
  const fmt = useFormatters();
  if (!work || work.may_work) return null;
  const until = work.suspended_until;
  return (
    <OnboardingNotice
      work={work}
      links={{ documents: link('/documents'), vehicles: link('/vehicles'), terms: link('/terms') }}
      untilText={until === null ? null : `${fmt.date(until)}, ${fmt.time(until)}`}
      {...(omit ? { omit } : {})}
      testId={testId}
    />
  );
}
