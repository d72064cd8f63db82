import type { WorkEligibility } from '@/schemas/work-eligibility';
import { WorkNotice } from '@/src/app/work-notice';
import './onboarding-notice-panel.css';

/**
 * The "what stands between you and work" notice above another page's content (find work): the server's decision, as
 * the page read it (the onboarding status, else user-info's until that answers). Nothing when the partner may work.
 */
export function OnboardingNoticePanel({ work }: { work: WorkEligibility | null | undefined }) {
  if (!work || work.may_work) return null;
  return (
    <div className="onboarding-notice-panel">
      <WorkNotice work={work} testId="onboarding-notice" />
    </div>
  );
}
