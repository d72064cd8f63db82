import { AlertsResponse, AlertsSeenResponse } from '@/schemas/alert';
import { SavedSearchResponse, type SavedSearchId } from '@/schemas/saved-search';
import { api } from './api';

/** New-work alerts (schemas/alert.ts); every answer decoded before it leaves here. */

/** POST v1/saved-searches/{id}/alert: switches "alert me" of one of the partner's saved searches. */
export const switchSavedSearchAlert = (id: SavedSearchId, alert: boolean) =>
  api
    .post(`v1/saved-searches/${id}/alert`, SavedSearchResponse, 'SavedSearch', { body: { alert } })
    .then((r) => r.data);

/** GET v1/alerts: the newest matches of the partner's alerting searches, and what is unseen. */
export const fetchAlerts = (signal?: AbortSignal) => api.get('v1/alerts', AlertsResponse, 'Alerts', { signal });

/** POST v1/alerts/seen: the partner has seen the alerts listed `asOf` (the list's meta.as_of). */
export const markAlertsSeen = (asOf: string) =>
  api.post('v1/alerts/seen', AlertsSeenResponse, 'AlertsSeen', { body: { as_of: asOf } }).then((r) => r.data);
