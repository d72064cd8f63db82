// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RadioChoices } from './radio-choices';

const CHOICES = [
  { value: 'one', label: '1 person' },
  { value: 'two', label: '2 people' },
  { value: 'none', label: 'Nobody', disabled: true, data: { 'data-kind': 'empty' } },
] as const;

describe('the shared radio group', () => {
  afterEach(cleanup);

  it('is a radio group named by its legend, the chosen card marked', () => {
    render(
      <RadioChoices
        name="people"
        legend="People"
        choiceClassName="card"
        value="two"
        choices={CHOICES}
        onChange={vi.fn()}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'People' });
    expect(group.getAttribute('aria-invalid')).toBeNull();
    const two = screen.getByRole('radio', { name: '2 people' }) as HTMLInputElement;
    expect(two.checked).toBe(true);
    expect(two.name).toBe('people');
    expect(two.closest('label')?.getAttribute('data-selected')).toBe('true');
    expect(screen.getByRole('radio', { name: '1 person' }).closest('label')?.hasAttribute('data-selected')).toBe(false);
    const none = screen.getByRole('radio', { name: 'Nobody' }) as HTMLInputElement;
    expect(none.disabled).toBe(true);
    expect(none.closest('label')?.getAttribute('data-disabled')).toBe('true');
    expect(none.closest('label')?.getAttribute('data-kind')).toBe('empty');
  });

  it('hands the chosen value to the caller, and keeps what the caller holds', () => {
    const onChange = vi.fn();
    render(
      <RadioChoices
        name="people"
        legend="People"
        choiceClassName="card"
        value={null}
        choices={CHOICES}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByText('1 person'));
    expect(onChange).toHaveBeenCalledWith('one');
    // the value is the machine's: nothing is checked until it says so
    expect((screen.getByRole('radio', { name: '1 person' }) as HTMLInputElement).checked).toBe(false);
  });

  it('is invalid with its messages, which it names with its description', () => {
    render(
      <RadioChoices
        name="people"
        legend="People"
        description="Who comes along"
        choiceClassName="card"
        value={null}
        choices={CHOICES}
        onChange={vi.fn()}
        messages={['Choose how many people', 'The job needs two']}
        required
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'People' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(group.getAttribute('aria-required')).toBe('true');
    expect(group.hasAttribute('data-invalid')).toBe(true);
    const described = (group.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Who comes along', 'Choose how many peopleThe job needs two']);
  });

  it('is disabled as a whole while the page sends', () => {
    render(
      <RadioChoices
        name="people"
        legend="People"
        choiceClassName="card"
        value="one"
        choices={CHOICES}
        onChange={vi.fn()}
        disabled
      />,
    );
    for (const radio of screen.getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
  });
});
