import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { canAlert } from '@/schemas/alert';
import type { ListingEvent } from '@/schemas/listing-event';
import { SavedSearch } from '@/schemas/saved-search';
import { watchListingEvents } from './listing-events';

/** A stream that sends `text` and ends; the next connection waits until the test aborts. */
const streamOnce = (text: string) => {
  let opened = 0;
  return (signal: AbortSignal) => {
    opened += 1;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (opened === 1) {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        } else signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
  };
};

describe('the posted events of GET /v1/jobs/events (new-work alerts)', () => {
  it('hands posted jobs to onPosted and taken ones to the listener, skipping a posted event that does not decode', async () => {
    const taken: ListingEvent[] = [];
    const posted: ListingEvent[] = [];
    const warnings: string[] = [];
    const stop = new AbortController();
    const done = watchListingEvents((e) => taken.push(e), stop.signal, {
      open: streamOnce(
        [
          'event: ready\ndata: {}\n\n',
          'event: posted\ndata: {"id":41,"kind":"instant"}\n\n',
          'event: taken\ndata: {"id":7,"kind":"auction"}\n\n',
          'event: posted\ndata: {"id":"x"}\n\n',
          'event: posted\ndata: {"id":42,"kind":"auction"}\n\n',
        ].join(''),
      ),
      onPosted: (e) => posted.push(e),
      wait: () => new Promise((resolve) => setTimeout(resolve, 1)),
      warn: (message) => warnings.push(message),
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    stop.abort();
    await done;
    expect(posted).toEqual([
      { id: 41, kind: 'instant' },
      { id: 42, kind: 'auction' },
    ]);
    expect(taken).toEqual([{ id: 7, kind: 'auction' }]);
    expect(warnings.filter((w) => w.includes('posted event'))).toHaveLength(1);
  });

  it('leaves posted events alone for a listener that did not ask for them', async () => {
    const taken: ListingEvent[] = [];
    const warnings: string[] = [];
    const stop = new AbortController();
    const done = watchListingEvents((e) => taken.push(e), stop.signal, {
      open: streamOnce('event: ready\ndata: {}\n\nevent: posted\ndata: {"id":"x"}\n\n'),
      wait: () => new Promise((resolve) => setTimeout(resolve, 1)),
      warn: (message) => warnings.push(message),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop.abort();
    await done;
    expect(taken).toEqual([]);
    expect(warnings.filter((w) => w.includes('posted'))).toEqual([]);
  });
});

describe('which saved searches can alert', () => {
  const saved = (type: string, extra: Record<string, unknown> = {}) =>
    Schema.decodeUnknownSync(SavedSearch)({
      id: 1,
      name: 'Around Leeds',
      criteria: type === 'recommended' ? { type } : { type, categories: ['piano'] },
      is_default: false,
      created_at: '2026-11-18T09:00:00Z',
      ...extra,
    });

  it('is the instant and auction searches only', () => {
    expect(['instant', 'auction', 'journey', 'recommended'].map((type) => canAlert(saved(type)))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('reads a saved search from before alerts as not alerting', () => {
    expect(saved('instant')).toMatchObject({ alert: false, alert_since: null });
    expect(saved('instant', { alert: true, alert_since: '2026-11-18T10:00:00Z' })).toMatchObject({ alert: true });
  });
});
