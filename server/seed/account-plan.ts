import type { FeatureFlag } from '@/schemas/app-init';
import type { DocumentType } from '@/schemas/onboarding';
import type { AccountType, Role } from '@/schemas/user';
import type { VehicleSize } from '@/server/seed/fleet';
import type { JobOutcome } from '@/server/seed/marketplace';

/** Every seeded account signs in with this password. */
export const DEMO_PASSWORD = 'demo1234';

export interface DocumentPlan {
  readonly type: DocumentType;
  readonly status: 'pending_review' | 'approved' | 'rejected';
  /** Days from today to the expiry date (negative: already expired). */
  readonly expiresInDays: number;
}

export interface ReservationPlan {
  /** Days from today (negative: historic). */
  readonly inDays: number;
  readonly status: string;
  readonly type: 'local' | 'national' | 'return' | 'custom';
  readonly people: '1' | '2' | 'flexible';
  /** No end place and an anytime start (spec §3 'anywhere'). */
  readonly anywhere?: boolean;
  /** Not priced yet (no min/max price). */
  readonly unpriced?: boolean;
}

/**
 * When a won job happens, relative to the seed's clock: still ahead, under way today, completed this week
 * (Monday 00:00 London up to now), or completed weeks ago.
 */
export type WonJobTiming = 'upcoming' | 'today' | 'this_week' | 'weeks_ago';

export interface WonJobPlan {
  readonly status: JobOutcome['status'];
  readonly timing: WonJobTiming;
}

export interface NotificationCounts {
  readonly alerts: number;
  readonly bidding: number;
  readonly book_now: number;
  readonly invitations: number;
  readonly journey: number;
  readonly new_admin_messages: number;
  readonly new_messages: number;
  readonly watching: number;
}

/** A seeded account, described before it has ids: the seed turns it into rows. */
export interface AccountPlan {
  readonly email: string;
  readonly fullName: string;
  readonly role: Role;
  readonly accountType: AccountType;
  readonly journeyReady: boolean;
  readonly emailVerified: boolean;
  readonly termsAccepted: boolean;
  /** Registered address: a real town; null for no address at all. */
  readonly home: { readonly town: string; readonly postcode?: string; readonly withCoordinates: boolean } | null;
  readonly documents: readonly DocumentPlan[];
  readonly vehicles: readonly VehicleSize[];
  readonly drivers: number;
  readonly flagsOff: readonly FeatureFlag[];
  readonly counters: NotificationCounts | null;
  readonly reservations: readonly ReservationPlan[];
  readonly wonJobs: readonly WonJobPlan[];
}

export const NO_COUNTERS: NotificationCounts = {
  alerts: 0,
  bidding: 0,
  book_now: 0,
  invitations: 0,
  journey: 0,
  new_admin_messages: 0,
  new_messages: 0,
  watching: 0,
};
