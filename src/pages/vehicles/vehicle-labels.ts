import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { VEHICLE_CATEGORIES } from '@/schemas/fleet';
import type { VehicleStatus, VehicleType } from '@/schemas/vehicle';

/**
 * Message ids of my vehicles (issue 8), written out so that `npm run i18n:check` sees every one: the review statuses,
 * the sizes of spec §3, the categories, and the toasts the vehicles machine names.
 */
export const STATUS_MESSAGES = defineMessages({
  APPROVED: { id: 'vehicles.status.APPROVED' },
  PENDING: { id: 'vehicles.status.PENDING' },
  REJECTED: { id: 'vehicles.status.REJECTED' },
}) satisfies Record<VehicleStatus, MessageDescriptor>;

export const SIZE_MESSAGES = defineMessages({
  swb: { id: 'vehicles.size.swb' },
  mwb: { id: 'vehicles.size.mwb' },
  lwb: { id: 'vehicles.size.lwb' },
  xlwb: { id: 'vehicles.size.xlwb' },
  luton_van: { id: 'vehicles.size.luton_van' },
}) satisfies Record<VehicleType, MessageDescriptor>;

export const CATEGORY_MESSAGES = defineMessages({
  van: { id: 'vehicles.category.van' },
  box_van: { id: 'vehicles.category.box_van' },
  dropside: { id: 'vehicles.category.dropside' },
  tipper: { id: 'vehicles.category.tipper' },
}) satisfies Record<(typeof VEHICLE_CATEGORIES)[number], MessageDescriptor>;

/** The toasts of machines/vehicles/vehicles.machine.ts, by the message id it sends. */
export const VEHICLE_TOASTS = defineMessages({
  added: { id: 'vehicles.toast.added' },
  saved: { id: 'vehicles.toast.saved' },
  removed: { id: 'vehicles.toast.removed' },
  removeFailed: { id: 'vehicles.toast.removeFailed' },
});

/** A category's words; a category the portal does not know (older data) shows as it is. */
export const categoryMessage = (category: string): MessageDescriptor | null =>
  (CATEGORY_MESSAGES as Record<string, MessageDescriptor>)[category] ?? null;
