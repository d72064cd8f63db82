import type { ReactNode } from 'react';

/**
 * A checkbox in the page's own look: the browser's checkbox, visually hidden inside its label, so Space toggles it,
 * the label names it and assistive technology hears a checkbox. The label carries `data-selected` and
 * `data-disabled` (as React Aria's Checkbox set them), and holds the box the page draws (`<className>-box`); the
 * page shows the keyboard focus on it through `:has(:focus-visible)`. Props in, markup out: the machine holds the
 * value.
 */
export function CheckboxCard(props: {
  /** The label's class; the box's is this with `-box`. */
  readonly className: string;
  readonly name: string;
  readonly checked: boolean;
  onChange(checked: boolean): void;
  readonly disabled?: boolean;
  /** What the label says, beside the box. */
  readonly children: ReactNode;
}) {
  return (
    <label
      className={props.className}
      data-selected={props.checked || undefined}
      data-disabled={props.disabled || undefined}
    >
      <input
        type="checkbox"
        className="visually-hidden"
        name={props.name}
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        disabled={props.disabled}
      />
      <span className={`${props.className}-box`} aria-hidden="true" />
      {props.children}
    </label>
  );
}
