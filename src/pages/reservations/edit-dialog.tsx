import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { TIME_CHOICES } from '@/machines/reservation-wizard/reservation-rules';
import type { Finish } from '@/machines/reservation-wizard/reservation-wizard.types';
import { reservationEdit } from '@/machines/reservations/reservation-edit.machine';
import {
  canUseOwnWindow,
  editModeOf,
  elsewhereEndOf,
  formOfEdit,
  hasFailed,
  isBusy,
  isSaving,
  outcomeOf,
  previewOf,
  shownIssuesOf,
  timeOptionsOf,
} from '@/machines/reservations/reservation-edit.selectors';
import type { EditField, EditForm } from '@/machines/reservations/reservation-edit.types';
import { ANYTIME, type Reservation } from '@/schemas/reservation';
import { ChoiceGroup, type Option } from './form-controls';
import { TextInput } from '@/src/forms/text-input';
import { ReservationFacts } from './reservation-card';
import { ReservationDialog } from './reservation-dialog';
import { FIELD_MESSAGES, ruleMessage } from './reservation-labels';
import { useFormatters } from '@/src/app/use-formatters';
import { useReservationNotices } from './use-reservation-notices';
import { inspect } from '@/src/app/inspection';
import { TimingFields } from './timing-fields';

export interface EditDialogProps {
  readonly reservation: Reservation;
  /** Today in London (the list's): the preview is priced while the day is not past. */
  readonly today: string;
  /** Whether the partner may set an own time window (the custom_plus_reservations flag). */
  readonly customWindows: boolean;
  onClose(changed: boolean): void;
}

type PeopleValue = '1' | '2' | 'flexible';

/**
 * "Change this reservation" (spec §4 edit, §7 "nodes, capacity, people"): the number of people, the capacity, the
 * hours (a full day from a start time or anytime, or an own window) and where it finishes, each rule of spec §5 beside
 * its field as the partner changes it; Check has the server check and price the change (nothing stored), then Save
 * applies it now or sends it to the team as a request, as allowed_actions says.
 */
