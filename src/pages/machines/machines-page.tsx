import { Suspense, use, useCallback, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import indexJson from '@/docs/machines/machines.json';
import type { LiveActor } from '@/src/app/inspection';
import { ComponentErrorBoundary } from '@/src/app/error-boundaries';
import { PageLoading } from '@/src/app/page-states';
import { DiagramViewport } from './diagram-viewport';
import { actorLabel, entryOf, useLiveMachines } from './live-actors';
import { MachineDetails } from './machine-details';
import { Statechart, type DiagramSelection } from './statechart';
import {
  LAYOUT_VERSION,
  labelLines,
  type Arrow,
  type MachineIndex,
  type MachineIndexEntry,
  type StateBox,
  type StatechartLayout,
} from './statechart-layout';
import { activeStateIds, formatStateValue } from './state-value';
import './machines-page.css';
import './statechart.css';

/** The list of machines: small, part of this page's chunk. Written by `npm run machines:docs`. */
const INDEX = indexJson as unknown as MachineIndex;

/** One chunk per machine's layout, fetched when that machine is opened. */
const LAYOUTS = import.meta.glob<StatechartLayout>('@/docs/machines/*.layout.json', { import: 'default' });
const loading = new Map<string, Promise<StatechartLayout>>();

function loadLayout(slug: string): Promise<StatechartLayout> {
  let promise = loading.get(slug);
  if (!promise) {
    const load = LAYOUTS[`/docs/machines/${slug}.layout.json`];
    promise = load
      ? load().then((layout) => {
          if (layout.version !== LAYOUT_VERSION) throw new Error(`${slug}: layout version ${layout.version}`);
          return layout;
        })
      : Promise.reject(new Error(`no layout for ${slug}: run npm run machines:docs`));
    // a failed load is tried again the next time the machine is opened
    promise.catch(() => loading.delete(slug));
    loading.set(slug, promise);
  }
  return promise;
}

const firstSentence = (text = '') => {
  const end = text.search(/\.(\s|$)/);
  return end >= 0 ? text.slice(0, end + 1) : text;
};

/**
 * The machines page (/machines): every machine under machines/ with its description, each drawn as a statechart
 * from its definition (layouts computed by `npm run machines:docs`), and the machines running in this tab followed
 * live on their diagram. `?machine=<id>` opens one.
 */
export default function MachinesPage() {
  const chosen = new URLSearchParams(useSearch()).get('machine');
  const entry = INDEX.machines.find((m) => m.id === chosen);
  return entry ? <MachineView key={entry.id} entry={entry} /> : <MachineList />;
}

const machineHref = (id: string) => `/machines?machine=${encodeURIComponent(id)}`;

function MachineList() {
  const intl = useIntl();
  const live = useLiveMachines();
  const running = new Set(live.map((a) => entryOf(a, INDEX.machines)?.id));
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
              const drawn = entryOf(actor, INDEX.machines);
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
          <FormattedMessage id="machines.all" values={{ count: INDEX.machines.length }} />
        </h2>
        <ul className="machine-cards">
          {INDEX.machines.map((m) => (
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
              <p className="machine-summary">{firstSentence(m.description)}</p>
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

function MachineView({ entry }: { entry: MachineIndexEntry }) {
  const intl = useIntl();
  const live = useLiveMachines();
  const mine = live.filter((a) => entryOf(a, INDEX.machines)?.id === entry.id);
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
        {entry.description ? <p className="machine-description">{firstSentence(entry.description)}</p> : null}
        <p className="muted machine-meta">
          {intl.formatMessage({ id: 'machines.counts' }, { states: entry.states, transitions: entry.transitions })}
          {' · '}
          <code>{entry.instance ?? entry.file}</code>
        </p>
      </header>

      <LiveFollow actors={mine} all={live} followed={followed} onFollow={setFollowedId} />

      <ComponentErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Diagram entry={entry} value={followed ? followed.value : null} />
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

function Diagram({ entry, value }: { entry: MachineIndexEntry; value: unknown }) {
  const intl = useIntl();
  const layout = use(loadLayout(entry.slug));
  const [selection, setSelection] = useState<DiagramSelection>(null);
  const active = useMemo(() => activeStateIds(layout, value), [layout, value]);
  const names = useMemo(() => new Map(layout.states.map((s) => [s.id, s.path.join('.') || s.name])), [layout]);
  const describe = useMemo(
    () => ({
      state: (box: StateBox) => (box.description ? `${box.name}: ${box.description}` : box.name),
      arrow: (arrow: Arrow) =>
        `${arrow.kind === 'initial' ? '●' : labelLines(arrow).join(' ')} → ${names.get(arrow.target) ?? ''}`,
    }),
    [names],
  );
  const select = useCallback((s: DiagramSelection) => setSelection(s), []);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <>
      <DiagramViewport
        width={layout.width}
        height={layout.height}
        start={layout.initials.find((m) => m.parent === layout.states[0]!.id)}
        onBackgroundClick={() => setSelection(null)}
        overview={layout.states.map((s) => (
          <rect
            key={s.id}
            className={active.has(s.id) ? 'overview-state is-active' : 'overview-state'}
            x={s.x}
            y={s.y}
            width={s.width}
            height={s.height}
            rx={8}
          />
        ))}
        labels={{
          region: t('machines.diagram.region', { machine: entry.id }),
          image: t('machines.diagram.image', {
            machine: entry.id,
            states: entry.states,
            transitions: entry.transitions,
          }),
          zoomIn: t('machines.zoomIn'),
          zoomOut: t('machines.zoomOut'),
          fit: t('machines.fit'),
        }}
      >
        <Statechart layout={layout} active={active} selection={selection} onSelect={select} describe={describe} />
      </DiagramViewport>
      <MachineDetails
        layout={layout}
        description={entry.description}
        active={active}
        selection={selection}
        onSelect={select}
      />
    </>
  );
}
