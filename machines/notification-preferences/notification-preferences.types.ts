import type { NotificationChannel, NotificationEvent, NotificationMatrix } from '@/schemas/notification-preferences';
import type { FailureKind } from '@/src/api/errors';

/**
 * The notification preferences (issue 8; spec §2 notifications, §8 'Failed to update notification preferences'):
 * the matrix of events × channels as the partner is changing it, and as the server last stored it. A failed save
 * puts the stored values back (spec: "the previous values kept") and says so.
 */
export interface NotificationPreferencesContext {
  /** The matrix on screen. */
  readonly matrix: NotificationMatrix;
  /** The matrix as the server last answered it (read or saved); what a failed save restores. */
  readonly stored: NotificationMatrix;
  /** When the partner last saved (ISO), null while they have the defaults. */
  readonly updatedAt: string | null;
  /** Why the last read or save failed; null after a success. */
  readonly failure: FailureKind | null;
}

export type NotificationPreferencesEvent =
  | {
      readonly type: 'preference.toggled';
      readonly event: NotificationEvent;
      readonly channel: NotificationChannel;
      readonly enabled: boolean;
    }
  | { readonly type: 'preferences.submitted' }
  | { readonly type: 'preferences.reset' }
  | { readonly type: 'preferences.retried' };
