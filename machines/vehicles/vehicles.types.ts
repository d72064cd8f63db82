import type { ProviderVehicle } from '@/schemas/vehicle';
import type { FleetFailure } from './fleet-failure';

/** My vehicles (issue 8): the list, which dialogue is open, and the removal under way. */
export interface VehiclesContext {
  /** The partner's vehicles that are not removed, oldest first. */
  readonly vehicles: readonly ProviderVehicle[];
  /** Why the list could not be read; null once it was. */
  readonly loadFailure: FleetFailure | null;
  /** The vehicle the form edits (null: a new one) while the form is open. */
  readonly editing: ProviderVehicle | null;
  /** The vehicle whose removal is asked or under way. */
  readonly removing: ProviderVehicle | null;
}

/**
 * What the page tells the partner (a toast): a message id, its values, and for a failure what went wrong. Sent
 * through the `notify` action, which the page provides.
 */
export interface VehiclesNotice {
  readonly type: 'vehicles.notice';
  readonly tone: 'success' | 'danger';
  readonly messageId: string;
  readonly values: Readonly<Record<string, string>>;
  readonly failure: FleetFailure | null;
}

export type VehiclesEvent =
  | { readonly type: 'vehicles.retried' }
  | { readonly type: 'vehicle.addOpened' }
  | { readonly type: 'vehicle.editOpened'; readonly id: number }
  /** The form saved (its output): the vehicle as the server stored it. */
  | { readonly type: 'vehicle.saved'; readonly vehicle: ProviderVehicle }
  | { readonly type: 'vehicle.formClosed' }
  | { readonly type: 'vehicle.removeOpened'; readonly id: number }
  | { readonly type: 'removal.confirmed' }
  | { readonly type: 'removal.cancelled' };
