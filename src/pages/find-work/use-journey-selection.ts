import { useCallback, useEffect, useMemo, useState } from 'react';
import { createActor } from 'xstate';
import { inspect } from '@/src/app/inspection';
import type { JourneySelectionActor } from '@/src/pages/journey/journey-selection-bar';

import type * as JourneySelectionPart from './journey-selection-part';

type Part = typeof JourneySelectionPart;

/** The journey tab's selection: loading its code, failed to (with a retry), or its actor and what renders it. */
export type JourneySelection =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly retry: () => void }
  | { readonly status: 'ready'; readonly actor: JourneySelectionActor; readonly part: Part };

const LOADING: JourneySelection = { status: 'loading' };

/**
 * Find work's selection of journeys (machines/journey-selection), which only the journey tab uses: its code is
 * fetched when that tab is first shown (`wanted`), beside the tab's search, and its actor then lives as long as the
 * page, so journeys ticked stay ticked while the partner looks at another tab. The actor is the page's, as
 * `useActorRef` would make it: started once its code is here, stopped with the page, and shown to the inspector.
 */
export function useJourneySelection(wanted: boolean): JourneySelection {
  const [part, setPart] = useState<Part | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [actor, setActor] = useState<JourneySelectionActor | null>(null);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (!wanted || part) return;
    let live = true;
    import('./journey-selection-part').then(
      (loaded) => live && setPart(loaded),
      (error: unknown) => {
        console.error(error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, part, attempt]);

  useEffect(() => {
    if (!part) return;
    const started = createActor(part.journeySelectionMachine, { inspect }).start();
    setActor(started);
    return () => {
      started.stop();
      setActor(null);
    };
  }, [part]);

  // the same object while nothing changed: the tabs' panels are remembered on it
  return useMemo<JourneySelection>(
    () => (part && actor ? { status: 'ready', actor, part } : failed ? { status: 'failed', retry } : LOADING),
    [part, actor, failed, retry],
  );
}
