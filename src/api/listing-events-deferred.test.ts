import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('./listing-events');
  vi.restoreAllMocks();
});

/** listing-events-deferred.ts afresh, with listing-events.ts replaced by `reader` (or failing to load). */
async function withReader(reader: (() => { watchListingEvents: ReturnType<typeof vi.fn> }) | 'unreachable') {
  vi.resetModules();
  vi.doMock('./listing-events', () => {
    if (reader === 'unreachable')
      throw new TypeError('Failed to fetch dynamically imported module: /tpp/assets/listing-events.js');
    return reader();
  });
  return (await import('./listing-events-deferred')).watchListingEventsDeferred;
}

describe('watchListingEventsDeferred', () => {
  it('fetches the reader, then watches with the same listener, signal and options', async () => {
    const watchListingEvents = vi.fn(() => Promise.resolve());
    const watch = await withReader(() => ({ watchListingEvents }));
    const onEvent = vi.fn();
    const stop = new AbortController();
    const onPosted = vi.fn();
    await watch(onEvent, stop.signal, { onPosted });
    expect(watchListingEvents).toHaveBeenCalledWith(onEvent, stop.signal, { onPosted });
  });

  it('does not open the stream when the watch was stopped before the reader came', async () => {
    const watchListingEvents = vi.fn(() => Promise.resolve());
    const watch = await withReader(() => ({ watchListingEvents }));
    const stop = new AbortController();
    const watching = watch(() => {}, stop.signal);
    stop.abort();
    await watching;
    expect(watchListingEvents).not.toHaveBeenCalled();
  });

  it('a reader that cannot be fetched leaves the watch off with a warning, and never rejects', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const watch = await withReader('unreachable');
    await expect(watch(() => {}, new AbortController().signal)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      'Listing events: off for this visit, their code could not be fetched',
      expect.any(Error),
    );
  });
});
