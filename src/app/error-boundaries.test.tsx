// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import { AppErrorBoundary, ComponentErrorBoundary } from './error-boundaries';

function Broken(): never {
  throw new Error('kaput');
}

const inEnglish = (node: React.ReactNode) =>
  render(
    <IntlProvider locale="en-GB" messages={en}>
      {node}
    </IntlProvider>,
  );

afterEach(cleanup);

describe('error pages', () => {
  it('show the general error page with the exact text of the specification', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    inEnglish(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Dead end! Sorry about that. Please head back to our homepage or log in to find what you need.',
    );
    expect(screen.getByRole('link', { name: 'Homepage' }).getAttribute('href')).toBe('/tpp/');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/tpp/login');
  });

  it('keep the rest of the page when one part fails, with a link back home', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    inEnglish(
      <>
        <p>Top bar</p>
        <ComponentErrorBoundary>
          <Broken />
        </ComponentErrorBoundary>
      </>,
    );
    expect(screen.getByText('Top bar')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This part of the page could not be shown.');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('keep a thrown value that is not an Error, even null, as an error, so the failing part is not rendered again', () => {
    // Rendered, a thrown null turns into another error inside React's development logging under jsdom, so the rule
    // is checked where it lives: the state every boundary derives from what was thrown.
    for (const thrown of [null, undefined, 0, '', 'kaput']) {
      const { error } = ComponentErrorBoundary.getDerivedStateFromError(thrown);
      expect(error).toBeInstanceOf(Error);
      expect(error?.message).toBe(String(thrown));
    }
    const original = new Error('kaput');
    expect(AppErrorBoundary.getDerivedStateFromError(original).error).toBe(original);
  });

  it('speak Spanish too', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <IntlProvider locale="es-ES" messages={es}>
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </IntlProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Callejón sin salida');
  });
});
