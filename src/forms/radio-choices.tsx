import { useId, type ReactNode } from 'react';
import { FieldMessages, noteIds } from './field-messages';
import './radio-choices.css';

export interface RadioChoice<T extends string> {
  readonly value: T;
  /** What the card shows (the page's own spans for a second line). */
  readonly label: ReactNode;
  readonly disabled?: boolean;
  /** Data attributes of the choice (e.g. `data-registration`), for the page's tests. */
  readonly data?: Readonly<Record<`data-${string}`, string>>;
}

/**
 * A group of radio buttons: the browser's own radios in a `<fieldset role="radiogroup">` named by its legend, so the
 * arrow keys move the choice, Tab enters the group at the chosen radio, and assistive technology hears "radio group"
 * with the group's invalid and required states. Each choice is a label card in the page's look: the label carries
 * `data-selected` and `data-disabled`, the group `data-invalid`, the radio itself is visually hidden (its focus shows
 * on the card through `:has(:focus-visible)`). React Aria's RadioGroup renders the same markup around a hidden radio,
 * at about 10 KB of JavaScript on the page's first load for what the browser already does.
 * Props in, markup out: the machine holds the value.
 */
export function RadioChoices<T extends string>(props: {
  readonly name: string;
  readonly legend: ReactNode;
  /** The legend is only heard (the choices speak for themselves on screen). */
  readonly legendHidden?: boolean;
  readonly legendClassName?: string;
  readonly className?: string;
  /** The class of each choice's label card. */
  readonly choiceClassName: string;
  /** A wrapper of the choices (a row or a list), if the page lays them out. */
  readonly listClassName?: string;
  readonly value: T | null;
  readonly choices: readonly RadioChoice<T>[];
  onChange(value: T): void;
  readonly description?: ReactNode;
  /** The messages shown under the choices; the group is then invalid. */
  readonly messages?: readonly string[];
  readonly required?: boolean;
  readonly disabled?: boolean;
}) {
  const id = useId();
  const messages = props.messages ?? [];
  const invalid = messages.length > 0;
  const { descriptionId, errorId, describedBy } = noteIds(id, {
    description: Boolean(props.description),
    error: invalid,
  });
  const choices = props.choices.map((choice) => {
    const selected = props.value === choice.value;
    const disabled = props.disabled === true || choice.disabled === true;
    return (
      <label
        key={choice.value}
        className={props.choiceClassName}
        data-selected={selected || undefined}
        data-disabled={disabled || undefined}
        {...choice.data}
      >
        <input
          type="radio"
          className="visually-hidden radio-choice-input"
          name={props.name}
          value={choice.value}
          checked={selected}
          disabled={disabled}
          onChange={() => props.onChange(choice.value)}
        />
        {choice.label}
      </label>
    );
  });
  return (
    <fieldset
      role="radiogroup"
      className={`radio-choices${props.className ? ` ${props.className}` : ''}`}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={props.required || undefined}
      data-invalid={invalid || undefined}
      disabled={props.disabled}
    >
      <legend className={props.legendHidden ? 'visually-hidden' : props.legendClassName}>{props.legend}</legend>
      {props.description ? (
        <p id={descriptionId} className="field-description">
          {props.description}
        </p>
      ) : null}
      {props.listClassName ? <div className={props.listClassName}>{choices}</div> : choices}
      <FieldMessages id={errorId} messages={messages} />
    </fieldset>
  );
}