export function EditDialog({ reservation, today, customWindows, onClose }: EditDialogProps) {
  const intl = useIntl();
  const fmt = useFormatters();
  const actor = useActorRef(reservationEdit, { inspect, input: { reservation, customWindows } });
  useReservationNotices(actor);
  const mode = useSelector(actor, editModeOf);
  const form = useSelector(actor, formOfEdit);
  const ownWindowAllowed = useSelector(actor, canUseOwnWindow);
  const issues = useSelector(actor, shownIssuesOf);
  const preview = useSelector(actor, previewOf);
  const busy = useSelector(actor, isBusy);
  const saving = useSelector(actor, isSaving);
  const failed = useSelector(actor, hasFailed);
  const outcome = useSelector(actor, outcomeOf);
  const keptEnd = useSelector(actor, elsewhereEndOf);

  useEffect(() => {
    if (outcome !== 'open') onClose(outcome === 'changed');
  }, [outcome, onClose]);

  const change = (patch: Partial<EditForm>) => actor.send({ type: 'edit.changed', patch });
  const messagesOf = (field: EditField) =>
    issues.filter((i) => i.field === field).map((i) => intl.formatMessage(ruleMessage(i.code)));
  const label = (field: EditField) => intl.formatMessage(FIELD_MESSAGES[field]);
  const timeOptions = (withAnytime: boolean): Option[] =>
    timeOptionsOf(TIME_CHOICES, [form.startTime, form.endTime], withAnytime).map((t) => ({
      id: t,
      label: t === ANYTIME ? intl.formatMessage({ id: 'reservations.time.anytime' }) : t,
    }));
  const finishChoices = [
    { value: 'start' as const, label: intl.formatMessage({ id: 'reservations.finish.start' }) },
    {
      value: 'anywhere' as const,
      label: intl.formatMessage({ id: 'reservations.finish.anywhere' }),
      description: intl.formatMessage({ id: 'reservations.finish.anywhereHint' }),
    },
    ...(keptEnd
      ? [
          {
            value: 'elsewhere' as const,
            label: intl.formatMessage(
              { id: 'reservations.edit.finishAt' },
              { place: `${keptEnd.town} ${keptEnd.postcode}` },
            ),
          },
        ]
      : []),
  ];

  return (
    <ReservationDialog
      testId="edit-dialog"
      title={intl.formatMessage({ id: 'reservations.edit.title' }, { date: fmt.date(reservation.date) })}
      mode={{
        kind: mode,
        testId: 'edit-mode',
        text: intl.formatMessage({ id: mode === 'now' ? 'reservations.edit.now' : 'reservations.edit.request' }),
      }}
      busy={busy}
      failed={failed}
      onDismiss={() => actor.send({ type: 'edit.dismissed' })}
      actions={
        preview ? (
          <>
            <Button
              className="button button-secondary"
              isDisabled={busy}
              onPress={() => actor.send({ type: 'edit.back' })}
            >
              {intl.formatMessage({ id: 'reservations.dialog.back' })}
            </Button>
            <Button
              className="button"
              isPending={saving}
              data-testid="edit-confirm"
              onPress={() => actor.send({ type: 'edit.confirmed' })}
            >
              {intl.formatMessage({ id: mode === 'now' ? 'reservations.edit.save' : 'reservations.edit.sendRequest' })}
            </Button>
          </>
        ) : (
          <>
            <Button
              className="button button-secondary"
              isDisabled={busy}
              onPress={() => actor.send({ type: 'edit.dismissed' })}
            >
              {intl.formatMessage({ id: 'reservations.dialog.close' })}
            </Button>
            <Button
              className="button"
              isPending={busy}
              data-testid="edit-check"
              onPress={() => actor.send({ type: 'edit.checked' })}
            >
              {intl.formatMessage({ id: 'reservations.edit.check' })}
            </Button>
          </>
        )
      }
    >
      {preview ? (
        <div className="resv-preview" data-testid="edit-preview">
          <p>{intl.formatMessage({ id: 'reservations.edit.previewIntro' })}</p>
          <ReservationFacts reservation={preview} today={today} preview />
        </div>
      ) : (
        <form
          className="resv-edit-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'edit.checked' });
          }}
        >
          <ChoiceGroup<PeopleValue>
            horizontal
            label={label('people')}
            name="edit-people"
            value={String(form.people) as PeopleValue}
            onChange={(value) => change({ people: value === 'flexible' ? 'flexible' : (Number(value) as 1 | 2) })}
            messages={messagesOf('people')}
            choices={[
              { value: '1', label: intl.formatMessage({ id: 'reservations.people.count' }, { count: 1 }) },
              { value: '2', label: intl.formatMessage({ id: 'reservations.people.count' }, { count: 2 }) },
              { value: 'flexible', label: intl.formatMessage({ id: 'reservations.people.flexible' }) },
            ]}
          />
          <TextInput
            className="field resv-field"
            label={label('capacity')}
            name="edit-capacity"
            inputMode="decimal"
            value={form.capacity}
            onChange={(capacity) => change({ capacity })}
            messages={messagesOf('capacity')}
            description={intl.formatMessage({ id: 'reservations.capacity.hint' })}
          />
          <TimingFields
            namePrefix="edit-"
            value={form}
            ownWindowAllowed={ownWindowAllowed}
            ownWindowDisabled={!ownWindowAllowed && form.timing !== 'own_window'}
            timeOptions={timeOptions}
            label={label}
            messagesOf={messagesOf}
            onChange={change}
            rowClassName="resv-row resv-row-2"
          />
          <ChoiceGroup<Finish>
            label={label('finish')}
            name="edit-finish"
            value={form.finish}
            onChange={(finish) => change({ finish })}
            messages={messagesOf('finish')}
            choices={finishChoices}
          />
        </form>
      )}
    </ReservationDialog>
  );
}
