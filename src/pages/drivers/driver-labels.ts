import { defineMessages } from 'react-intl';

/** The toasts of machines/drivers/drivers.machine.ts, written out so that `npm run i18n:check` sees every id. */
export const DRIVER_TOASTS = defineMessages({
  added: { id: 'drivers.toast.added' },
  invited: { id: 'drivers.toast.invited' },
  assigned: { id: 'drivers.toast.assigned' },
  unassigned: { id: 'drivers.toast.unassigned' },
  deactivated: { id: 'drivers.toast.deactivated' },
  reactivated: { id: 'drivers.toast.reactivated' },
  assignFailed: { id: 'drivers.toast.assignFailed' },
  unassignFailed: { id: 'drivers.toast.unassignFailed' },
  deactivateFailed: { id: 'drivers.toast.deactivateFailed' },
  reactivateFailed: { id: 'drivers.toast.reactivateFailed' },
});
