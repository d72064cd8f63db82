// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import { FormCheckbox, FormTextField } from './form-field';

const noop = () => undefined;

describe('the shared form fields', () => {
  afterEach(cleanup);

  it('label themselves from fields.{name} and stay unmarked until touched', () => {
    render(
      <IntlProvider locale="en-GB" messages={en}>
        <FormTextField name="full_name" value="" onChange={noop} error={{ rule: 'required' }} />
      </IntlProvider>,
    );
    const input = screen.getByLabelText('Full name');
    expect(input.classList.contains('is-valid') || input.classList.contains('is-invalid')).toBe(false);
    expect(screen.queryByText("Full name can't be blank")).toBeNull();
  });

  it('show the rule message and is-invalid once touched, is-valid when it passes', () => {
    const { rerender } = render(
      <IntlProvider locale="es-ES" messages={es}>
        <FormTextField name="postcode" value="M1" onChange={noop} touched error={{ rule: 'postcode' }} />
      </IntlProvider>,
    );
    const input = screen.getByLabelText('Código postal');
    expect(input.classList.contains('is-invalid')).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Introduce un código postal válido del Reino Unido')).toBeTruthy();
    rerender(
      <IntlProvider locale="es-ES" messages={es}>
        <FormTextField name="postcode" value="M1 4BT" onChange={noop} touched />
      </IntlProvider>,
    );
    expect(screen.getByLabelText('Código postal').classList.contains('is-valid')).toBe(true);
  });

  it("show the server's first text for the field when no rule failed", () => {
    render(
      <IntlProvider locale="en-GB" messages={en}>
        <FormTextField
          name="email"
          value="dan@example.com"
          onChange={noop}
          serverMessages={['This e-mail is already registered.', 'second']}
        />
      </IntlProvider>,
    );
    expect(screen.getByText('This e-mail is already registered.')).toBeTruthy();
    expect(screen.queryByText('second')).toBeNull();
    expect(screen.getByLabelText('E-mail').classList.contains('is-invalid')).toBe(true);
  });

  it('mark an unticked required checkbox with its message', () => {
    render(
      <IntlProvider locale="en-GB" messages={en}>
        <FormCheckbox name="full_name" checked={false} onChange={noop} touched error={{ rule: 'required' }} />
      </IntlProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe("Full name can't be blank");
  });

  it('describe their control by the description and the message, so a screen reader reads both', () => {
    render(
      <IntlProvider locale="en-GB" messages={en}>
        <FormTextField
          name="postcode"
          value="M1"
          onChange={noop}
          touched
          error={{ rule: 'postcode' }}
          description="Where the vehicle starts the day"
        />
        <FormCheckbox name="full_name" checked={false} onChange={noop} touched error={{ rule: 'required' }} />
      </IntlProvider>,
    );
    const describedBy = (control: HTMLElement) =>
      (control.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(describedBy(screen.getByLabelText('Postcode'))).toEqual([
      'Where the vehicle starts the day',
      'Please Enter a Valid UK Postcode',
    ]);
    const checkbox = screen.getByRole('checkbox', { name: 'Full name' });
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(checkbox)).toEqual(["Full name can't be blank"]);
  });
});
