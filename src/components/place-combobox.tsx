import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useEffect, useRef, useState } from 'react';
import {
  ComboBox,
  ComboBoxStateContext,
  FieldError,
  Header,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  Text,
  type Key,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import { MIN_QUERY_LENGTH } from '@/machines/place-lookup/place-lookup.limits';
import { placeLookupMachine } from '@/machines/place-lookup/place-lookup.machine';
import {
  hasLookupFailed,
  hasNoPlaces,
  isLookingUp,
  placesOf,
  queryOf,
} from '@/machines/place-lookup/place-lookup.selectors';
import type { SearchLocation } from '@/schemas/search';
import { inspect } from '@/src/app/inspection';
import type { PlaceFieldProps } from './place-field';
import { toSearchLocation } from './to-search-location';

interface Option {
  readonly key: string;
  readonly location: SearchLocation;
  /** The place's NUTS1 short name (spec §3 region short names), when known. */
  readonly region: string | null;
}

const sameLocation = (a: SearchLocation, b: SearchLocation) => a.name === b.name && a.lat === b.lat && a.lon === b.lon;

/** Where the caret was in the plain field the combobox replaces, if that field had the focus. */
export interface FocusHandoff {
  readonly start: number;
  readonly end: number;
}

/**
 * The place field's combobox (spec §3 place, search location; loaded by place-field.tsx): a React Aria combobox that looks places up as the partner types
 * (GET v1/places, through its own place-lookup machine: 250 ms pause, two characters at least, the latest text only)
 * and offers the partner's recent searches while the text is short. Options read "Town (postcode) · Region".
 *
 * The parent owns the text and the chosen location (`text`, `selected`); this field owns only the look-up. Choosing an
 * option reports the location (`toSearchLocation`) and its name as the new text; typing over a chosen place reports
 * null. Text that names no place is kept (the parent decides whether that is an error, through `errorMessage`).
 *
 * The look-up is the portal's offline stand-in for the maps service of spec §7: it knows places in the United Kingdom
 * only (towns and postcode areas from the server's offline data, see schemas/place.ts), although the spec lists the
 * search countries GB, IE, US, DE, ES, FR and IT. The default search area, United Kingdom, is what it covers.
 *
 * Unlike the other components here it runs a machine of its own: the look-up is the field's behaviour, the same on
 * every page that has one, and no page needs to see it.
 */
export default function PlaceCombobox({
  label,
  name,
  text,
  selected,
  recent,
  onTextChange,
  onSelect,
  errorMessage,
  description,
  focusAt,
}: PlaceFieldProps & {
  /** The plain field had the focus: the combobox takes it, with the caret where it was. */
  readonly focusAt?: FocusHandoff | null;
}) {
  const intl = useIntl();
  const lookup = useActorRef(placeLookupMachine, { inspect });
  const inputRef = useRef<HTMLInputElement>(null);
  // handed the focus by the plain field: the list opens once there is something to show (React Aria opens it on a
  // focus or a change of the text, and both came before the look-up)
  const [openWhenReady, setOpenWhenReady] = useState(Boolean(focusAt));
  const places = useSelector(lookup, placesOf);
  const looking = useSelector(lookup, isLookingUp);
  const noPlaces = useSelector(lookup, hasNoPlaces);
  const failed = useSelector(lookup, hasLookupFailed);
  const query = useSelector(lookup, queryOf);

  const typed = text.trim();
  const short = typed.length < MIN_QUERY_LENGTH;
  // What the look-up says is about the text in the field, not an older text the parent has since replaced.
  const current = !short && query === typed;
  const prefix = typed.toLocaleLowerCase();
  const recentOptions: Option[] = short
    ? recent
        .filter((r) => r.name.toLocaleLowerCase().startsWith(prefix))
        .map((r, i) => ({ key: `recent:${i}`, location: { name: r.name, lat: r.lat, lon: r.lon }, region: null }))
    : [];
  const placeOptions: Option[] = current
    ? places.map((p) => ({ key: `place:${p.id}`, location: toSearchLocation(p), region: p.nuts1?.short_name ?? null }))
    : [];
  const options = [...recentOptions, ...placeOptions];
  const selectedKey = selected ? (options.find((o) => sameLocation(o.location, selected))?.key ?? null) : null;

  // Taking over from the plain field: what was typed there is looked up, and the focus stays where the partner is.
  // (what the field was given when it mounted: later changes come through the field itself)
  const atMount = useRef({ focusAt, typed: selected ? '' : text });
  useEffect(() => {
    const { focusAt: caret, typed: pending } = atMount.current;
    const input = inputRef.current;
    if (caret && input) {
      input.focus();
      input.setSelectionRange(caret.start, caret.end);
    }
    if (pending.trim().length >= MIN_QUERY_LENGTH) lookup.send({ type: 'text.changed', text: pending });
  }, [lookup]);

  const changeText = (value: string) => {
    onTextChange(value);
    // React Aria puts the chosen option's name back when that option is picked again: that is not typing.
    if (selected && value === selected.name) return;
    if (selected) onSelect(null);
    lookup.send({ type: 'text.changed', text: value });
  };

  const choose = (key: Key | null) => {
    const option = options.find((o) => o.key === key);
    if (!option) return;
    // Text first, then the location: a parent that forgets the location on any text change still ends up with it.
    onTextChange(option.location.name);
    onSelect(option.location);
    lookup.send({ type: 'place.chosen' });
  };

  // One text, so that every screen reader names the option exactly as it reads: "Manchester (M1) · N.West".
  const renderOption = (option: Option) => (
    <ListBoxItem key={option.key} id={option.key} textValue={option.location.name} className="menu-item">
      {option.region ? `${option.location.name} · ${option.region}` : option.location.name}
    </ListBoxItem>
  );

  return (
    <div className="field place-field">
      <ComboBox
        name={name}
        allowsCustomValue
        menuTrigger="focus"
        inputValue={text}
        onInputChange={changeText}
        selectedKey={selectedKey}
        onSelectionChange={choose}
        // The server matched the text already; React Aria must not filter its answer again.
        defaultFilter={() => true}
        isInvalid={Boolean(errorMessage)}
        validationBehavior="aria"
        // While the text is being looked up, the list opens on a change of it and says so: React Aria opens a list on a
        // change of the text only when it has options at that moment, so a pasted town, whose places come 250 ms
        // later, would otherwise stay closed until the next key. An answer of no places (or a failure) closes it
        // again, and the line under the field says why, with its retry button. While there are options the list must
        // not close either: under React 18, React Aria's collection follows the options one render late, so on the
        // render where the places arrive it still looks empty and the list would close and open again (a flicker).
        allowsEmptyCollection={(current && looking) || options.length > 0}
      >
        <Label>{label}</Label>
        <Input ref={inputRef} className={errorMessage ? 'is-invalid' : undefined} autoComplete="off" />
        {description ? (
          <Text slot="description" className="field-description">
            {description}
          </Text>
        ) : null}
        <FieldError className="field-error">{errorMessage}</FieldError>
        {openWhenReady ? (
          <OpenWhenReady
            ready={(current && looking) || options.length > 0}
            input={inputRef}
            onDone={() => setOpenWhenReady(false)}
          />
        ) : null}
        <Popover className="menu-popover place-popover" offset={4}>
          <ListBox
            className="menu place-list"
            renderEmptyState={() => (
              <div className="menu-empty">{intl.formatMessage({ id: 'placeField.lookingUp' })}</div>
            )}
          >
            {recentOptions.length > 0 ? (
              <ListBoxSection>
                <Header className="menu-header">{intl.formatMessage({ id: 'placeField.recent' })}</Header>
                {recentOptions.map(renderOption)}
              </ListBoxSection>
            ) : null}
            {placeOptions.map(renderOption)}
          </ListBox>
        </Popover>
      </ComboBox>
      {/* While the list is open React Aria hides the rest of the page and announces the number of options itself. */}
      <div className="place-field-status" role="status" aria-live="polite">
        {current && looking ? (
          <span className="place-field-looking">{intl.formatMessage({ id: 'placeField.lookingUp' })}</span>
        ) : null}
        {current && noPlaces ? (
          <span>{intl.formatMessage({ id: 'placeField.noPlaces' }, { query: typed })}</span>
        ) : null}
        {current && failed ? (
          <>
            <span className="place-field-failed">{intl.formatMessage({ id: 'placeField.failed' })}</span>{' '}
            <button type="button" className="text-button" onClick={() => lookup.send({ type: 'lookup.retried' })}>
              {intl.formatMessage({ id: 'placeField.retry' })}
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** Opens the combobox's list once `ready`, if its input still has the focus; then it is done. */
function OpenWhenReady({
  ready,
  input,
  onDone,
}: {
  ready: boolean;
  input: { readonly current: HTMLInputElement | null };
  onDone(): void;
}) {
  const state = useContext(ComboBoxStateContext);
  useEffect(() => {
    if (!ready) return;
    if (state && !state.isOpen && input.current !== null && document.activeElement === input.current)
      state.open(null, 'focus');
    onDone();
  }, [ready, state, input, onDone]);
  return null;
}
