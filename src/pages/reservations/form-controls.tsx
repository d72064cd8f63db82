import { useId, type ReactNode } from 'react';
import { FieldMessages } from '@/src/forms/field-messages';
import { RadioChoices } from '@/src/forms/radio-choices';
import { SelectControl } from '@/src/forms/select-control';

/**
 * The wizard's form controls with the portal's look, each with its messages under it (the field is then marked
 * invalid and names them in `aria-describedby`): the shared radio group and the browser's own select (its text input
 * is the shared TextInput).
 * Props in, markup out.
 */

export interface Choice<T extends string> {
  readonly value: T;
  readonly label: ReactNode;
  readonly description?: ReactNode;
  readonly disabled?: boolean;
}

export function ChoiceGroup<T extends string>(props: {
  label: string;
  name: string;
  value: T | null;
  choices: readonly Choice<T>[];
  onChange(value: T): void;
  messages?: readonly string[];
  description?: string;
  horizontal?: boolean;
  /** The label is the section's title (no legend repeats it). */
  asTitle?: boolean;
  required?: boolean;
}) {
  return (
    <RadioChoices
      className="resv-choice"
      name={props.name}
      legend={props.label}
      legendClassName={props.asTitle ? 'resv-section-title' : 'resv-legend'}
      description={props.description}
      listClassName={props.horizontal ? 'resv-radio-row' : 'resv-radio-list'}
      choiceClassName="resv-radio"
      value={props.value}
      onChange={props.onChange}
      messages={props.messages}
      required={props.required}
      choices={props.choices.map((c) => ({
        value: c.value,
        disabled: c.disabled,
        label: (
          <>
            <span className="resv-radio-label">{c.label}</span>
            {c.description ? <span className="resv-radio-description">{c.description}</span> : null}
          </>
        ),
      }))}
    />
  );
}

export interface Option {
  readonly id: string;
  readonly label: string;
}

/**
 * A select of plain words (times, time on site, capacity): the browser's `<select>`, labelled by id, its messages tied
 * by `aria-describedby`. The placeholder shows until something is chosen and cannot be chosen again.
 */
export function SelectField(props: {
  label: string;
  name: string;
  value: string;
  options: readonly Option[];
  onChange(value: string): void;
  placeholder: string;
  messages?: readonly string[];
}) {
  const messages = props.messages ?? [];
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = messages.length > 0;
  return (
    <div className="field resv-field" data-field={props.name}>
      <label htmlFor={id} className="resv-label">
        {props.label}
      </label>
      <SelectControl
        id={id}
        name={props.name}
        value={props.value}
        options={props.options}
        placeholder={props.placeholder}
        onChange={props.onChange}
        stateClass={invalid ? 'is-invalid' : undefined}
        invalid={invalid}
        describedBy={invalid ? errorId : undefined}
      />
      <FieldMessages id={errorId} messages={messages} />
    </div>
  );
}
