import type { ProviderDriver } from '@/schemas/driver';
import type { ProviderVehicle } from '@/schemas/vehicle';
import type { WonJob, WonWorkCounts, WonWorkTab } from '@/schemas/work';
import type { FailureKind } from '@/src/api/errors';
import type { CompletionMode } from '@/machines/job-completion/job-completion.types';

/** What a row action was, for its toast (messages `work.notice.<action>.<tone>`). */
export type WorkAction = 'allocate_driver' | 'complete' | 'archive' | 'request_feedback';

/** A toast of the won-work page: the action, and for a failure the server's words or the kind of failure. */
export interface WorkNotice {
  readonly type: 'work.notice';
  readonly tone: 'success' | 'danger';
  readonly action: WorkAction;
  readonly kind?: FailureKind;
  readonly message?: string;
}

export interface WonWorkSetup {
  readonly drivers: readonly ProviderDriver[];
  readonly vehicles: readonly ProviderVehicle[];
}

export interface WonWorkInput {
  readonly tab?: WonWorkTab;
}

export interface WonWorkQueryState {
  readonly tab: WonWorkTab;
  readonly page: number;
  readonly vehicleId: number | null;
  readonly driverId: number | null;
}

export interface WonWorkContext extends WonWorkQueryState {
  readonly setup: WonWorkSetup | null;
  readonly rows: readonly WonJob[];
  readonly total: number;
  readonly pageSize: number;
  readonly counts: WonWorkCounts | null;
  /** The driver picked in each active card's list, by listing id, before Assign. */
  readonly driverChoice: Readonly<Record<number, number>>;
  /** The card whose Assign was pressed with no driver picked ('Please select a driver', spec §5). */
  readonly driverMissing: number | null;
  /** The row an action is under way on. */
  readonly busyRow: number | null;
  /** The job whose completion dialogue is open, and how it was opened. */
  readonly completing: { readonly listingId: number; readonly mode: CompletionMode } | null;
  /** Why the list could not be read. */
  readonly failure: FailureKind | null;
}

export type WonWorkEvent =
  | { readonly type: 'work.tab.selected'; readonly tab: WonWorkTab }
  | { readonly type: 'work.page.changed'; readonly page: number }
  | { readonly type: 'work.vehicle.filtered'; readonly vehicleId: number | null }
  | { readonly type: 'work.driver.filtered'; readonly driverId: number | null }
  | { readonly type: 'work.retried' }
  | { readonly type: 'work.driver.chosen'; readonly listingId: number; readonly driverId: number }
  | { readonly type: 'work.driver.assigned'; readonly listingId: number }
  | { readonly type: 'work.archive.requested'; readonly listingId: number }
  | { readonly type: 'work.feedback.requested'; readonly listingId: number }
  | { readonly type: 'work.completion.started'; readonly listingId: number; readonly mode: CompletionMode };

/** What one read of the list answers (with the drivers and vehicles, the first time). */
export interface WonWorkPage {
  readonly rows: readonly WonJob[];
  readonly total: number;
  readonly pageSize: number;
  readonly counts: WonWorkCounts;
  readonly setup: WonWorkSetup | null;
}
