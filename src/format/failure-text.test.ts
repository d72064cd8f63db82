import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import { DecodeError, failureKind, GENERIC_REFUSAL, HttpError, NetworkError } from '@/src/api/errors';
import { failureText } from './failure-text';

const http = (status: number, message: string) => new HttpError({ status, message, errors: {}, code: null, url: 'v1' });
const network = (timedOut: boolean) => new NetworkError({ message: 'Failed to fetch', timedOut, url: 'v1' });
const undecodable = new DecodeError({
  schema: 'JobsPage',
  issues: [{ path: 'data.0.id', message: 'Expected number' }],
});

describe('failureKind', () => {
  it('tells apart what a partner is told differently', () => {
    expect(failureKind(network(false))).toBe('offline');
    expect(failureKind(network(true))).toBe('timeout');
    expect(failureKind(undecodable)).toBe('unreadable');
    expect(failureKind(http(500, 'Sorry, something went wrong'))).toBe('server');
    expect(failureKind(http(503, 'down'))).toBe('server');
    expect(failureKind(http(422, 'The radius is too large'))).toBe('refused');
    expect(failureKind(http(499, 'x'))).toBe('refused');
    expect(failureKind(new Error('boom'))).toBe('server');
    expect(failureKind('boom')).toBe('server');
  });
});

describe('failureText', () => {
  const english = createIntl({ locale: 'en', messages: en });
  const spanish = createIntl({ locale: 'es', messages: es });

  it("says the generic text, in the partner's language, for a refusal without a message of the server's", () => {
    expect(failureText(english, { kind: 'refused', message: GENERIC_REFUSAL })).toBe(
      'There was a problem with your request.',
    );
    expect(failureText(english, { kind: 'refused', message: ' ' })).toBe('There was a problem with your request.');
    expect(failureText(spanish, { kind: 'refused', message: GENERIC_REFUSAL })).toBe(
      'Hubo un problema con tu solicitud.',
    );
  });

  it("shows a refusal in the server's words, and never a decoder's or a browser's own text", () => {
    expect(failureText(english, { kind: 'refused', message: 'The radius is too large' })).toBe(
      'The radius is too large',
    );
    const unreadable = failureText(english, { kind: 'unreadable', message: undecodable.message });
    expect(unreadable).toMatch(/could not read/);
    expect(unreadable).not.toMatch(/JobsPage|decode/);
    expect(failureText(english, { kind: 'offline', message: 'Failed to fetch' })).toMatch(/could not reach the server/);
    expect(failureText(english, { kind: 'timeout', message: 'Request timed out' })).toMatch(/too long/);
    expect(failureText(english, { kind: 'server', message: 'x' })).toMatch(/something went wrong/);
  });

  it('words each kind in Spanish too', () => {
    for (const kind of ['offline', 'timeout', 'unreadable', 'server'] as const) {
      const text = failureText(spanish, { kind, message: 'x' });
      expect(text).not.toBe(failureText(english, { kind, message: 'x' }));
      expect(text.length).toBeGreaterThan(20);
    }
  });
});
