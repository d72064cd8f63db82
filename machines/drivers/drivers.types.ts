import type { FleetFailure } from '@/machines/vehicles/fleet-failure';
import type { FleetDriver } from '@/schemas/fleet';
import type { ProviderVehicle } from '@/schemas/vehicle';
import type { DriverAction } from '@/src/api/fleet';

/** My drivers (issue 8): the drivers, the vehicles they can be given, the open dialogue and the action under way. */
export interface DriversContext {
  readonly drivers: readonly FleetDriver[];
  /** The partner's vehicles (the assign dialogue offers the approved ones). */
  readonly vehicles: readonly ProviderVehicle[];
  readonly loadFailure: FleetFailure | null;
  /** The driver the open assign / deactivate dialogue is about. */
  readonly driverId: number | null;
  /** The vehicle chosen in the assign dialogue, as its id in text ('' for none yet). */
  readonly chosenVehicle: string;
  /** The partner pressed assign without choosing: the dialogue says to choose one. */
  readonly triedAssign: boolean;
  /** The action being sent. */
  readonly action: DriverAction | null;
}

/** A toast for the page (see machines/vehicles/vehicles.types.ts VehiclesNotice). */
export interface DriversNotice {
  readonly type: 'drivers.notice';
  readonly tone: 'success' | 'danger';
  readonly messageId: string;
  readonly values: Readonly<Record<string, string>>;
  readonly failure: FleetFailure | null;
}

/** What `loadFleet` reads: both lists at once. */
export interface FleetLists {
  readonly drivers: readonly FleetDriver[];
  readonly vehicles: readonly ProviderVehicle[];
}

export type DriversEvent =
  | { readonly type: 'drivers.retried' }
  | { readonly type: 'driver.addOpened' }
  /** The add form saved (its output). */
  | { readonly type: 'driver.added'; readonly driver: FleetDriver }
  | { readonly type: 'driver.formClosed' }
  | { readonly type: 'driver.assignOpened'; readonly driverId: number }
  | { readonly type: 'assign.vehicleChosen'; readonly vehicleId: string }
  | { readonly type: 'assign.submitted' }
  | { readonly type: 'assign.cancelled' }
  | { readonly type: 'driver.unassigned'; readonly driverId: number }
  | { readonly type: 'driver.deactivateOpened'; readonly driverId: number }
  | { readonly type: 'deactivation.confirmed' }
  | { readonly type: 'deactivation.cancelled' }
  | { readonly type: 'driver.reactivated'; readonly driverId: number };
