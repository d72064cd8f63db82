import { useId, type ReactNode } from 'react';
import { FieldMessages, noteIds } from './field-messages';

/**
 * A labelled text input with its description and the messages a machine found (the input is then `is-invalid` and
 * names them in `aria-describedby`): the browser's own input, for the forms whose words come from their machine
 * (the reservation wizard, the journey's offer). Forms on the generic message scheme use FormTextField. Props in,
 * markup out.
 */
export function TextInput(props: {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  onChange(value: string): void;
  readonly messages?: readonly string[];
  readonly description?: ReactNode;
  readonly inputMode?: 'text' | 'decimal';
  readonly autoComplete?: string;
  readonly disabled?: boolean;
  /** The wrapper's classes (`field` and the page's own). */
  readonly className?: string;
}) {
  const messages = props.messages ?? [];
  const id = useId();
  const invalid = messages.length > 0;
  const { descriptionId, errorId, describedBy } = noteIds(id, {
    description: Boolean(props.description),
    error: invalid,
  });
  return (
    <div className={props.className ?? 'field'} data-field={props.name}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className={invalid ? 'is-invalid' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete ?? 'off'}
        disabled={props.disabled}
      />
      {props.description ? (
        <p id={descriptionId} className="field-description">
          {props.description}
        </p>
      ) : null}
      <FieldMessages id={errorId} messages={messages} />
    </div>
  );
}
