// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JourneyId } from '@/schemas/journey';

afterEach(() => {
  cleanup();
  vi.doUnmock('./journey-selection-part');
  vi.restoreAllMocks();
});

/** use-journey-selection.ts afresh, its part not fetched yet; `fetches` counts the part's imports. */
async function freshHook({ failFirst = false } = {}) {
  vi.resetModules();
  const fetches = { count: 0 };
  vi.doMock('./journey-selection-part', async (importOriginal) => {
    fetches.count += 1;
    if (failFirst && fetches.count === 1)
      throw new TypeError('Failed to fetch dynamically imported module: /tpp/assets/journey-selection-part.js');
    return importOriginal();
  });
  const { useJourneySelection } = await import('./use-journey-selection');
  return { useJourneySelection, fetches };
}

const LEEDS_YORK = 41 as JourneyId;

describe('useJourneySelection', () => {
  it('fetches nothing until the journey tab is shown', async () => {
    const { useJourneySelection, fetches } = await freshHook();
    const { result } = renderHook(() => useJourneySelection(false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.status).toBe('loading');
    expect(fetches.count).toBe(0);
  });

  it("starts the selection's actor once its code is here, and keeps it (and what is ticked) across tabs", async () => {
    const { useJourneySelection, fetches } = await freshHook();
    const { result, rerender, unmount } = renderHook(({ wanted }) => useJourneySelection(wanted), {
      initialProps: { wanted: true },
    });
    await waitFor(() => expect(result.current.status).toBe('ready'), { timeout: 10_000 });
    const ready = result.current;
    if (ready.status !== 'ready') throw new Error('not ready');
    expect(ready.actor.getSnapshot().status).toBe('active');
    act(() => ready.actor.send({ type: 'journey.toggled', id: LEEDS_YORK }));

    // another tab, then the journey tab again: the same actor, the journey still ticked, nothing fetched again
    rerender({ wanted: false });
    rerender({ wanted: true });
    // the same object, so the panels remembered on it are not drawn again
    expect(result.current).toBe(ready);
    expect(ready.part.selectedIds(ready.actor.getSnapshot())).toEqual([LEEDS_YORK]);
    expect(fetches.count).toBe(1);

    // leaving the page stops it
    unmount();
    expect(ready.actor.getSnapshot().status).toBe('stopped');
  });

  it('code that cannot be fetched says so, and the retry fetches it anew', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { useJourneySelection, fetches } = await freshHook({ failFirst: true });
    const { result } = renderHook(() => useJourneySelection(true));
    await waitFor(() => expect(result.current.status).toBe('failed'), { timeout: 10_000 });
    const failed = result.current;
    if (failed.status !== 'failed') throw new Error('not failed');

    act(() => failed.retry());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'), { timeout: 10_000 });
    expect(fetches.count).toBe(2);
  });
});
