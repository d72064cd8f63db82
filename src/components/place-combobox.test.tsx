// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en.json';
import type { SearchLocation } from '@/schemas/search';
import { lookUpPlaces } from '@/src/api/places';
import { MANCHESTER, polyfillCssEscape } from './place-fixtures';
import PlaceField from './place-combobox';

polyfillCssEscape();

vi.mock('@/src/api/places', () => ({ lookUpPlaces: vi.fn() }));
const lookUp = vi.mocked(lookUpPlaces);

const recent = [
  { name: 'Leeds (LS1)', lat: 53.7997, lon: -1.5492, searched_at: '2026-05-01T09:00:00Z' },
  { name: 'Bristol (BS1)', lat: 51.4545, lon: -2.5879, searched_at: '2026-04-28T09:00:00Z' },
];

/** A parent that owns the text and the chosen location, as the find-work machine does. */
function Parent({ onSelect, errorMessage }: { onSelect: (l: SearchLocation | null) => void; errorMessage?: string }) {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<SearchLocation | null>(null);
  return (
    <IntlProvider locale="en-GB" messages={en}>
      <PlaceField
        label="Pickup"
        name="pickup-place"
        text={text}
        selected={selected}
        recent={recent}
        onTextChange={setText}
        onSelect={(location) => {
          setSelected(location);
          onSelect(location);
        }}
        errorMessage={errorMessage ?? null}
        description="A town or a postcode"
      />
    </IntlProvider>
  );
}

function renderField(errorMessage?: string) {
  const onSelect = vi.fn();
  render(<Parent onSelect={onSelect} errorMessage={errorMessage} />);
  const input = screen.getByRole('combobox', { name: 'Pickup' }) as HTMLInputElement;
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  return { input, onSelect, type };
}

beforeEach(() => lookUp.mockReset());
afterEach(cleanup);

describe('the place combobox', () => {
  it('is a named, described combobox whose input the browser tests can fill by name', () => {
    const { input } = renderField();
    expect(input.getAttribute('name')).toBe('pickup-place');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain('A town or a postcode');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('offers the recent searches under their heading when focused while empty', async () => {
    const { input, onSelect } = renderField();
    act(() => input.focus());
    const listbox = await screen.findByRole('listbox');
    const group = within(listbox).getByRole('group', { name: 'Recent searches' });
    expect(
      within(group)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Leeds (LS1)', 'Bristol (BS1)']);
    fireEvent.click(within(group).getByRole('option', { name: 'Bristol (BS1)' }));
    expect(onSelect).toHaveBeenLastCalledWith({ name: 'Bristol (BS1)', lat: 51.4545, lon: -2.5879 });
    expect(input.value).toBe('Bristol (BS1)');
    expect(lookUp).not.toHaveBeenCalled();
  });

  it('looks up the text once typing pauses, and offers "Town (postcode) · Region"', async () => {
    // the answer waits for the test, so the "looking" state cannot pass before it is seen on a busy machine
    let answer: (places: ReadonlyArray<typeof MANCHESTER>) => void = () => undefined;
    lookUp.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { input, onSelect, type } = renderField();
    act(() => input.focus());
    type('M');
    type('Ma');
    type('Man');
    // the list opens at once and says it is looking (the line under the field is hidden while it is open)
    expect((await screen.findByRole('listbox')).textContent).toBe('Looking up places…');
    await waitFor(() => expect(lookUp).toHaveBeenCalled());
    act(() => answer([MANCHESTER]));
    const option = await screen.findByRole('option', { name: 'Manchester (M1) · N.West' });
    expect(lookUp).toHaveBeenCalledTimes(1);
    expect(lookUp.mock.calls[0]![0]).toBe('Man');
    expect(lookUp.mock.calls[0]![1]).toBeInstanceOf(AbortSignal);
    // the list is open: the status line is empty (React Aria announces the number of options)
    expect(document.querySelector('.place-field-status')?.textContent).toBe('');
    fireEvent.click(option);
    expect(onSelect).toHaveBeenLastCalledWith({ name: 'Manchester (M1)', lat: 53.4808, lon: -2.2426 });
    expect(input.value).toBe('Manchester (M1)');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    // typing over the chosen place un-chooses it
    type('Manchester (M1');
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  it('says so when no place matches', async () => {
    lookUp.mockResolvedValue([]);
    const { input, type } = renderField();
    act(() => input.focus());
    type('Zz');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No places match “Zz”'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says when the look-up failed and tries again on request', async () => {
    lookUp.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce([MANCHESTER]);
    const { input, type } = renderField();
    act(() => input.focus());
    type('Man');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('status').textContent).toContain('Places could not be looked up.');
    fireEvent.click(retry);
    expect(await screen.findByRole('option', { name: 'Manchester (M1) · N.West' })).toBeTruthy();
    expect(lookUp.mock.calls.map((c) => c[0])).toEqual(['Man', 'Man']);
  });

  it('shows the error message and marks the field invalid', () => {
    const { input } = renderField('Choose a place from the list');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose a place from the list')).toBeTruthy();
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain('Choose a place from the list');
  });
});
