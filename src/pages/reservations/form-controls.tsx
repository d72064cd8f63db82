import { useId, type ReactNode } from 'react';
import { RadioChoices } from '@/src/forms/radio-choices';
import { SelectControl } from '@/src/forms/select-control';

/**
 * The wizard's form controls with the portal's look, each with its messages under it (the field is then marked
 * invalid and names them in `aria-describedby`): the shared radio group and the browser's own text input and select.
 * Props in, markup out.
 */

/** The messages of a field, one per line, under the id the control names. */
function Messages({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={id} className="field-error">
      {messages.map((m) => (
        <span key={m} className="field-error-line">
          {m}
        </span>
      ))}
    </p>
  );
}

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

export function TextInput(props: {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  messages?: readonly string[];
  description?: ReactNode;
  inputMode?: 'text' | 'decimal';
  autoComplete?: string;
}) {
  const messages = props.messages ?? [];
  const id = useId();
  const invalid = messages.length > 0;
  const describedBy = [props.description ? `${id}-description` : null, invalid ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field resv-field" data-field={props.name}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className={invalid ? 'is-invalid' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete ?? 'off'}
      />
      {props.description ? (
        <p id={`${id}-description`} className="field-description">
          {props.description}
        </p>
      ) : null}
      <Messages id={`${id}-error`} messages={messages} />
    </div>
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
      <Messages id={errorId} messages={messages} />
    </div>
  );
}
