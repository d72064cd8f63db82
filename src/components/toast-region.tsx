import { useEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';

/** One toast as the region shows it (the toasts machine's `Toast` has this shape). */
export interface ToastItem {
  readonly id: string;
  readonly tone: 'success' | 'danger' | 'info';
  /** Translated by the sender; new lines are kept (server messages are joined by new lines, spec §8). */
  readonly title: string;
  readonly text: string | null;
}

export interface ToastRegionProps {
  /** Oldest first. */
  readonly toasts: readonly ToastItem[];
  onDismiss(id: string): void;
  /** The pointer came over the toasts or focus moved into them: nothing should leave by itself. */
  onPause(): void;
  /** The pointer left and focus moved out. */
  onResume(): void;
}

const ICON: Record<ToastItem['tone'], string> = { success: '✓', danger: '!', info: 'i' };

/**
 * The toasts of spec §8, fixed at the bottom right (full width at the bottom on phones). Props in, markup out: the
 * toasts machine decides what is shown and for how long (src/app/app.tsx connects the two).
 *
 * Two live regions that are always in the page, so that screen readers announce what is added to them: danger toasts
 * in an assertive live region, success and info toasts in a polite one; danger toasts stack above
 * the others. Each toast has a dismiss button (Escape in a toast dismisses it too). Pointing at the toasts or moving
 * focus into them pauses their countdowns; when a dismissed toast takes the focus with it, focus goes to the dismiss
 * button of the next toast.
 */
export function ToastRegion({ toasts, onDismiss, onPause, onResume }: ToastRegionProps) {
  const intl = useIntl();
  const held = useRef({ pointer: false, focus: false });
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusNext = useRef<string | null>(null);

  const hold = (part: 'pointer' | 'focus', on: boolean) => {
    const before = held.current.pointer || held.current.focus;
    held.current = { ...held.current, [part]: on };
    const after = held.current.pointer || held.current.focus;
    if (!before && after) onPause();
    if (before && !after) onResume();
  };

  // The machine ends a pause with the last toast; an emptied region gets no pointer-leave or blur to say so.
  const empty = toasts.length === 0;
  useEffect(() => {
    if (empty) held.current = { pointer: false, focus: false };
  }, [empty]);

  useEffect(() => {
    if (focusNext.current === null) return;
    buttons.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  }, [toasts]);

  const danger = toasts.filter((t) => t.tone === 'danger');
  const polite = toasts.filter((t) => t.tone !== 'danger');
  const shownOrder = [...danger, ...polite];

  const dismiss = (id: string, withFocus: boolean) => {
    if (withFocus) {
      const at = shownOrder.findIndex((t) => t.id === id);
      focusNext.current = (shownOrder[at + 1] ?? shownOrder[at - 1])?.id ?? null;
    }
    onDismiss(id);
  };

  const renderToast = (toast: ToastItem) => {
    const titleId = `${toast.id}-title`;
    return (
      <div
        key={toast.id}
        className={`toast toast-${toast.tone}`}
        data-testid="toast"
        data-tone={toast.tone}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key === 'Escape') dismiss(toast.id, true);
        }}
      >
        <span className="toast-icon" aria-hidden="true">
          {ICON[toast.tone]}
        </span>
        <div className="toast-body">
          <p className="toast-title" id={titleId}>
            {toast.title}
          </p>
          {toast.text ? <p className="toast-text">{toast.text}</p> : null}
        </div>
        <button
          type="button"
          className="toast-dismiss"
          ref={(el) => {
            if (el) buttons.current.set(toast.id, el);
            else buttons.current.delete(toast.id);
          }}
          aria-label={intl.formatMessage({ id: 'toast.dismiss' })}
          aria-describedby={titleId}
          onClick={(e) => dismiss(toast.id, e.currentTarget === document.activeElement)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    );
  };

  return (
    <section
      className="toast-region"
      aria-label={intl.formatMessage({ id: 'toast.region' })}
      onPointerEnter={() => hold('pointer', true)}
      onPointerLeave={() => hold('pointer', false)}
      onFocus={() => hold('focus', true)}
      onBlur={(e: FocusEvent<HTMLElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) hold('focus', false);
      }}
    >
      {/* Live regions without a role: an always-present empty role=alert would be one more "alert" on every page
          (and not the page's own). aria-atomic false: announce the toast that was added, not every toast again. */}
      <div
        className="toast-stack"
        data-testid="toasts-assertive"
        aria-live="assertive"
        aria-relevant="additions"
        aria-atomic="false"
      >
        {danger.map(renderToast)}
      </div>
      <div
        className="toast-stack"
        data-testid="toasts-polite"
        aria-live="polite"
        aria-relevant="additions"
        aria-atomic="false"
      >
        {polite.map(renderToast)}
      </div>
    </section>
  );
}
