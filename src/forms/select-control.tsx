import './select-control.css';

export interface FormOption {
  readonly id: string;
  readonly label: string;
}

/**
 * The browser's `<select>` in the portal's look (select-control.css): the placeholder shows until something is chosen and
 * cannot be chosen again; `onChange` hears only real choices. The select of every form (the shared field below, the
 * reservation wizard's, the journey's driver). The caller labels it by `id` and names its notes in `describedBy`.
 */
export function SelectControl(props: {
  readonly id: string;
  readonly name: string;
  /** The chosen option's id; '' for none. */
  readonly value: string;
  readonly options: readonly FormOption[];
  readonly placeholder: string;
  onChange(value: string): void;
  /** The spec §5 state class (`is-valid`, `is-invalid`), if any. */
  readonly stateClass?: string | undefined;
  readonly invalid: boolean;
  readonly describedBy?: string | undefined;
  readonly isRequired?: boolean | undefined;
  readonly isDisabled?: boolean | undefined;
}) {
  return (
    <select
      id={props.id}
      className={`form-select-control${props.value === '' ? ' is-placeholder' : ''}${props.stateClass ? ` ${props.stateClass}` : ''}`}
      name={props.name}
      value={props.value}
      onChange={(event) => {
        if (event.target.value !== '') props.onChange(event.target.value);
      }}
      aria-invalid={props.invalid || undefined}
      aria-required={props.isRequired || undefined}
      aria-describedby={props.describedBy}
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
  );
}
