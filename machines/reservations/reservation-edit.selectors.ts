import type { SnapshotFrom } from 'xstate';
import { ANYTIME } from '@/schemas/reservation';
import { editIssues, formOf, isClock } from './reservation-edit.rules';
import type { reservationEdit } from './reservation-edit.machine';
import type { EditIssue } from './reservation-edit.types';

type EditSnapshot = SnapshotFrom<typeof reservationEdit>;

/** Whether the change applies now (`now`) or is a request the team decides (`request`), as allowed_actions says. */
export const editModeOf = (s: EditSnapshot): 'now' | 'request' =>
  s.context.reservation.meta.allowed_actions.update_immediately ? 'now' : 'request';

export const formOfEdit = (s: EditSnapshot) => s.context.form;
export const canUseOwnWindow = (s: EditSnapshot): boolean => s.context.customWindows;
/** The end place the reservation had when it finished elsewhere than its start (a finish that stays a choice). */
export const elsewhereEndOf = (s: EditSnapshot) =>
  formOf(s.context.reservation).finish === 'elsewhere' ? s.context.reservation.endNode.place : null;

/**
 * The broken rules shown as the partner types: every rule a change broke, except a time still to choose, which shows
 * once its field was touched; all of them once Check was pressed.
 */
export const shownIssuesOf = (s: EditSnapshot): EditIssue[] =>
  editIssues(s.context.reservation, s.context.form, s.context.customWindows).filter(
    (i) => s.context.revealed || i.code !== 'timeRequired' || s.context.touched.includes(i.field),
  );

/**
 * The times the hours can be chosen from: the day's choices, plus a stored time that is not one of them (a
 * reservation made through the API at 08:15 keeps it), with `anytime` for a full day's start.
 */
export const timeOptionsOf = (
  choices: readonly string[],
  current: readonly string[],
  withAnytime: boolean,
): string[] => [
  ...(withAnytime ? [ANYTIME] : []),
  ...choices,
  ...current.filter((t) => isClock(t) && !choices.includes(t)),
];

/** The checked change, priced, or null. */
export const previewOf = (s: EditSnapshot) =>
  s.matches('confirming') || s.matches('saving') ? s.context.preview : null;
export const isBusy = (s: EditSnapshot): boolean => s.hasTag('busy');
export const isChecking = (s: EditSnapshot): boolean => s.matches('checking');
export const isSaving = (s: EditSnapshot): boolean => s.matches('saving');
export const hasFailed = (s: EditSnapshot): boolean => s.context.failed;

export const outcomeOf = (s: EditSnapshot): 'open' | 'changed' | 'dismissed' =>
  s.matches('done') ? 'changed' : s.matches('dismissed') ? 'dismissed' : 'open';
