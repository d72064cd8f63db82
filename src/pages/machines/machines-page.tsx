import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import indexUrl from '@/docs/machines/machines.json?url&no-inline';
import type { LiveActor } from '@/src/app/inspection';
import { ComponentErrorBoundary } from '@/src/app/error-boundaries';
import { PageLoading } from '@/src/app/page-states';
import { actorLabel, entryOf, useLiveMachines } from './live-actors';
import { LAYOUT_VERSION, type MachineIndex, type MachineIndexEntry, type StatechartLayout } from './statechart-layout';
import { formatStateValue } from './state-value';
import { suspendOn } from './suspend';
import './machines-page.css';
import './statechart.css';

/**
 * What the page loads, by key: one promise each while it holds. A failed load is forgotten, so it is tried again the
 * next time it is asked for (the page visited again, the machine opened again).
 */
const loads = new Map<string, Promise<unknown>>();
function loadOnce<T>(key: string, load: () => Promise<T>): Promise<T> {
  let promise = loads.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = load();
    promise.catch(() => loads.delete(key));
    loads.set(key, promise);
  }
  return promise;
}

/** Refuses a file written by another version of `npm run machines:docs`. */
const checked =
  (file: string) =>
  <T extends { readonly version: number }>(value: T): T => {
    if (value.version !== LAYOUT_VERSION) throw new Error(`${file}: layout version ${value.version}`);
    return value;
  };

/**
 * The list of machines, each with its first sentence, written by `npm run machines:docs`: the page's data, fetched as
 * the JSON file the build emits (hashed, cached for good) as other pages fetch theirs, rather than compiled into its
 * script.
 */
const loadIndex = () =>
  loadOnce('machines.json', () =>
    fetch(indexUrl)
      .then((response) => {
        if (!response.ok) throw new Error(`machines.json: HTTP ${response.status}`);
        return response.json() as Promise<MachineIndex>;
      })
      .then(checked('machines.json')),
  );

/** One chunk per machine's layout, fetched when that machine is opened. */
const LAYOUTS = import.meta.glob<StatechartLayout>('@/docs/machines/*.layout.json', { import: 'default' });
const loadLayout = (slug: string) =>
  loadOnce(`${slug}.layout.json`, () => {
    const load = LAYOUTS[`/docs/machines/${slug}.layout.json`];
    return load
      ? load().then(checked(`${slug}.layout.json`))
      : Promise.reject<StatechartLayout>(new Error(`no layout for ${slug}: run npm run machines:docs`));
  });

/**
 * The diagram and its details: a chunk of their own, loaded when a machine is opened (the list needs neither). The
 * view asks for the machine's layout at the same time, so the two arrive side by side.
 */
const Diagram = lazy(() => import('./machine-diagram'));

/**
 * The machines page (/machines): every machine under machines/ with its description, each drawn as a statechart
 * from its definition (layouts computed by `npm run machines:docs`), and the machines running in this tab followed
 * live on their diagram. `?machine=<id>` opens one.
 */
export default function MachinesPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Machines />
    </Suspense>
  );
}

function Machines() {
  const { machines } = suspendOn(loadIndex());
  const chosen = new URLSearchParams(useSearch()).get('machine');
  const entry = machines.find((m) => m.id === chosen);
  return entry ? <MachineView key={entry.id} entry={entry} machines={machines} /> : <MachineList machines={machines} />;
}

const machineHref = (id: string) => `/machines?machine=${encodeURIComponent(id)}`;

