import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { JourneyStatusCode } from '@/schemas/journey-status-code';
import type { MyJourneyTab } from '@/schemas/my-journeys';

/** Message ids of the journeys list built from values (its tabs), written out so that `npm run i18n:check` sees them. */
export const TAB_MESSAGES = defineMessages({
  claimed: { id: 'myJourneys.tab.claimed' },
  interest: { id: 'myJourneys.tab.interest' },
  completed: { id: 'myJourneys.tab.completed' },
}) satisfies Record<MyJourneyTab, MessageDescriptor>;

/** What an empty tab says. */
export const EMPTY_MESSAGES = defineMessages({
  claimed: { id: 'myJourneys.empty.claimed' },
  interest: { id: 'myJourneys.empty.interest' },
  completed: { id: 'myJourneys.empty.completed' },
}) satisfies Record<MyJourneyTab, MessageDescriptor>;

/** What each status means for the partner, under it on the list (its words are journey-status-labels.ts). */
export const STATUS_HINTS = defineMessages({
  IP_PENDING: { id: 'journeyStatus.hint.IP_PENDING' },
  IP_ACTIVE: { id: 'journeyStatus.hint.IP_ACTIVE' },
  IP_EXPIRED: { id: 'journeyStatus.hint.IP_EXPIRED' },
  IP_ALLOCATED: { id: 'journeyStatus.hint.IP_ALLOCATED' },
  IP_CANCELLED: { id: 'journeyStatus.hint.IP_CANCELLED' },
  IP_COMPLETED_WITH_REFUND: { id: 'journeyStatus.hint.IP_COMPLETED_WITH_REFUND' },
  IP_COMPLETED_WITH_ISSUE: { id: 'journeyStatus.hint.IP_COMPLETED_WITH_ISSUE' },
  IP_COMPLETED_UNPAID: { id: 'journeyStatus.hint.IP_COMPLETED_UNPAID' },
  IP_COMPLETED_PAID: { id: 'journeyStatus.hint.IP_COMPLETED_PAID' },
  IP_COMPLETED_PAYMENT_FAILED: { id: 'journeyStatus.hint.IP_COMPLETED_PAYMENT_FAILED' },
}) satisfies Record<JourneyStatusCode, MessageDescriptor>;
