import { useIntl } from 'react-intl';
import type { Timing } from '@/machines/reservation-wizard/reservation-wizard.types';
import { ChoiceGroup, SelectField, type Option } from './form-controls';

type TimingField = 'timing' | 'startTime' | 'endTime';
type TimingValues = { readonly timing: Timing; readonly startTime: string; readonly endTime: string };

/**
 * When a reservation runs (spec §5 time rules): a full day from a start time (up to 10 hours), or the partner's own
 * window from a start to an end time, then the note on UK time and travel buffers. The same fields in the create
 * wizard's request step and in the edit dialogue; each passes its own names, messages and time options.
 */
export function TimingFields(props: {
  /** Put before each field's name: '' in the wizard, 'edit-' in the edit dialogue. */
  namePrefix: string;
  value: TimingValues;
  /** Whether own windows are open to this partner (app init's custom-reservation flag). */
  ownWindowAllowed: boolean;
  /** The own-window choice is greyed out (not when it is the current choice of an edit, so it can be kept). */
  ownWindowDisabled: boolean;
  timeOptions: (withAnytime: boolean) => Option[];
  label: (field: TimingField) => string;
  messagesOf: (field: TimingField) => readonly string[];
  onChange: (patch: Partial<TimingValues>) => void;
  rowClassName: string;
}) {
  const intl = useIntl();
  const { value, label, messagesOf, onChange, timeOptions } = props;
  const choose = intl.formatMessage({ id: 'reservations.time.choose' });
  return (
    <>
      <ChoiceGroup<Timing>
        label={label('timing')}
        name={`${props.namePrefix}timing`}
        value={value.timing}
        onChange={(timing) => onChange({ timing })}
        messages={messagesOf('timing')}
        choices={[
          {
            value: 'full_day',
            label: intl.formatMessage({ id: 'reservations.timing.fullDay' }),
            description: intl.formatMessage({ id: 'reservations.timing.fullDayHint' }),
          },
          {
            value: 'own_window',
            label: intl.formatMessage({ id: 'reservations.timing.ownWindow' }),
            description: intl.formatMessage({
              id: props.ownWindowAllowed ? 'reservations.timing.ownWindowHint' : 'reservations.timing.ownWindowOff',
            }),
            disabled: props.ownWindowDisabled,
          },
        ]}
      />
      <div className={props.rowClassName}>
        <SelectField
          label={label('startTime')}
          name={`${props.namePrefix}startTime`}
          value={value.startTime}
          options={timeOptions(value.timing === 'full_day')}
          onChange={(startTime) => onChange({ startTime })}
          placeholder={choose}
          messages={messagesOf('startTime')}
        />
        {value.timing === 'own_window' ? (
          <SelectField
            label={label('endTime')}
            name={`${props.namePrefix}endTime`}
            value={value.endTime}
            options={timeOptions(false)}
            onChange={(endTime) => onChange({ endTime })}
            placeholder={choose}
            messages={messagesOf('endTime')}
          />
        ) : null}
      </div>
      <p className="field-description">{intl.formatMessage({ id: 'reservations.time.note' })}</p>
    </>
  );
}