function MachineList({ machines }: { machines: readonly MachineIndexEntry[] }) {
  const intl = useIntl();
  const live = useLiveMachines();
  const running = new Set(live.map((a) => entryOf(a, machines)?.id));
  return (
    <div className="machines-page">
      <header className="page-header">
        <h1>
          <FormattedMessage id="machines.title" />
        </h1>
        <p className="muted machines-intro">
          <FormattedMessage id="machines.intro" />
        </p>
      </header>

      <section className="card machines-running" aria-labelledby="machines-running-title">
        <h2 id="machines-running-title">
          <FormattedMessage id="machines.running" />
        </h2>
        {live.length === 0 ? (
          <p className="muted">
            <FormattedMessage id="machines.noneRunning" />
          </p>
        ) : (
          <ul className="live-list">
            {live.map((actor) => {
              const drawn = entryOf(actor, machines);
              return (
                <li key={actor.id}>
                  <span className="live-dot" aria-hidden="true" />
                  {drawn ? (
                    <Link href={machineHref(drawn.id)}>{actorLabel(actor, live)}</Link>
                  ) : (
                    <span>{actorLabel(actor, live)}</span>
                  )}
                  {drawn && drawn.id !== actor.machineId ? <span className="muted">({drawn.id})</span> : null}
                  <code className="live-state">{formatStateValue(actor.value)}</code>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="machines-all-title">
        <h2 id="machines-all-title">
          <FormattedMessage id="machines.all" values={{ count: machines.length }} />
        </h2>
        <ul className="machine-cards">
          {machines.map((m) => (
            <li key={m.id} className="card machine-card">
              <div className="machine-card-head">
                <h3>
                  <Link href={machineHref(m.id)}>{m.id}</Link>
                </h3>
                {running.has(m.id) ? (
                  <span className="live-badge">
                    <FormattedMessage id="machines.live" />
                  </span>
                ) : null}
              </div>
              <p className="machine-summary">{m.summary}</p>
              <p className="muted machine-meta">
                {intl.formatMessage({ id: 'machines.counts' }, { states: m.states, transitions: m.transitions })}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function MachineView({ entry, machines }: { entry: MachineIndexEntry; machines: readonly MachineIndexEntry[] }) {
  const intl = useIntl();
  // asked for on the first render, beside the diagram's chunk; loadLayout keeps one promise per machine
  const layout = loadLayout(entry.slug);
  const live = useLiveMachines();
  const mine = live.filter((a) => entryOf(a, machines)?.id === entry.id);
  const [followedId, setFollowedId] = useState<string | null>(null);
  const followed = mine.find((a) => a.id === followedId) ?? mine[0] ?? null;
  return (
    <div className="machines-page machine-view">
      <p className="breadcrumb">
        <Link href="/machines">
          <FormattedMessage id="machines.back" />
        </Link>
      </p>
      <header className="page-header">
        <h1>{entry.id}</h1>
        {entry.summary ? <p className="machine-description">{entry.summary}</p> : null}
        <p className="muted machine-meta">
          {intl.formatMessage({ id: 'machines.counts' }, { states: entry.states, transitions: entry.transitions })}
          {' · '}
          <code>{entry.instance ?? entry.file}</code>
        </p>
      </header>

      <LiveFollow actors={mine} all={live} followed={followed} onFollow={setFollowedId} />

      <ComponentErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Diagram entry={entry} layout={layout} value={followed ? followed.value : null} />
        </Suspense>
      </ComponentErrorBoundary>
    </div>
  );
}

/** Which running actor of this machine the diagram follows, and the state it is in (announced as it changes). */
function LiveFollow({
  actors,
  all,
  followed,
  onFollow,
}: {
  actors: readonly LiveActor[];
  all: readonly LiveActor[];
  followed: LiveActor | null;
  onFollow: (id: string) => void;
}) {
  const intl = useIntl();
  return (
    <div className="live-follow">
      {actors.length > 1 ? (
        <div className="live-choice" role="group" aria-label={intl.formatMessage({ id: 'machines.follow' })}>
          {actors.map((a) => (
            <button
              key={a.id}
              type="button"
              className="chip"
              aria-pressed={a === followed}
              onClick={() => onFollow(a.id)}
            >
              {actorLabel(a, all)}
            </button>
          ))}
        </div>
      ) : null}
      <p className={followed ? 'live-status is-live' : 'live-status'} role="status">
        {followed ? (
          <>
            <span className="live-dot" aria-hidden="true" />
            <FormattedMessage
              id="machines.liveState"
              values={{ state: <code data-testid="live-state">{formatStateValue(followed.value)}</code> }}
            />
          </>
        ) : (
          <FormattedMessage id="machines.notRunning" />
        )}
      </p>
    </div>
  );
}
