import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { jobSheet, TRACKING_EVERY_MS } from '@/machines/won-work/job-sheet.machine';
import { recommendedWork } from '@/machines/won-work/recommended-work.machine';
import type { WonJobSheet } from '@/schemas/work';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, delayEvents, describePath, runPath } from './model-harness';

const active = { listing_id: 5, job_status: 'in_realisation' } as WonJobSheet;
const done = { listing_id: 5, job_status: 'completed' } as WonJobSheet;
const position = {
  available_from: '2026-11-20T08:00:00Z',
  state: 'on_the_way',
  position: { lat: 53, lng: -1, recorded_at: '2026-11-21T09:00:00Z' },
};
const later = { ...position, position: { lat: 53.5, lng: -1.2, recorded_at: '2026-11-21T09:00:30Z' } };
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'won-work' });
const notFound = new HttpError({
  status: 404,
  message: 'Listing not found',
  errors: {},
  code: null,
  url: 'won-work/5',
});

const sheetCoverage = new Coverage(jobSheet);
const recommendedCoverage = new Coverage(recommendedWork);

describe('job sheet', () => {
  const events: AnyEventObject[] = [
    { type: 'sheet.retried' },
    ...delayEvents(jobSheet),
    { type: 'xstate.done.actor.loadSheet', output: active },
    { type: 'xstate.done.actor.loadSheet', output: done },
    { type: 'xstate.error.actor.loadSheet', error: offline },
    { type: 'xstate.error.actor.loadSheet', error: notFound },
    { type: 'xstate.done.actor.readTracking', output: position },
    { type: 'xstate.done.actor.readTracking', output: later },
    { type: 'xstate.error.actor.readTracking', error: offline },
  ];
  const paths = getShortestPaths(jobSheet, { events, input: { listingId: 5 }, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      jobSheet,
      path,
      {
        input: { listingId: 5 },
        promiseActors: ['loadSheet', 'readTracking'],
        delays: { trackingEvery: TRACKING_EVERY_MS },
        exactDelays: true,
        check: (snap, step) => {
          // a done job is never tracked; an active one always is, every 30 s
          if (snap.context.sheet?.job_status === 'completed') expect(snap.matches({ ready: 'untracked' })).toBe(true);
          // a failed read keeps the position before it
          if (step.event.type === 'xstate.error.actor.readTracking') {
            expect(snap.context.trackingStale).toBe(true);
          }
          if (snap.matches('failed')) expect(snap.context.notFound).toBe(snap.context.failure === 'refused');
        },
      },
      sheetCoverage,
    );
  });

  afterAll(() => sheetCoverage.expectComplete({ states: 7, transitions: 8 }));
});

describe('recommended work', () => {
  const events: AnyEventObject[] = [
    { type: 'recommended.retried' },
    { type: 'xstate.done.actor.loadRecommended', output: [{ listing_id: 9, reason: 'near_base' }] },
    { type: 'xstate.error.actor.loadRecommended', error: offline },
  ];
  const paths = getShortestPaths(recommendedWork, { events, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(recommendedWork, path, { promiseActors: ['loadRecommended'] }, recommendedCoverage);
  });

  afterAll(() => recommendedCoverage.expectComplete({ states: 3, transitions: 3 }));
});
