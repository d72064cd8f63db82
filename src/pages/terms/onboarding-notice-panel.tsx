import { useActorRef, useSelector } from '@xstate/react';
import { createRequestMachine } from '@/machines/request/request.machine';
import { dataOf } from '@/machines/request/request.selectors';
import { fetchOnboardingStatus } from '@/src/api/partner-overview';
import { inspect } from '@/src/app/inspection';
import { hasRoute } from '@/src/app/route-table';
import { OnboardingNotice } from '@/src/components/onboarding-notice';
import './onboarding-notice-panel.css';

const onboardingMachine = createRequestMachine('onboardingNotice', fetchOnboardingStatus);
const link = (path: string) => (hasRoute(path) ? path : null);

/**
 * The "what is missing before you can work" notice for pages other than the dashboard (find work, issue 8): reads the
 * onboarding status itself and shows nothing until it has answered, or when nothing is missing.
 */
export function OnboardingNoticePanel() {
  const onboarding = useActorRef(onboardingMachine, { inspect });
  const status = useSelector(onboarding, dataOf);
  if (!status) return null;
  return (
    <div className="onboarding-notice-panel">
      <OnboardingNotice
        status={status}
        links={{ documents: link('/documents'), vehicles: link('/vehicles'), terms: link('/terms') }}
      />
    </div>
  );
}
