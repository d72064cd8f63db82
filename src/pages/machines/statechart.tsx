import { memo, type ReactNode } from 'react';
import {
  DIAGRAM_FONT,
  internalLine,
  labelLines,
  type Arrow,
  type Point,
  type StateBox,
  type StatechartLayout,
} from './statechart-layout';

/** What is picked in the diagram: a state (by id) or an arrow (by id). */
export type DiagramSelection = { readonly kind: 'state' | 'arrow'; readonly id: string } | null;

export interface StatechartProps {
  readonly layout: StatechartLayout;
  /** Ids of the states the followed actor is in now. */
  readonly active: ReadonlySet<string>;
  readonly selection: DiagramSelection;
  readonly onSelect: (selection: DiagramSelection) => void;
  /** Says what a state or arrow is, for the title tooltip of each shape (translated by the page). */
  readonly describe: {
    readonly state: (box: StateBox) => string;
    readonly arrow: (arrow: Arrow) => string;
  };
}

const LINE = DIAGRAM_FONT.code.lineHeight;
const CORNER = 7;

/** An orthogonal route with its bends rounded. */
export function roundedPath(points: readonly Point[]): string {
  if (points.length < 2) return '';
  const [first, ...rest] = points;
  const parts = [`M${first!.x} ${first!.y}`];
  for (let i = 0; i < rest.length - 1; i++) {
    const prev = i === 0 ? first! : rest[i - 1]!;
    const at = rest[i]!;
    const next = rest[i + 1]!;
    const r = Math.min(
      CORNER,
      Math.hypot(at.x - prev.x, at.y - prev.y) / 2,
      Math.hypot(next.x - at.x, next.y - at.y) / 2,
    );
    const into = towards(at, prev, r);
    const out = towards(at, next, r);
    parts.push(`L${into.x} ${into.y}`, `Q${at.x} ${at.y} ${out.x} ${out.y}`);
  }
  const last = rest[rest.length - 1]!;
  parts.push(`L${last.x} ${last.y}`);
  return parts.join(' ');
}

function towards(from: Point, to: Point, distance: number): Point {
  const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    x: round(from.x + ((to.x - from.x) * distance) / length),
    y: round(from.y + ((to.y - from.y) * distance) / length),
  };
}

