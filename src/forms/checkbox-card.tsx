import type { ReactNode } from 'react';

/**
 * A checkbox in the page's own look: the browser's checkbox, visually hidden inside its label, so Space toggles it,
 * the label names it and assistive technology hears a checkbox (or a switch, `role="switch"`). The label carries
 * `data-selected`, `data-disabled` and `data-busy` (as React Aria's Checkbox and Switch set them), and holds the mark
 * the page draws: by default a box (`<className>-box`); the page shows the keyboard focus on it through
 * `:has(:focus-visible)`. Props in, markup out: the machine holds the value.
 */
export function CheckboxCard(props: {
  /** The label's class; the box's is this with `-box`. */
  readonly className: string;
  readonly name?: string;
  readonly checked: boolean;
  onChange(checked: boolean): void;
  readonly disabled?: boolean;
  /** `switch` for an on/off switch (SwitchControl). */
  readonly role?: 'switch';
  /** A name for assistive technology when the visible words are not the whole name. */
  readonly ariaLabel?: string;
  /** Marks the label while the change is being saved (`data-busy`). */
  readonly busy?: boolean;
  readonly testId?: string;
  /** What the page draws for the checkbox, instead of the box. */
  readonly mark?: ReactNode;
  /** What the label says, beside the mark. */
  readonly children: ReactNode;
}) {
  return (
    <label
      className={props.className}
      data-selected={props.checked || undefined}
      data-disabled={props.disabled || undefined}
      data-busy={props.busy || undefined}
      data-testid={props.testId}
    >
      <input
        type="checkbox"
        role={props.role}
        className="visually-hidden"
        name={props.name}
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        disabled={props.disabled}
        aria-label={props.ariaLabel}
      />
      {props.mark ?? <span className={`${props.className}-box`} aria-hidden="true" />}
      {props.children}
    </label>
  );
}

/**
 * An on/off switch: the shared CheckboxCard with `role="switch"` (the WAI-ARIA switch pattern), its label drawing the
 * track and thumb (`{className}-track`, `{className}-thumb`) from its `data-selected` and `data-disabled`, and the
 * keyboard focus through `:has(:focus-visible)`. Space toggles it, as a checkbox. React Aria's Switch renders the
 * same around the same input, at about 15 KB of a page's first load (its press and form-validation code). Props in,
 * markup out: the machine holds the value.
 */
export function SwitchControl(props: {
  /** The label's class; the track and thumb take it as their prefix. */
  readonly className: string;
  readonly on: boolean;
  onChange(on: boolean): void;
  readonly disabled?: boolean;
  /** A name for assistive technology when the visible words are not the whole name. */
  readonly ariaLabel?: string;
  /** Marks the label while the change is being saved (`data-busy`). */
  readonly busy?: boolean;
  readonly testId?: string;
  /** The visible words beside the switch. */
  readonly children: ReactNode;
}) {
  const { on, className, ...rest } = props;
  return (
    <CheckboxCard
      {...rest}
      className={className}
      checked={on}
      role="switch"
      mark={
        <span className={`${className}-track`} aria-hidden="true">
          <span className={`${className}-thumb`} />
        </span>
      }
    />
  );
}
