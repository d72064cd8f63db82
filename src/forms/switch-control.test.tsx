// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SwitchControl } from './switch-control';

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
