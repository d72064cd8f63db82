import { fromCallback, fromPromise } from 'xstate';
import { fetchAlerts, markAlertsSeen, switchSavedSearchAlert } from '@/src/api/alerts';
import { watchListingEventsDeferred } from '@/src/api/listing-events-deferred';
import type { AlertsAnswer, MarkSeenInput, SwitchAlertInput, SwitchAlertOutput } from './new-work-alerts.types';

/** GET v1/alerts. */
export const loadAlerts = fromPromise<AlertsAnswer>(({ signal }) => fetchAlerts(signal));

/** POST v1/alerts/seen up to the `as_of` of the list on screen. */
export const markSeen = fromPromise<{ seen_at: string }, MarkSeenInput>(({ input }) => markAlertsSeen(input.asOf));

/** POST v1/saved-searches/{id}/alert. */
export const switchAlert = fromPromise<SwitchAlertOutput, SwitchAlertInput>(({ input }) =>
  switchSavedSearchAlert(input.id, input.alert),
);

/**
 * Listens to GET /v1/jobs/events for jobs opened on the marketplace (`posted`) and says so (`work.posted`); a stream
 * that reconnected says `work.reconnected`, since what was posted meanwhile is not replayed. `taken` events are not
 * this actor's business. The stream closes when the actor stops; its reader is fetched as the watch starts.
 */
export const watchPostedWork = fromCallback(({ sendBack }) => {
  const stop = new AbortController();
  void watchListingEventsDeferred(() => {}, stop.signal, {
    onPosted: () => sendBack({ type: 'work.posted' }),
    onReconnected: () => sendBack({ type: 'work.reconnected' }),
  });
  return () => stop.abort();
});
