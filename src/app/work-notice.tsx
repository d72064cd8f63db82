import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import type { WorkBlockReason, WorkEligibility } from '@/schemas/work-eligibility';
import { FallbackBoundary } from '@/src/components/fallback-boundary';

/** The notice's code (about 1 KB) loads only for a partner who may not work: most partners never fetch it. */
const WorkNoticeContent = lazy(() => import('./work-notice-content'));

/**
 * Why the partner may not take work (the server's decision: schemas/work-eligibility.ts WorkEligibility), where booking,
 * quoting, claiming or reserving is closed (find work, a job's page, a journey, the reservation wizard): each reason
 * with the link that puts it right, and until when a suspension runs. Nothing when `work` is null or allows work.
 * Until its code arrives, or if it cannot, one plain sentence says that work is closed.
 */
export function WorkNotice(props: {
  work: WorkEligibility | null | undefined;
  omit?: readonly WorkBlockReason[];
  testId?: string;
}) {
  if (!props.work || props.work.may_work) return null;
  // every reason left to others (the dashboard's own banners say some): nothing to load, nothing to say
  const omitted = props.omit ?? [];
  if (props.work.reasons.every((reason) => omitted.includes(reason))) return null;
  const plain = (
    <p className="alert alert-info">
      <FormattedMessage id="work.notice.closed" />
    </p>
  );
  return (
    <FallbackBoundary fallback={plain}>
      <Suspense fallback={plain}>
        <WorkNoticeContent {...props} />
      </Suspense>
    </FallbackBoundary>
  );
}
