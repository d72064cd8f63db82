import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { notificationPreferencesMachine } from '@/machines/notification-preferences/notification-preferences.machine';
import {
  hasUnsavedChanges,
  isPreferencesLoading,
  isPreferencesSaving,
  matrixOf,
  preferencesLoadFailure,
} from '@/machines/notification-preferences/notification-preferences.selectors';
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS } from '@/schemas/notification-preferences';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { useToasts } from '@/src/app/root-actors';
import { failureText } from '@/src/format/failure-text';
import '@/src/forms/form-field.css';
import './notifications.css';

/**
 * Notifications (spec §2 "notifications"; issue 8): what the partner is told about, per event and per channel
 * (e-mail, SMS, in-app), as a matrix of checkboxes — a table whose row and column headers name each one, and each
 * checkbox labelled with both for screen readers. The checkboxes are the browser's own, drawn to match the portal's
 * (React Aria's Checkbox would add 19 KB to this page's first load for what a native checkbox already is). Save sends the whole matrix; a failure is the toast 'Failed to
 * update notification preferences' (spec §8) with the previous values back on screen. A view of the
 * notification-preferences machine.
 */
export default function NotificationsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const toasts = useToasts();
  const actor = useActorRef(
    notificationPreferencesMachine.provide({
      actions: {
        notifySaved: () =>
          toasts.send({
            type: 'toast.shown',
            tone: 'success',
            title: intl.formatMessage({ id: 'notificationPrefs.saved' }),
          }),
        notifyFailed: ({ context }) =>
          toasts.send({
            type: 'toast.shown',
            tone: 'danger',
            title: intl.formatMessage({ id: 'notificationPrefs.saveFailed' }),
            ...(context.failure && context.failure !== 'refused'
              ? { text: failureText(intl, { kind: context.failure, message: '' }) }
              : {}),
          }),
      },
    }),
    { inspect },
  );
  const matrix = useSelector(actor, matrixOf);
  const loading = useSelector(actor, isPreferencesLoading);
  const saving = useSelector(actor, isPreferencesSaving);
  const failure = useSelector(actor, preferencesLoadFailure);
  const changed = useSelector(actor, hasUnsavedChanges);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'preferences.submitted' });
  };

  return (
    <div className="notifications-page">
      <header className="page-header">
        <h1>{t('notificationPrefs.title')}</h1>
        <p className="page-intro">{t('notificationPrefs.intro')}</p>
      </header>
      {loading ? <PageLoading /> : null}
      {failure ? (
        <div className="alert alert-danger" role="alert">
          <p>{t('notificationPrefs.loadFailed')}</p>
          <p>{failureText(intl, { kind: failure, message: '' })}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'preferences.retried' })}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}
      {!loading && !failure ? (
        <form className="card notification-form" onSubmit={submit} aria-busy={saving}>
          <div className="table-scroll">
            <table className="notification-matrix" data-testid="notification-matrix">
              <caption className="visually-hidden">{t('notificationPrefs.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('notificationPrefs.event')}</th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <th scope="col" key={channel}>
                      {t(`notificationPrefs.channel.${channel}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {NOTIFICATION_EVENTS.map((event) => (
                  <tr key={event} data-event={event}>
                    <th scope="row">
                      <span className="notification-event">{t(`notificationPrefs.event.${event}`)}</span>
                      <span className="notification-event-hint">{t(`notificationPrefs.hint.${event}`)}</span>
                    </th>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <td key={channel}>
                        <label className="notification-checkbox" data-channel={channel}>
                          <input
                            type="checkbox"
                            className="native-checkbox"
                            checked={matrix[event][channel]}
                            disabled={saving}
                            onChange={(e) =>
                              actor.send({ type: 'preference.toggled', event, channel, enabled: e.target.checked })
                            }
                            aria-label={t('notificationPrefs.cell', {
                              event: t(`notificationPrefs.event.${event}`),
                              channel: t(`notificationPrefs.channel.${channel}`),
                            })}
                          />
                        </label>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="notification-actions">
            <button type="submit" className="button" disabled={saving || !changed}>
              {saving ? t('notificationPrefs.saving') : t('notificationPrefs.save')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={saving || !changed}
              onClick={() => actor.send({ type: 'preferences.reset' })}
            >
              {t('notificationPrefs.undo')}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
