import type { AlertingSearch, AlertMatch, AlertsResponse } from '@/schemas/alert';
import type { SavedSearch, SavedSearchId } from '@/schemas/saved-search';
import type { ListingId } from '@/schemas/search';

/*
 * New-work alerts (schemas/alert.ts has the rules): three small machines.
 * - newWorkAlerts (new-work-alerts.machine.ts): the alerts page.
 * - alertSwitch (alert-switch.machine.ts): the "Alert me" switch of one saved search.
 * - newWorkBadge (new-work-badge.machine.ts): keeps the top bar's alerts counter live.
 */

// The alerts page.

export interface NewWorkAlertsContext {
  /** The matches listed, newest first (the last load's answer). */
  readonly alerts: readonly AlertMatch[];
  /**
   * The jobs shown with a "New" mark: unseen when a load of this visit answered. They keep the mark until the page
   * closes, although opening the page marks them seen on the server (so a reload shows them without it).
   */
  readonly marked: readonly ListingId[];
  /** The partner's alerting saved searches (to name them, and to tell "no alerts on" from "no matches yet"). */
  readonly searches: readonly AlertingSearch[];
  /** How many jobs match in all (the list shows the newest 50). */
  readonly total: number;
  /** The server's time of the last load: what the page tells the server the partner has seen. */
  readonly asOf: string | null;
  /** New work was posted while a load or mark was under way: load again once they are done. */
  readonly stale: boolean;
  /** The text of the last failed load, until one succeeds. */
  readonly error: string | null;
}

export type NewWorkAlertsEvent =
  /** A job was opened on the marketplace (GET /v1/jobs/events `posted`, sent by the watchPostedWork actor). */
  | { type: 'work.posted' }
  /** The listing events stream reconnected: events may have been missed. */
  | { type: 'work.reconnected' }
  /** "Try again" after a failed load. */
  | { type: 'alerts.retried' };

/** What the loadAlerts actor answers: GET v1/alerts as decoded. */
export type AlertsAnswer = AlertsResponse;

/** What the markSeen actor is sent: the `as_of` of the list on screen. */
export interface MarkSeenInput {
  readonly asOf: string;
}

// The "Alert me" switch of one saved search.

export interface AlertSwitchInput {
  readonly id: SavedSearchId;
  /** The saved search's name, for the failure toast. */
  readonly name: string;
  /** Whether the saved search alerts, as the list read it. */
  readonly alert: boolean;
}

export interface AlertSwitchContext extends AlertSwitchInput {
  /** What the server holds: the switch goes back to it when a change fails. */
  readonly confirmed: boolean;
}

export type AlertSwitchEvent =
  /** The partner flipped the switch to `alert` (shown at once; optimistic). */
  { type: 'alert.toggled'; alert: boolean };

/** What the switchAlert actor is sent. */
export interface SwitchAlertInput {
  readonly id: SavedSearchId;
  readonly alert: boolean;
}

/** What the switchAlert actor answers: the saved search as the server now holds it. */
export type SwitchAlertOutput = SavedSearch;

/** Emitted for the page's danger toast when a change did not reach the server (the switch is back as it was). */
export interface AlertSwitchEmitted {
  readonly type: 'alert.failed';
  readonly name: string;
  /** The value the partner asked for. */
  readonly alert: boolean;
  readonly message: string;
}

// The live alerts counter of the top bar.

export type NewWorkBadgeEvent =
  /** A job was opened on the marketplace. */
  | { type: 'work.posted' }
  /** The listing events stream reconnected: jobs may have been posted meanwhile. */
  | { type: 'work.reconnected' };
