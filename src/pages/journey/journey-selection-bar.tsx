import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { journeySelectionMachine } from '@/machines/journey-selection/journey-selection.machine';
import {
  isDialogueOpen,
  selectedCount,
  selectionLimit,
  wasRefused,
} from '@/machines/journey-selection/journey-selection.selectors';
import { lazyDialog } from '@/src/app/lazy-dialog';
import { useToasts } from '@/src/app/root-actors';
import './journey-selection.css';

export type JourneySelectionActor = ActorRefFrom<typeof journeySelectionMachine>;

/** The dialogue and its fields load when the partner first opens it: find work's first load stays as it was. */
const SelectionDialog = lazyDialog(() => import('./journey-selection-dialog'));

/**
 * Find work's journey tab, several journeys at once (spec §5, §9): how many are ticked (of 6), why a 7th was refused,
 * and express interest in all of them, choosing the vehicle in a dialogue; the outcome is a toast. The selection's
 * machine (journeySelection) decides; this renders it.
 */
export function JourneySelectionBar({ selection }: { selection: JourneySelectionActor }) {
  const intl = useIntl();
  const toasts = useToasts();
  const count = useSelector(selection, selectedCount);
  const refused = useSelector(selection, wasRefused);
  const open = useSelector(selection, isDialogueOpen);

  useEffect(() => {
    const subs = [
      selection.on('selection.expressed', (e) =>
        toasts.send({
          type: 'toast.shown',
          tone: 'success',
          title: intl.formatMessage({ id: 'journey.toast.express_interest' }, { count: e.count }),
        }),
      ),
      selection.on('selection.refused', (e) =>
        toasts.send({
          type: 'toast.shown',
          tone: 'danger',
          title: intl.formatMessage({ id: 'journey.toast.express_interest.failed' }),
          text: e.messages.join('\n'),
        }),
      ),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [selection, toasts, intl]);

  return (
    <div className="journey-selection" data-testid="journey-selection">
      <p className="journey-selection-count" role="status">
        {count > 0
          ? intl.formatMessage({ id: 'journeySelection.count' }, { count, max: selectionLimit })
          : intl.formatMessage({ id: 'journeySelection.hint' }, { max: selectionLimit })}
      </p>
      {refused ? (
        <p
          className="alert alert-danger journey-selection-refused"
          role="alert"
          data-testid="journey-selection-refused"
        >
          {intl.formatMessage({ id: 'journeySelection.limit' }, { max: selectionLimit })}
        </p>
      ) : null}
      {count > 0 ? (
        <div className="journey-selection-actions">
          <button type="button" className="button" onClick={() => selection.send({ type: 'interest.started' })}>
            {intl.formatMessage({ id: 'journeySelection.express' }, { count })}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => selection.send({ type: 'selection.cleared' })}
          >
            {intl.formatMessage({ id: 'journeySelection.clear' })}
          </button>
        </div>
      ) : null}
      {open ? (
        <SelectionDialog
          selection={selection}
          count={count}
          onUnavailable={() => selection.send({ type: 'interest.cancelled' })}
        />
      ) : null}
    </div>
  );
}
