import { useMemo, useState, useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { inspection, type LiveActor, type LoggedStep } from '@/src/app/inspection';
import { toJsonSafe } from '@/src/app/inspection-recorder';
import { formatStateValue } from './state-value';
import './inspector-panel.css';

/** Context shown per actor is cut here: a search's results would fill the panel. */
const MAX_JSON = 20_000;

const json = (value: unknown) => {
  const text = JSON.stringify(toJsonSafe(value, { redact: true }), null, 2) ?? 'undefined';
  return text.length > MAX_JSON ? `${text.slice(0, MAX_JSON)}\n…` : text;
};

const matches = (step: LoggedStep, filter: string) =>
  !filter ||
  [step.event.type, step.machineId, step.actorId, ...step.transitions, ...step.actions].some((s) =>
    s.toLowerCase().includes(filter),
  );

/**
 * The developers' inspector (development builds; `?inspect` for admins in production; src/app/inspection.ts): every
 * live actor with its state and context, and the log of events with the transitions they took and the actions
 * they ran, filterable, copyable as JSON for model-tests/replay.ts. Loaded only when shown.
 */
export default function InspectorPanel() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  useSyncExternalStore(inspection.subscribe, inspection.version);
  const actors = inspection.actors();
  const log = inspection.log();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  if (!open)
    return (
      <button type="button" className="inspector-toggle" aria-expanded="false" onClick={() => setOpen(true)}>
        <FormattedMessage id="inspector.title" /> <span className="inspector-count">{log.length}</span>
      </button>
    );

  return (
    <aside className="inspector" aria-labelledby="inspector-title">
      <header className="inspector-header">
        <h2 id="inspector-title">
          <FormattedMessage id="inspector.title" />
        </h2>
        <button
          type="button"
          className="inspector-close"
          aria-expanded="true"
          aria-label={t('inspector.close')}
          onClick={() => setOpen(false)}
        >
          ×
        </button>
      </header>
      <div className="inspector-body">
        <section className="inspector-section" aria-labelledby="inspector-events-title">
          <h3 id="inspector-events-title">{t('inspector.events', { count: log.length })}</h3>
          <EventLog log={log} actors={actors} />
        </section>
        <section className="inspector-section" aria-labelledby="inspector-actors-title">
          <h3 id="inspector-actors-title">{t('inspector.actors', { count: actors.length })}</h3>
          <ActorList actors={actors} />
        </section>
      </div>
    </aside>
  );
}

function ActorList({ actors }: { actors: readonly LiveActor[] }) {
  const byId = new Map(actors.map((a) => [a.id, a]));
  return (
    <ul className="inspector-actors">
      {actors.map((a) => {
        const parent = a.parentId ? byId.get(a.parentId) : undefined;
        const snapshot = a.ref.getSnapshot() as { status?: string; context?: unknown };
        return (
          <li key={a.id} data-actor={a.machineId ?? a.name}>
            <details>
              <summary>
                <code className="inspector-actor-name">{a.machineId ?? a.name}</code>{' '}
                <span className="muted">
                  {a.id}
                  {parent ? ` ← ${parent.machineId ?? parent.name}` : ''}
                </span>{' '}
                <code className="inspector-value">{a.machineId ? formatStateValue(a.value) : snapshot.status}</code>
              </summary>
              {a.machineId ? (
                <>
                  <h3>
                    <FormattedMessage id="inspector.context" />
                  </h3>
                  <pre>{json(snapshot.context)}</pre>
                </>
              ) : null}
            </details>
          </li>
        );
      })}
    </ul>
  );
}

function EventLog({ log, actors }: { log: readonly LoggedStep[]; actors: readonly LiveActor[] }) {
  const intl = useIntl();
  const [filter, setFilter] = useState('');
  const [copied, setCopied] = useState<string | null>(null);
  const needle = filter.trim().toLowerCase();
  const shown = useMemo(() => log.filter((s) => matches(s, needle)).reverse(), [log, needle]);
  const time = useMemo(
    () =>
      new Intl.DateTimeFormat(intl.locale, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        fractionalSecondDigits: 3,
        hour12: false,
      }),
    [intl.locale],
  );
  const names = new Map(actors.map((a) => [a.id, a.machineId ?? a.name]));

  // what is shown is what is copied: filter by a machine first for a log of it alone
  const copy = async () => {
    const recorded = inspection.exportLog(
      undefined,
      log.filter((s) => matches(s, needle)),
    );
    try {
      await navigator.clipboard.writeText(`${JSON.stringify(recorded, null, 2)}\n`);
      setCopied(intl.formatMessage({ id: 'inspector.copied' }, { count: recorded.steps.length }));
    } catch {
      setCopied(intl.formatMessage({ id: 'inspector.copyFailed' }));
    }
  };

  return (
    <>
      <div className="inspector-tools">
        <label className="inspector-filter">
          <span className="visually-hidden">
            <FormattedMessage id="inspector.filter" />
          </span>
          <input
            type="search"
            value={filter}
            placeholder={intl.formatMessage({ id: 'inspector.filter' })}
            onChange={(e) => setFilter(e.target.value)}
          />
        </label>
        <button type="button" className="inspector-button" onClick={() => void copy()}>
          <FormattedMessage id="inspector.copy" />
        </button>
        <button type="button" className="inspector-button" onClick={() => inspection.clearLog()}>
          <FormattedMessage id="inspector.clear" />
        </button>
        <output className="inspector-status" aria-live="polite">
          {copied}
        </output>
      </div>
      {shown.length === 0 ? (
        <p className="muted inspector-empty">
          {log.length === 0 ? <FormattedMessage id="inspector.empty" /> : <FormattedMessage id="inspector.noMatch" />}
        </p>
      ) : (
        <ol className="inspector-log">
          {shown.map((step) => (
            <li key={step.seq} data-event={step.event.type}>
              <details>
                <summary>
                  <time dateTime={new Date(step.at).toISOString()}>{time.format(step.at)}</time>{' '}
                  <span className="inspector-machine">{step.machineId}</span>{' '}
                  <code className="inspector-event">{step.event.type}</code>{' '}
                  <span className="inspector-move">
                    {formatStateValue(step.from) || '·'} → {formatStateValue(step.to) || step.status}
                  </span>
                </summary>
                <dl>
                  <dt>
                    <FormattedMessage id="inspector.actor" />
                  </dt>
                  <dd>
                    <code>{step.actorId}</code>
                    {step.sourceId ? ` ← ${names.get(step.sourceId) ?? step.sourceId}` : ''}
                  </dd>
                  <dt>
                    <FormattedMessage id="inspector.transitions" />
                  </dt>
                  <dd>{step.transitions.length ? step.transitions.map((x, i) => <code key={i}>{x}</code>) : '—'}</dd>
                  <dt>
                    <FormattedMessage id="inspector.actions" />
                  </dt>
                  <dd>{step.actions.length ? step.actions.map((x, i) => <code key={i}>{x}</code>) : '—'}</dd>
                </dl>
                <pre>{json(step.event)}</pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
