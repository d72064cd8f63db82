// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxCard, SwitchControl } from './checkbox-card';

describe('the shared checkbox card', () => {
  afterEach(cleanup);

  it('is a checkbox named by its label, ticked as the machine says, with the box the page draws', () => {
    render(
      <CheckboxCard className="cal-checkbox" name="block-overlap" checked onChange={vi.fn()}>
        Keep private jobs off busy vehicles
      </CheckboxCard>,
    );
    const box = screen.getByRole('checkbox', { name: 'Keep private jobs off busy vehicles' }) as HTMLInputElement;
    expect([box.checked, box.name]).toEqual([true, 'block-overlap']);
    const label = box.closest('label')!;
    expect([label.className, label.getAttribute('data-selected')]).toEqual(['cal-checkbox', 'true']);
    expect(label.querySelector('.cal-checkbox-box')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('reports the change and stays as it was until the machine answers', () => {
    const onChange = vi.fn();
    render(
      <CheckboxCard className="journey-checkbox" name="return" checked={false} onChange={onChange}>
        Take the return leg
      </CheckboxCard>,
    );
    const box = screen.getByRole('checkbox', { name: 'Take the return leg' }) as HTMLInputElement;
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
    expect(box.checked).toBe(false);
    expect(box.closest('label')?.hasAttribute('data-selected')).toBe(false);
  });

  it('cannot be changed while disabled (the browser sends no click to a disabled checkbox)', () => {
    render(
      <CheckboxCard className="journey-checkbox" name="return" checked={false} onChange={vi.fn()} disabled>
        Take the return leg
      </CheckboxCard>,
    );
    const box = screen.getByRole('checkbox', { name: 'Take the return leg' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(box.closest('label')?.getAttribute('data-disabled')).toBe('true');
  });
});

describe('the shared switch', () => {
  afterEach(cleanup);

  it('is a switch named by its words, on as the machine says', () => {
    render(
      <SwitchControl className="pay-switch" on onChange={vi.fn()} testId="express">
        Express pay
      </SwitchControl>,
    );
    const control = screen.getByRole('switch', { name: 'Express pay' }) as HTMLInputElement;
    expect(control.checked).toBe(true);
    const label = screen.getByTestId('express');
    expect(label.getAttribute('data-selected')).toBe('true');
    expect(label.querySelector('.pay-switch-track .pay-switch-thumb')).not.toBeNull();
  });

  it('reports the change and stays as it was until the machine answers', () => {
    const onChange = vi.fn();
    render(
      <SwitchControl className="alert-switch" on={false} onChange={onChange} ariaLabel="Alert me: Bristol pianos" busy>
        Alert me
      </SwitchControl>,
    );
    const control = screen.getByRole('switch', { name: 'Alert me: Bristol pianos' }) as HTMLInputElement;
    fireEvent.click(control);
    expect(onChange).toHaveBeenCalledWith(true);
    expect(control.checked).toBe(false);
    expect(control.closest('label')?.hasAttribute('data-busy')).toBe(true);
  });

  it('cannot be changed while disabled', () => {
    const onChange = vi.fn();
    render(
      <SwitchControl className="pay-switch" on={false} onChange={onChange} disabled>
        Auto-enrol
      </SwitchControl>,
    );
    const control = screen.getByRole('switch', { name: 'Auto-enrol' }) as HTMLInputElement;
    expect(control.disabled).toBe(true);
    expect(control.closest('label')?.getAttribute('data-disabled')).toBe('true');
  });
});
