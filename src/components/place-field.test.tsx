// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en.json';
import type { SearchLocation } from '@/schemas/search';
import { lookUpPlaces } from '@/src/api/places';
import { MANCHESTER, polyfillCssEscape } from './place-fixtures';
import type { PlaceFieldProps } from './place-field';

polyfillCssEscape();

vi.mock('@/src/api/places', () => ({ lookUpPlaces: vi.fn() }));
const lookUp = vi.mocked(lookUpPlaces);
const leeds: SearchLocation = { name: 'Leeds (LS1)', lat: 53.7997, lon: -1.5492 };

// the combobox's module is imported for real: on a busy machine that takes more than findBy's default second
const LOAD_MS = 10_000;

/** A parent that owns the text and the chosen location, as the find-work machine does. */
function parentOf(PlaceField: ComponentType<PlaceFieldProps>, onSelect: (l: SearchLocation | null) => void) {
  return function Parent({ initial }: { initial?: SearchLocation }) {
    const [text, setText] = useState(initial?.name ?? '');
    const [selected, setSelected] = useState<SearchLocation | null>(initial ?? null);
    return (
      <IntlProvider locale="en-GB" messages={en}>
        <PlaceField
          label="Pickup"
          name="pickup-place"
          text={text}
          selected={selected}
          recent={[]}
          onTextChange={setText}
          onSelect={(location) => {
            setSelected(location);
            onSelect(location);
          }}
          errorMessage="Choose a pickup or delivery place"
          description="A town or a postcode"
        />
      </IntlProvider>
    );
  };
}

/** place-field.tsx afresh: its combobox code not fetched yet. */
async function freshField() {
  vi.resetModules();
  const { PlaceField } = await import('./place-field');
  const onSelect = vi.fn();
  return { Parent: parentOf(PlaceField, onSelect), onSelect };
}

beforeEach(() => {
  lookUp.mockReset();
  lookUp.mockResolvedValue([]);
});
afterEach(cleanup);

describe('the place field before its combobox comes', () => {
  it('is a labelled, described text field with the input name, marked invalid with its message', async () => {
    const { Parent } = await freshField();
    render(<Parent />);
    const input = screen.getByRole('textbox', { name: 'Pickup' }) as HTMLInputElement;
    expect(input.name).toBe('pickup-place');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'A town or a postcode',
      'Choose a pickup or delivery place',
    ]);
  });

  it('keeps what is typed, and typing over a chosen place forgets the place', async () => {
    const { Parent, onSelect } = await freshField();
    render(<Parent initial={leeds} />);
    const input = screen.getByRole('textbox', { name: 'Pickup' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Leeds (LS1) x' } });
    expect(input.value).toBe('Leeds (LS1) x');
    expect(onSelect).toHaveBeenCalledWith(null);
  });
});

describe('the place field once its combobox has come', () => {
  it('becomes the combobox when the browser is idle, with the text kept', async () => {
    const { Parent } = await freshField();
    render(<Parent initial={leeds} />);
    const combobox = (await screen.findByRole(
      'combobox',
      { name: 'Pickup' },
      { timeout: LOAD_MS },
    )) as HTMLInputElement;
    expect(combobox.value).toBe('Leeds (LS1)');
    expect(combobox.name).toBe('pickup-place');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('hands over the focus and the caret, looks up what was typed before it came, and opens its list', async () => {
    lookUp.mockResolvedValue([MANCHESTER]);
    const { Parent, onSelect } = await freshField();
    render(<Parent />);
    const input = screen.getByRole('textbox', { name: 'Pickup' }) as HTMLInputElement;
    input.focus();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Manc' } });
    input.setSelectionRange(2, 2);
    fireEvent.select(input);
    const combobox = (await screen.findByRole(
      'combobox',
      { name: 'Pickup' },
      { timeout: LOAD_MS },
    )) as HTMLInputElement;
    expect(document.activeElement).toBe(combobox);
    expect(combobox.value).toBe('Manc');
    expect([combobox.selectionStart, combobox.selectionEnd]).toEqual([2, 2]);
    await waitFor(() => expect(lookUp).toHaveBeenCalledWith('Manc', expect.anything()), { timeout: LOAD_MS });
    // the list opens by itself when the places come: the partner was typing, not pressing anything
    fireEvent.click(await screen.findByRole('option', { name: /^Manchester/ }, { timeout: LOAD_MS }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ lat: 53.4808, lon: -2.2426 }));
  });

  it('is a combobox from the start once the code is here', async () => {
    vi.resetModules();
    const { PlaceField } = await import('./place-field');
    const Parent = parentOf(PlaceField, vi.fn());
    const first = render(<Parent />);
    await screen.findByRole('combobox', { name: 'Pickup' }, { timeout: LOAD_MS });
    first.unmount();
    render(<Parent />);
    expect(screen.getByRole('combobox', { name: 'Pickup' })).toBeTruthy();
  });
});
