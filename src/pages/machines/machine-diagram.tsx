import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { DiagramViewport } from './diagram-viewport';
import { MachineDetails } from './machine-details';
import { Statechart, type DiagramSelection } from './statechart';
import {
  labelLines,
  type Arrow,
  type MachineIndexEntry,
  type StateBox,
  type StatechartLayout,
} from './statechart-layout';
import { activeStateIds } from './state-value';
import { suspendOn } from './suspend';

/**
 * One machine's statechart (from its layout, computed by `npm run machines:docs`) with the followed actor's states
 * lit, and the details of what is picked on it. Loaded lazily by the machines page when a machine is opened.
 */
export default function Diagram({
  entry,
  layout: pending,
  value,
}: {
  entry: MachineIndexEntry;
  layout: Promise<StatechartLayout>;
  value: unknown;
}) {
  const intl = useIntl();
  const layout = suspendOn(pending);
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
        description={layout.description}
        active={active}
        selection={selection}
        onSelect={select}
      />
    </>
  );
}
