import { useId, type ReactNode } from 'react';
import { FieldError, Input, Label, Radio, RadioGroup, Text, TextField } from 'react-aria-components';
import { SelectControl } from '@/src/forms/select-control';

/**
 * The wizard's form controls with the portal's look, each with its messages beside it (the field is then marked
 * invalid): React Aria's radio group and text field, and the browser's own select (as the shared FormSelectField).
 * Props in, markup out.
 */

/** The messages of a field, joined for FieldError (one per line). */
function Messages({ messages }: { messages: readonly string[] }) {
  return (
    <FieldError className="field-error">
      {messages.map((m) => (
        <span key={m} className="field-error-line">
          {m}
        </span>
      ))}
    </FieldError>
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
  const messages = props.messages ?? [];
  return (
    <RadioGroup
      className="resv-choice"
      name={props.name}
      value={props.value}
      onChange={(value) => props.onChange(value as T)}
      orientation={props.horizontal ? 'horizontal' : 'vertical'}
      isInvalid={messages.length > 0}
      validationBehavior="aria"
    >
      <Label className={props.asTitle ? 'resv-section-title' : 'resv-legend'}>{props.label}</Label>
      {props.description ? (
        <Text slot="description" className="field-description">
          {props.description}
        </Text>
      ) : null}
      <div className={props.horizontal ? 'resv-radio-row' : 'resv-radio-list'}>
        {props.choices.map((c) => (
          <Radio key={c.value} value={c.value} className="resv-radio" isDisabled={c.disabled}>
            <span className="resv-radio-label">{c.label}</span>
            {c.description ? <span className="resv-radio-description">{c.description}</span> : null}
          </Radio>
        ))}
      </div>
      <Messages messages={messages} />
    </RadioGroup>
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
  return (
    <TextField
      className="field resv-field"
      data-field={props.name}
      name={props.name}
      value={props.value}
      onChange={props.onChange}
      isInvalid={messages.length > 0}
      validationBehavior="aria"
      inputMode={props.inputMode}
      autoComplete={props.autoComplete ?? 'off'}
    >
      <Label>{props.label}</Label>
      <Input className={messages.length > 0 ? 'is-invalid' : undefined} />
      {props.description ? (
        <Text slot="description" className="field-description">
          {props.description}
        </Text>
      ) : null}
      <Messages messages={messages} />
    </TextField>
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
    <div className="field resv-field resv-select" data-field={props.name}>
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
      {invalid ? (
        <p id={errorId} className="field-error">
          {messages.map((m) => (
            <span key={m} className="field-error-line">
              {m}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
