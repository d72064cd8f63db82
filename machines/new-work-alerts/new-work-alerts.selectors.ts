import type { SnapshotFrom } from 'xstate';
import type { alertSwitchMachine } from './alert-switch.machine';
import type { newWorkAlertsMachine } from './new-work-alerts.machine';

type AlertsSnapshot = SnapshotFrom<typeof newWorkAlertsMachine>;
type SwitchSnapshot = SnapshotFrom<typeof alertSwitchMachine>;

// The alerts page.

/** The matches listed, newest first. */
export const alertsOf = (s: AlertsSnapshot) => s.context.alerts;
/** The jobs with a "New" mark for this visit. */
export const markedIds = (s: AlertsSnapshot) => s.context.marked;
export const alertingSearches = (s: AlertsSnapshot) => s.context.searches;
/** How many jobs match in all (more than listed when over 50). */
export const totalMatches = (s: AlertsSnapshot) => s.context.total;
/** The first read is under way: nothing to show yet. */
export const isLoadingAlerts = (s: AlertsSnapshot) => s.hasTag('loading');
export const hasAlertsFailed = (s: AlertsSnapshot) => s.hasTag('error');
/** Read, and no saved search alerts: the page explains how to turn alerts on. */
export const hasNoAlertsOn = (s: AlertsSnapshot) =>
  !s.hasTag('loading') && !s.hasTag('error') && s.context.searches.length === 0;

// The "Alert me" switch.

/** What the switch shows (the new value while a change is on its way). */
export const isAlertOn = (s: SwitchSnapshot) => s.context.alert;
/** A change is on its way to the server. */
export const isSwitching = (s: SwitchSnapshot) => s.hasTag('loading');
