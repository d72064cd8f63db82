import { FieldNotes, useDescribedBy, useFieldState, type FieldProps } from './form-field';
import { SelectControl, type FormOption } from './select-control';

/**
 * The portal's select field on the scheme of form-field.tsx: the browser's `<select>` (SelectControl), labelled, with
 * its help and message tied by `aria-describedby`. The browser's select (not React Aria's listbox in a popover)
 * because the options are plain words: keyboard, screen readers and a phone's own picker all know it, and it costs no
 * script.
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
      <SelectControl
        id={id}
        name={props.name}
        value={props.value}
        options={props.options}
        placeholder={props.placeholder}
        onChange={props.onChange}
        stateClass={stateClass}
        invalid={message !== null}
        describedBy={describedBy}
        isRequired={props.isRequired}
        isDisabled={props.isDisabled}
      />
      <FieldNotes descriptionId={descriptionId} description={props.description} errorId={errorId} message={message} />
    </div>
  );
}
