import { useCallback, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import type { RecentPlace, SearchLocation } from '@/schemas/search';
import { noteIds } from '@/src/forms/field-messages';
import type { FocusHandoff } from './place-combobox';

export interface PlaceFieldProps {
  /** Translated. */
  label: string;
  /** The input's name, e.g. "pickup-place" (browser tests fill inputs by name). */
  name: string;
  /** The typed text, owned by the parent machine. */
  text: string;
  /** The chosen location, or null while the text names none. */
  selected: SearchLocation | null;
  /** Offered, under "Recent searches", while the text is empty or too short to look up. */
  recent: readonly (typeof RecentPlace.Type)[];
  /** What the partner typed; also the chosen option's name, just before `onSelect` reports it. */
  onTextChange(text: string): void;
  /** A chosen place, or null when the partner types over the chosen one (reported after the text change). */
  onSelect(location: SearchLocation | null): void;
  /** Shown under the field, which is then marked invalid. */
  errorMessage?: string | null;
  description?: string;
}

type Combobox = ComponentType<PlaceFieldProps & { readonly focusAt?: FocusHandoff | null }>;

/** The combobox's code, asked for once for every place field of the page (a failed load is asked for again). */
let loading: Promise<Combobox> | null = null;
/** The combobox once its code is here: a field drawn after that is a combobox from the start. */
let loaded: Combobox | null = null;
function loadCombobox(): Promise<Combobox> {
  loading ??= import('./place-combobox').then(
    (m) => (loaded = m.default),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** When the page has drawn and the browser has a moment, or at once where it cannot say when it has. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

/**
 * A place field (spec §3 place, search location): a text field that becomes a combobox of places as the partner
 * types (place-combobox.tsx: GET v1/places through its own look-up machine, recent searches while the text is short).
 *
 * The combobox is React Aria's, about 58 KB of a page's JavaScript, so it is not part of the page's first load: the
 * page draws a plain labelled input with the same name, text, description and message, and the combobox's code is
 * fetched as soon as the browser is idle after that, or at once when the partner reaches the field (pointer, touch or
 * focus). Nothing typed is lost: the text is the parent's, and a field that had the focus hands it over with the caret
 * where it was; what was typed before the combobox came is looked up when it arrives. If the code cannot be fetched
 * (offline, a deploy that replaced it) the plain field stays, typing still works, and the next visit to the field
 * asks for it again.
 */
export function PlaceField(props: PlaceFieldProps) {
  const [Loaded, setLoaded] = useState<{ readonly component: Combobox } | null>(() =>
    loaded ? { component: loaded } : null,
  );
  const handoff = useRef<FocusHandoff | null>(null);

  const upgrade = useCallback(() => {
    void loadCombobox().then(
      (component) => setLoaded((was) => was ?? { component }),
      (error: unknown) => console.error(error),
    );
  }, []);
  // once the page is on screen (and at once, harmlessly again, on the partner's first move towards the field)
  useEffect(() => (Loaded ? undefined : whenIdle(upgrade)), [Loaded, upgrade]);

  if (Loaded) return <Loaded.component {...props} focusAt={handoff.current} />;
  return <PlainPlaceField {...props} handoff={handoff} onIntent={upgrade} />;
}

/** The place field before its combobox has come: the same label, input name, text and notes. */
function PlainPlaceField(
  props: PlaceFieldProps & { readonly handoff: { current: FocusHandoff | null }; onIntent(): void },
) {
  const id = useId();
  const { descriptionId, errorId, describedBy } = noteIds(id, {
    description: Boolean(props.description),
    error: Boolean(props.errorMessage),
  });
  const track = (input: HTMLInputElement) => {
    props.handoff.current =
      document.activeElement === input
        ? { start: input.selectionStart ?? input.value.length, end: input.selectionEnd ?? input.value.length }
        : null;
  };
  return (
    <div className="field place-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        value={props.text}
        className={props.errorMessage ? 'is-invalid' : undefined}
        autoComplete="off"
        aria-invalid={props.errorMessage ? true : undefined}
        aria-describedby={describedBy}
        onPointerEnter={props.onIntent}
        onTouchStart={props.onIntent}
        onFocus={(event) => {
          track(event.currentTarget);
          props.onIntent();
        }}
        onBlur={() => {
          props.handoff.current = null;
        }}
        onSelect={(event) => track(event.currentTarget)}
        onChange={(event) => {
          props.onTextChange(event.target.value);
          // typing over a chosen place forgets it, as in the combobox
          if (props.selected) props.onSelect(null);
          track(event.currentTarget);
        }}
      />
      {props.description ? (
        <p id={descriptionId} className="field-description">
          {props.description}
        </p>
      ) : null}
      {props.errorMessage ? (
        <p id={errorId} className="field-error">
          {props.errorMessage}
        </p>
      ) : null}
      <div className="place-field-status" role="status" aria-live="polite" />
    </div>
  );
}
