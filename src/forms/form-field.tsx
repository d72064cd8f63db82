import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { FieldError as RuleError } from '@/machines/forms/form-rules';
import { noteIds } from './field-messages';
import { fieldLabel, validationMessage } from './validation-message';
import './form-field.css';

/**
 * The portal's form fields on the generic message scheme of spec §5: the label from `fields.{name}` (unless given),
 * a refused field's words from `validation.{name}.{rule}` then `validation.{rule}`, and the input marked `is-valid`
 * or `is-invalid` once the field was touched. A field shows a rule error (from the machine's `errors`) first, else
 * the server's first text for it. Props in, markup out: the machine decides what is wrong and when.
 *
 * The text field, the checkbox and the select (form-select-field.tsx) are the browser's own controls, labelled and
 * described by id: they are what those fields already are to assistive technology (a phone shows its own picker for
 * the select), and they keep pages made of forms (sign-up, profile) from loading React Aria on first visit. Composite
 * widgets the browser has no control for (dialogues, menus, tabs, the place combobox) are React Aria's, as
 * CONVENTIONS.md asks.
 */
export interface FieldProps {
  /** The field's name: its label id `fields.{name}` and its message ids `validation.{name}.{rule}`. */
  readonly name: string;
  /** A label other than `fields.{name}`. */
  readonly label?: string;
  /** The rule the machine found broken, shown once the field was touched. */
  readonly error?: RuleError | undefined;
  /** The server's texts for this field (a 422's `errors[name]`); the first is shown. */
  readonly serverMessages?: readonly string[] | undefined;
  /** The user left the field or tried to submit: its state shows. */
  readonly touched?: boolean;
  readonly description?: ReactNode;
  readonly isDisabled?: boolean;
}

/** What a field shows: its message (or null) and the class of its control. */
export function useFieldState(props: FieldProps) {
  const intl = useIntl();
  const message =
    props.touched && props.error
      ? validationMessage(intl, props.name, props.error)
      : (props.serverMessages?.[0] ?? null);
  const stateClass = message ? 'is-invalid' : props.touched ? 'is-valid' : undefined;
  return { message, stateClass, label: props.label ?? fieldLabel(intl, props.name) };
}

/** The ids of a native control's description and error, and the `aria-describedby` naming those shown. */
export function useDescribedBy(props: FieldProps, message: string | null) {
  const id = useId();
  return { id, ...noteIds(id, { description: Boolean(props.description), error: message !== null }) };
}

/** A control's description and message, under it, with the ids its `aria-describedby` names. */
export function FieldNotes(props: {
  readonly descriptionId: string;
  readonly description: ReactNode;
  readonly errorId: string;
  readonly message: string | null;
  /** The message has role="alert", so it is announced as it appears (the checkbox's message). */
  readonly alert?: boolean;
}) {
  return (
    <>
      {props.description ? (
        <p id={props.descriptionId} className="field-description">
          {props.description}
        </p>
      ) : null}
      {props.message ? (
        <p id={props.errorId} className="field-error" role={props.alert ? 'alert' : undefined}>
          {props.message}
        </p>
      ) : null}
    </>
  );
}

export function FormTextField(
  props: FieldProps & {
    readonly value: string;
    onChange(value: string): void;
    onBlur?(): void;
    readonly type?: 'text' | 'email' | 'password' | 'tel' | 'date' | 'number';
    readonly inputMode?: 'text' | 'decimal' | 'numeric' | 'tel' | 'email';
    readonly autoComplete?: string;
    readonly isRequired?: boolean;
  },
) {
  const { message, stateClass, label } = useFieldState(props);
  const { id, descriptionId, errorId, describedBy } = useDescribedBy(props, message);
  return (
    <div className="field form-field" data-field={props.name}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={stateClass}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
        aria-invalid={message !== null || undefined}
        aria-required={props.isRequired || undefined}
        aria-describedby={describedBy}
        disabled={props.isDisabled}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete ?? 'off'}
      />
      <FieldNotes descriptionId={descriptionId} description={props.description} errorId={errorId} message={message} />
    </div>
  );
}

export function FormCheckbox(
  props: FieldProps & {
    readonly checked: boolean;
    onChange(checked: boolean): void;
  },
) {
  const { message, stateClass, label } = useFieldState(props);
  const { descriptionId, errorId, describedBy } = useDescribedBy(props, message);
  return (
    <div className="field form-field form-checkbox-field" data-field={props.name}>
      <label className={`form-checkbox${stateClass ? ` ${stateClass}` : ''}`}>
        <input
          type="checkbox"
          className="native-checkbox"
          name={props.name}
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
          aria-invalid={message !== null || undefined}
          aria-describedby={describedBy}
          disabled={props.isDisabled}
        />
        <span className="form-checkbox-label">{label}</span>
      </label>
      <FieldNotes
        descriptionId={descriptionId}
        description={props.description}
        errorId={errorId}
        message={message}
        alert
      />
    </div>
  );
}
