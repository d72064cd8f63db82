import { FieldNotes, useDescribedBy, useFieldState, type FieldProps } from './form-field';

export interface FormOption {
  readonly id: string;
  readonly label: string;
}

/**
 * The portal's select on the scheme of form-field.tsx: the browser's own `<select>`, labelled, with its help and
 * message tied by `aria-describedby`. Until something is chosen it shows the placeholder, an option that cannot be
 * chosen again. The browser's select (not React Aria's listbox in a popover) because the options are plain words:
 * keyboard, screen readers and a phone's own picker all know it, and it costs no script.
 */
export function FormSelectField(
  props: FieldProps & {
    /** The chosen option's id; '' for none. */
    readonly value: string;
    readonly options: readonly FormOption[];
    onChange(value: string): void;
    readonly placeholder: string;
    readonly isRequired?: boolean;
  },
) {
  const { message, stateClass, label } = useFieldState(props);
  const { id, descriptionId, errorId, describedBy } = useDescribedBy(props, message);
  return (
    <div className="field form-field form-select" data-field={props.name}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={`form-select-control${props.value === '' ? ' is-placeholder' : ''}${stateClass ? ` ${stateClass}` : ''}`}
        name={props.name}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={message !== null || undefined}
        aria-required={props.isRequired || undefined}
        aria-describedby={describedBy}
        disabled={props.isDisabled}
      >
        <option value="" disabled>
          {props.placeholder}
        </option>
        {props.options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes descriptionId={descriptionId} description={props.description} errorId={errorId} message={message} />
    </div>
  );
}
