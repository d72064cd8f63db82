// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import { SuspensionBanner, suspensionEnd } from './suspension-banner';

const NOW = Date.parse('2026-11-21T10:00:00Z');

describe('the suspension banner', () => {
  afterEach(cleanup);

  it('shows while a suspension runs, and not before or after', () => {
    expect(suspensionEnd({ suspended_until: '2026-11-28T10:00:00Z' }, NOW)).toBe('2026-11-28T10:00:00Z');
    expect(suspensionEnd({ suspended_until: '2026-11-21T09:59:59Z' }, NOW)).toBeNull();
    expect(suspensionEnd({ suspended_until: null }, NOW)).toBeNull();
    // a user-info from before the field existed
    expect(suspensionEnd({}, NOW)).toBeNull();
    expect(suspensionEnd(null, NOW)).toBeNull();
  });

  it.each([
    ['en-GB', en, 'Your account is suspended', 'until 28 November 2026, 10:00'],
    ['es-ES', es, 'Tu cuenta está suspendida', 'hasta el 28 November 2026, 10:00'],
  ] as const)('says until when and why, in %s', (locale, messages, title, until) => {
    render(
      <IntlProvider locale={locale} messages={messages}>
        <SuspensionBanner untilText="28 November 2026, 10:00" />
      </IntlProvider>,
    );
    const banner = screen.getByTestId('suspension-banner');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(title);
    expect(banner.textContent).toContain(until);
  });
});
