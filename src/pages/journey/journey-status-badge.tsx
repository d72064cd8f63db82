import { useIntl } from 'react-intl';
import type { JourneyStatusCode } from '@/schemas/journey-status-code';
import { STATUS_MESSAGES, STATUS_TONES } from './journey-status-labels';
import './journey-status.css';

/** A journey's status (spec §4 IP_ code, decided by the server) as the words a partner reads, never the code. */
export function JourneyStatusBadge({ code, testId }: { code: JourneyStatusCode; testId?: string }) {
  const intl = useIntl();
  return (
    <span className={`journey-status journey-status-${STATUS_TONES[code]}`} data-testid={testId} data-status={code}>
      {intl.formatMessage(STATUS_MESSAGES[code])}
    </span>
  );
}
