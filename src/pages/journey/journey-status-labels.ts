import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { JourneyStatusCode } from '@/schemas/journey-status-code';

/**
 * A journey's status (spec §4 IP_ codes, decided by the server) in the words a partner reads, shared by the journeys
 * list and the journey page's badge (what each means for the partner is the list's: my-journeys-labels.ts). Written
 * out so that `npm run i18n:check` sees every id.
 */
export const STATUS_MESSAGES = defineMessages({
  IP_PENDING: { id: 'journeyStatus.IP_PENDING' },
  IP_ACTIVE: { id: 'journeyStatus.IP_ACTIVE' },
  IP_EXPIRED: { id: 'journeyStatus.IP_EXPIRED' },
  IP_ALLOCATED: { id: 'journeyStatus.IP_ALLOCATED' },
  IP_CANCELLED: { id: 'journeyStatus.IP_CANCELLED' },
  IP_COMPLETED_WITH_REFUND: { id: 'journeyStatus.IP_COMPLETED_WITH_REFUND' },
  IP_COMPLETED_WITH_ISSUE: { id: 'journeyStatus.IP_COMPLETED_WITH_ISSUE' },
  IP_COMPLETED_UNPAID: { id: 'journeyStatus.IP_COMPLETED_UNPAID' },
  IP_COMPLETED_PAID: { id: 'journeyStatus.IP_COMPLETED_PAID' },
  IP_COMPLETED_PAYMENT_FAILED: { id: 'journeyStatus.IP_COMPLETED_PAYMENT_FAILED' },
}) satisfies Record<JourneyStatusCode, MessageDescriptor>;

/** The badge's colour by what the partner has to do: wait, go, nothing more, a problem, or paid. */
export type StatusTone = 'wait' | 'go' | 'over' | 'problem' | 'paid';
export const STATUS_TONES: Readonly<Record<JourneyStatusCode, StatusTone>> = {
  IP_PENDING: 'wait',
  IP_ACTIVE: 'go',
  IP_EXPIRED: 'over',
  IP_ALLOCATED: 'go',
  IP_CANCELLED: 'over',
  IP_COMPLETED_WITH_REFUND: 'problem',
  IP_COMPLETED_WITH_ISSUE: 'problem',
  IP_COMPLETED_UNPAID: 'wait',
  IP_COMPLETED_PAID: 'paid',
  IP_COMPLETED_PAYMENT_FAILED: 'problem',
};

/**
 * Whether a journey with this status is on the partner's journeys list (/journey): one it holds or held, or its
 * interest waits on. An open journey is not, nor one that expired (the list has those only with the partner's
 * interest, which the code alone does not tell).
 */
export const isOnMyJourneys = (code: JourneyStatusCode): boolean => code !== 'IP_ACTIVE' && code !== 'IP_EXPIRED';
