import type { SnapshotFrom } from 'xstate';
import { MAX_INTEREST_JOURNEYS, type JourneyId } from '@/schemas/journey';
import type { journeySelectionMachine } from './journey-selection.machine';

type Snapshot = SnapshotFrom<typeof journeySelectionMachine>;

export const selectedIds = (s: Snapshot): readonly JourneyId[] => s.context.selected;
export const selectedCount = (s: Snapshot): number => s.context.selected.length;
/** The most journeys one request takes. */
export const selectionLimit = MAX_INTEREST_JOURNEYS;
/** A 7th journey was just refused. */
export const wasRefused = (s: Snapshot): boolean => s.context.refused !== null;
export const isDialogueOpen = (s: Snapshot): boolean => s.matches('choosing');
export const areVehiclesLoading = (s: Snapshot): boolean => s.hasTag('loading');
export const haveVehiclesFailed = (s: Snapshot): boolean => s.hasTag('error');
export const isSending = (s: Snapshot): boolean => s.hasTag('busy');
export const vehiclesOf = (s: Snapshot) => s.context.vehicles;
export const chosenVehicle = (s: Snapshot) => s.context.vehicleId;
export const isVehicleMissing = (s: Snapshot): boolean => s.context.vehicleMissing;
export const isUnanswered = (s: Snapshot): boolean => s.context.unanswered;
