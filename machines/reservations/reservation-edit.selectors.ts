import type { SnapshotFrom } from 'xstate';
import { editIssues } from './reservation-edit.rules';
import type { reservationEdit } from './reservation-edit.machine';

type EditSnapshot = SnapshotFrom<typeof reservationEdit>;

/** Whether the change applies now (`now`) or is a request the team decides (`request`), as allowed_actions says. */
export const editModeOf = (s: EditSnapshot): 'now' | 'request' =>
  s.context.reservation.meta.allowed_actions.update_immediately ? 'now' : 'request';

export const peopleOf = (s: EditSnapshot) => s.context.people;
export const capacityOf = (s: EditSnapshot) => s.context.capacity;

/** The broken rules shown: as the partner types the capacity, all of them once Check was pressed. */
export const shownIssuesOf = (s: EditSnapshot) =>
  editIssues(s.context.reservation, s.context.people, s.context.capacity).filter(
    (i) => s.context.revealed || i.field === 'capacity',
  );

/** The checked change, priced, or null. */
export const previewOf = (s: EditSnapshot) =>
  s.matches('confirming') || s.matches('saving') ? s.context.preview : null;
export const isBusy = (s: EditSnapshot): boolean => s.hasTag('busy');
export const isChecking = (s: EditSnapshot): boolean => s.matches('checking');
export const isSaving = (s: EditSnapshot): boolean => s.matches('saving');
export const hasFailed = (s: EditSnapshot): boolean => s.context.failed;

export const outcomeOf = (s: EditSnapshot): 'open' | 'changed' | 'dismissed' =>
  s.matches('done') ? 'changed' : s.matches('dismissed') ? 'dismissed' : 'open';
