import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { alertSwitchMachine } from '@/machines/new-work-alerts/alert-switch.machine';
import { isAlertOn, isSwitching } from '@/machines/new-work-alerts/new-work-alerts.selectors';
import type { SavedSearch } from '@/schemas/saved-search';
import { inspect } from '@/src/app/inspection';
import { useToasts } from '@/src/app/root-actors';
import { SwitchControl } from '@/src/forms/checkbox-card';
import './saved-search-alert.css';

/**
 * The "Alert me" switch of one saved search (new-work alerts, schemas/alert.ts): the alertSwitch machine decides what
 * it shows (optimistic, back as it was when the server refuses) and a failure becomes a danger toast here. Only for
 * searches that can alert (`canAlert`: instant and auction); the list leaves it out for the others.
 */
export function SavedSearchAlert({ search }: { search: SavedSearch }) {
  const intl = useIntl();
  const toasts = useToasts();
  const actor = useActorRef(alertSwitchMachine, {
    inspect,
    input: { id: search.id, name: search.name, alert: search.alert },
  });
  const on = useSelector(actor, isAlertOn);
  const busy = useSelector(actor, isSwitching);

  useEffect(() => {
    const sub = actor.on('alert.failed', (e) =>
      toasts.send({
        type: 'toast.shown',
        tone: 'danger',
        title: e.alert
          ? intl.formatMessage({ id: 'savedSearch.alert.failedOn' }, { name: e.name })
          : intl.formatMessage({ id: 'savedSearch.alert.failedOff' }, { name: e.name }),
        text: e.message,
      }),
    );
    return () => sub.unsubscribe();
  }, [actor, toasts, intl]);

  return (
    <SwitchControl
      className="alert-switch"
      on={on}
      onChange={(alert) => actor.send({ type: 'alert.toggled', alert })}
      ariaLabel={intl.formatMessage({ id: 'savedSearch.alert.label' }, { name: search.name })}
      busy={busy}
    >
      <span className="alert-switch-text">{intl.formatMessage({ id: 'savedSearch.alert.short' })}</span>
    </SwitchControl>
  );
}
