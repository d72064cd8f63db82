import type { ReactNode } from 'react';

/**
 * An on/off switch: the browser's checkbox with `role="switch"` (the WAI-ARIA switch pattern), visually hidden
 * inside a label that draws the track and thumb (`{className}-track`, `{className}-thumb`) from its `data-selected`
 * and `data-disabled`, and the keyboard focus through `:has(:focus-visible)`. Space toggles it, as a checkbox. React
 * Aria's Switch renders the same around the same input, at about 15 KB of a page's first load (its press and
 * form-validation code). Props in, markup out: the machine holds the value.
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
  return (
    <label
      className={props.className}
      data-selected={props.on || undefined}
      data-disabled={props.disabled || undefined}
      data-busy={props.busy || undefined}
      data-testid={props.testId}
    >
      <input
        type="checkbox"
        role="switch"
        className="visually-hidden"
        checked={props.on}
        onChange={(event) => props.onChange(event.target.checked)}
        disabled={props.disabled}
        aria-label={props.ariaLabel}
      />
      <span className={`${props.className}-track`} aria-hidden="true">
        <span className={`${props.className}-thumb`} />
      </span>
      {props.children}
    </label>
  );
}
