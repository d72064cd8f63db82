import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DiagramSelection } from './statechart';
import {
  labelLines,
  type Arrow,
  type InternalTransition,
  type StateBox,
  type StatechartLayout,
} from './statechart-layout';

export interface MachineDetailsProps {
  readonly layout: StatechartLayout;
  /** The machine's description, shown while nothing is picked. */
  readonly description?: string;
  readonly active: ReadonlySet<string>;
  readonly selection: DiagramSelection;
  readonly onSelect: (selection: DiagramSelection) => void;
}

/**
 * Beside the diagram: its states as a list (the keyboard's and screen reader's way into the drawing) and what the
 * picked state or arrow does, in words a product owner reads: when, only if, from, to, what runs.
 */
export function MachineDetails({ layout, description, active, selection, onSelect }: MachineDetailsProps) {
  const intl = useIntl();
  const byId = new Map(layout.states.map((s) => [s.id, s]));
  const state = selection?.kind === 'state' ? byId.get(selection.id) : undefined;
  const arrow = selection?.kind === 'arrow' ? layout.arrows.find((a) => a.id === selection.id) : undefined;
  const nameOf = (id: string) => {
    const s = byId.get(id);
    return s ? s.path.join('.') || s.name : id;
  };
  return (
    <div className="machine-details">
      <section className="card state-list" aria-labelledby="state-list-title">
        <h2 id="state-list-title">
          <FormattedMessage id="machines.states" />
        </h2>
        <ul>
          {layout.states.map((s) => (
            <li key={s.id} style={{ paddingInlineStart: `${Math.max(0, s.path.length - 1) * 0.9}rem` }}>
              <button
                type="button"
                className="state-button"
                aria-pressed={state?.id === s.id}
                onClick={() => onSelect(state?.id === s.id ? null : { kind: 'state', id: s.id })}
              >
                <span className={`state-mark state-mark-${s.kind}`} aria-hidden="true" />
                <span className="state-name">{s.name}</span>
                {active.has(s.id) ? (
                  <span className="live-badge">
                    <FormattedMessage id="machines.live" />
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="card selection-details" aria-labelledby="details-title" aria-live="polite">
        <h2 id="details-title">
          {state ? (
            <code>{nameOf(state.id)}</code>
          ) : arrow ? (
            <code>{arrow.kind === 'initial' ? '●' : labelLines(arrow)[0]}</code>
          ) : (
            <FormattedMessage id="machines.about" />
          )}
        </h2>
        {state ? (
          <StateDetails state={state} layout={layout} nameOf={nameOf} onSelect={onSelect} />
        ) : arrow ? (
          <ArrowDetails arrow={arrow} nameOf={nameOf} />
        ) : (
          <>
            {description ? <p className="machine-description">{description}</p> : null}
            <h3>
              <FormattedMessage id="machines.legend.title" />
            </h3>
            <Legend hint={intl.formatMessage({ id: 'machines.hint' })} />
          </>
        )}
      </section>
    </div>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

const codes = (items: readonly string[]) =>
  items.map((item, i) => (
    <span key={i}>
      {i > 0 ? ', ' : null}
      <code>{item}</code>
    </span>
  ));

/** When a transition happens, in words: "When loadPage finishes", "After 300ms", "As soon as allowed". */
function When({ kind, trigger }: { kind: Arrow['kind']; trigger: string }) {
  const rest = trigger.replace(/^(done|error|snapshot|after):\s?/, '').replace(/^after\s/, '');
  const value = <code>{rest}</code>;
  switch (kind) {
    case 'done':
      return <FormattedMessage id="machines.when.done" values={{ actor: value }} />;
    case 'error':
      return <FormattedMessage id="machines.when.error" values={{ actor: value }} />;
    case 'snapshot':
      return <FormattedMessage id="machines.when.snapshot" values={{ actor: value }} />;
    case 'after':
      return <FormattedMessage id="machines.when.after" values={{ delay: value }} />;
    case 'always':
      return <FormattedMessage id="machines.when.always" />;
    case 'stateDone':
      return <FormattedMessage id="machines.when.stateDone" />;
    case 'initial':
      return <FormattedMessage id="machines.when.initial" />;
    default:
      return <FormattedMessage id="machines.when.event" values={{ event: <code>{trigger}</code> }} />;
  }
}

function StateKind({ kind }: { kind: StateBox['kind'] }) {
  switch (kind) {
    case 'compound':
      return <FormattedMessage id="machines.type.compound" />;
    case 'parallel':
      return <FormattedMessage id="machines.type.parallel" />;
    case 'final':
      return <FormattedMessage id="machines.type.final" />;
    case 'history':
      return <FormattedMessage id="machines.type.history" />;
    default:
      return <FormattedMessage id="machines.type.atomic" />;
  }
}

function StateDetails({
  state,
  layout,
  nameOf,
  onSelect,
}: {
  state: StateBox;
  layout: StatechartLayout;
  nameOf: (id: string) => string;
  onSelect: (selection: DiagramSelection) => void;
}) {
  const out = layout.arrows.filter((a) => a.source === state.id);
  return (
    <>
      <p className="muted">
        <StateKind kind={state.kind} />
      </p>
      {state.description ? <p>{state.description}</p> : null}
      <dl className="facts">
        {state.tags.length ? <Row label={<FormattedMessage id="machines.tags" />}>{codes(state.tags)}</Row> : null}
        {state.invokes.length ? (
          <Row label={<FormattedMessage id="machines.invokes" />}>{codes(state.invokes)}</Row>
        ) : null}
        {state.entry.length ? <Row label={<FormattedMessage id="machines.entry" />}>{codes(state.entry)}</Row> : null}
        {state.exit.length ? <Row label={<FormattedMessage id="machines.exit" />}>{codes(state.exit)}</Row> : null}
      </dl>
      {out.length ? (
        <>
          <h3>
            <FormattedMessage id="machines.leaves" />
          </h3>
          <ul className="transition-list">
            {out.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  className="transition-button"
                  onClick={() => onSelect({ kind: 'arrow', id: a.id })}
                >
                  <code>{labelLines(a).join(' ')}</code> → <code>{nameOf(a.target)}</code>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {state.internal.length ? (
        <>
          <h3>
            <FormattedMessage id="machines.internal" />
          </h3>
          <ul className="transition-list">
            {state.internal.map((t: InternalTransition, i) => (
              <li key={i}>
                <code>
                  {t.trigger}
                  {t.guard ? ` [${t.guard}]` : ''}
                </code>
                {t.actions.length ? <> · {codes(t.actions)}</> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function ArrowDetails({ arrow, nameOf }: { arrow: Arrow; nameOf: (id: string) => string }) {
  return (
    <dl className="facts">
      <Row label={<FormattedMessage id="machines.when" />}>
        <When kind={arrow.kind} trigger={arrow.trigger} />
      </Row>
      {arrow.guard ? (
        <Row label={<FormattedMessage id="machines.guard" />}>
          <code>{arrow.guard}</code>
        </Row>
      ) : null}
      {arrow.kind === 'initial' ? null : (
        <Row label={<FormattedMessage id="machines.from" />}>
          <code>{nameOf(arrow.source)}</code>
        </Row>
      )}
      <Row label={<FormattedMessage id="machines.to" />}>
        <code>{nameOf(arrow.target)}</code>
      </Row>
      {arrow.actions.length ? (
        <Row label={<FormattedMessage id="machines.actions" />}>{codes(arrow.actions)}</Row>
      ) : null}
    </dl>
  );
}

/** How to read the drawing, with small samples of each mark. */
function Legend({ hint }: { hint: string }) {
  const item = (sample: ReactNode, label: ReactNode) => (
    <li>
      <svg className="legend-sample sc-diagram" viewBox="0 0 44 24" aria-hidden="true">
        {sample}
      </svg>
      {label}
    </li>
  );
  return (
    <>
      <p>{hint}</p>
      <ul className="legend">
        {item(
          <circle className="sc-initial" cx="8" cy="12" r="6" />,
          <FormattedMessage id="machines.legend.initial" />,
        )}
        {item(
          <g className="sc-state sc-atomic is-active">
            <rect className="sc-box" x="3" y="3" width="38" height="18" rx="5" />
          </g>,
          <FormattedMessage id="machines.legend.active" />,
        )}
        {item(
          <g className="sc-state sc-final">
            <rect className="sc-box" x="3" y="3" width="38" height="18" rx="5" />
            <rect className="sc-final-inner" x="6" y="6" width="32" height="12" rx="3" />
          </g>,
          <FormattedMessage id="machines.legend.final" />,
        )}
        {item(
          <g className="sc-state sc-region">
            <rect className="sc-box" x="3" y="3" width="38" height="18" rx="4" />
          </g>,
          <FormattedMessage id="machines.legend.region" />,
        )}
        {item(
          <text className="sc-code sc-guard" x="2" y="16">
            [ok]
          </text>,
          <FormattedMessage id="machines.legend.guard" />,
        )}
        {item(
          <g className="sc-arrow sc-arrow-always">
            <path className="sc-line" d="M2 12 H40" />
          </g>,
          <FormattedMessage id="machines.legend.auto" />,
        )}
      </ul>
    </>
  );
}