function StateShape({
  box,
  active,
  selected,
  onSelect,
  title,
}: {
  box: StateBox;
  active: boolean;
  selected: boolean;
  onSelect: () => void;
  title: string;
}) {
  const classes = [
    'sc-state',
    `sc-${box.kind}`,
    box.region ? 'sc-region' : '',
    box.parent === null ? 'sc-root' : '',
    active ? 'is-active' : '',
    selected ? 'is-selected' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const inset = box.kind === 'final' ? 4 : 0;
  const left = box.x + 14 + inset;
  let y = box.y + 8 + inset + 16;
  const lines: ReactNode[] = [
    <text key="title" className="sc-title" x={left} y={y}>
      {box.name}
    </text>,
  ];
  y += 6;
  if (box.tags.length > 0) {
    let x = left;
    for (const tag of box.tags) {
      const width = tag.length * 0.602 * 11 + 12;
      lines.push(
        <g key={`tag-${tag}`} className="sc-tag">
          <rect x={x} y={y} width={width} height={16} rx={8} />
          <text x={x + 6} y={y + 12}>
            {tag}
          </text>
        </g>,
      );
      x += width + 4;
    }
    y += 20;
  }
  if (box.invokes.length > 0) {
    y += 6;
    box.invokes.forEach((src, i) => {
      lines.push(
        <text key={`invoke-${i}`} className="sc-code sc-invoke" x={left} y={y + 12}>
          <tspan className="sc-keyword">invoke</tspan> {src}
        </text>,
      );
      y += LINE;
    });
  }
  if (box.internal.length > 0) {
    y += 6;
    lines.push(
      <line
        key="rule"
        className="sc-rule"
        x1={box.x + 8 + inset}
        x2={box.x + box.width - 8 - inset}
        y1={y - 3}
        y2={y - 3}
      />,
    );
    box.internal.forEach((t, i) => {
      lines.push(
        <text key={`internal-${i}`} className="sc-code sc-internal" x={left} y={y + 12}>
          {internalLine(t)}
        </text>,
      );
      y += LINE;
    });
  }
  return (
    <g
      className={classes}
      data-state={box.path.join('.') || '(machine)'}
      onClick={(event) => {
        event.stopPropagation();
        onSelect();
      }}
    >
      <title>{title}</title>
      <rect className="sc-box" x={box.x} y={box.y} width={box.width} height={box.height} rx={box.region ? 6 : 10} />
      {box.kind === 'final' ? (
        <rect
          className="sc-final-inner"
          x={box.x + inset}
          y={box.y + inset}
          width={box.width - 2 * inset}
          height={box.height - 2 * inset}
          rx={7}
        />
      ) : null}
      {box.kind === 'parallel' ? (
        // two bars, UML's sign for concurrent regions
        <path
          className="sc-parallel-mark"
          d={`M${box.x + box.width - 20} ${box.y + 12} v14 M${box.x + box.width - 14} ${box.y + 12} v14`}
        />
      ) : null}
      {lines}
    </g>
  );
}

function ArrowShape({
  arrow,
  selected,
  related,
  onSelect,
  title,
}: {
  arrow: Arrow;
  selected: boolean;
  /** Leaves or enters the selected state. */
  related: boolean;
  onSelect: () => void;
  title: string;
}) {
  const d = roundedPath(arrow.points);
  const classes = ['sc-arrow', `sc-arrow-${arrow.kind}`, selected ? 'is-selected' : '', related ? 'is-related' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <g
      className={classes}
      data-arrow={arrow.id}
      onClick={(event) => {
        event.stopPropagation();
        onSelect();
      }}
    >
      <title>{title}</title>
      {/* a wide transparent stroke: an easier target for a finger or a pointer */}
      <path className="sc-hit" d={d} />
      <path
        className="sc-line"
        d={d}
        markerEnd={arrow.kind === 'initial' ? 'url(#sc-head-initial)' : 'url(#sc-head)'}
      />
      {arrow.label ? (
        <g className="sc-label">
          <rect x={arrow.label.x} y={arrow.label.y} width={arrow.label.width} height={arrow.label.height} rx={4} />
          {labelLines(arrow).map((line, i) => (
            <text
              key={i}
              className={i === 0 ? 'sc-code sc-trigger' : 'sc-code sc-guard'}
              x={arrow.label!.x + arrow.label!.width / 2}
              y={arrow.label!.y + 3 + LINE * i + 12}
              textAnchor="middle"
            >
              {line}
            </text>
          ))}
        </g>
      ) : null}
    </g>
  );
}

/**
 * Draws a laid-out statechart as SVG elements (no diagram library: every position comes from the layout JSON).
 * States before arrows, parents before children, so that arrows and inner states sit on top. Returns the group to
 * put inside the zoomable `<svg role="img">`: a pointer picks shapes here; keyboard and screen-reader users pick the
 * same states and transitions from the page's lists beside it (a diagram of 40 focusable shapes would be a trap).
 */
export const Statechart = memo(function Statechart({ layout, active, selection, onSelect, describe }: StatechartProps) {
  const picked = selection?.kind === 'state' ? selection.id : null;
  return (
    <g className={selection ? 'sc-diagram has-focus' : 'sc-diagram'}>
      <defs>
        <marker id="sc-head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto">
          <path d="M0 1 L9 5 L0 9 z" className="sc-head" />
        </marker>
        <marker
          id="sc-head-initial"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0 1 L9 5 L0 9 z" className="sc-head-initial" />
        </marker>
      </defs>
      {layout.states.map((box) => (
        <StateShape
          key={box.id}
          box={box}
          active={active.has(box.id)}
          selected={selection?.kind === 'state' && selection.id === box.id}
          onSelect={() => onSelect({ kind: 'state', id: box.id })}
          title={describe.state(box)}
        />
      ))}
      {layout.initials.map((m) => (
        <circle key={m.id} className="sc-initial" cx={m.x + m.size / 2} cy={m.y + m.size / 2} r={m.size / 2 - 1} />
      ))}
      {layout.arrows.map((arrow) => (
        <ArrowShape
          key={arrow.id}
          arrow={arrow}
          selected={selection?.kind === 'arrow' && selection.id === arrow.id}
          related={picked !== null && (arrow.source === picked || arrow.target === picked)}
          onSelect={() => onSelect({ kind: 'arrow', id: arrow.id })}
          title={describe.arrow(arrow)}
        />
      ))}
    </g>
  );
});
