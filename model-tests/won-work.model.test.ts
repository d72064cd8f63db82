import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { wonWork } from '@/machines/won-work/won-work.machine';
import { hasFailed, isLoading, isRowBusy, pageCount } from '@/machines/won-work/won-work.selectors';
import type { WonWorkPage, WonWorkQueryState, WorkNotice } from '@/machines/won-work/won-work.types';
import type { WonJob } from '@/schemas/work';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, edgeCoveringPaths, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof wonWork>;

/** A job of the active tab as the server sends it, with no driver yet. */
const job = {
  listing_id: 7,
  job_status: 'allocated',
  driver: null,
  feedback: { requested_at: null, rating: null },
  can: { allocate_driver: true, complete: true, archive: false, request_feedback: true },
} as unknown as WonJob;
const withDriver = { ...job, driver: { user_id: 2, full_name: 'Sam Carter' } } as WonJob;
const page: WonWorkPage = {
  rows: [job],
  total: 41,
  pageSize: 20,
  counts: { active: 41, completed: 12, live_quotes: 3 },
  setup: { drivers: [], vehicles: [] },
};
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'won-work' });
const twice = new HttpError({
  status: 409,
  message: 'Feedback has already been requested for this job.',
  errors: {},
  code: null,
  url: 'request-feedback',
});

/** Whether the list is still as first shown: each path changes the tab, the page or one filter at most once. */
const atStart = (s: Snap) =>
  s.context.tab === 'active' && s.context.page === 1 && s.context.vehicleId === null && s.context.driverId === null;

const events = (s: Snap): AnyEventObject[] => [
  ...(atStart(s)
    ? [
        { type: 'work.tab.selected', tab: 'completed' },
        { type: 'work.page.changed', page: 2 },
        { type: 'work.vehicle.filtered', vehicleId: 3 },
        { type: 'work.driver.filtered', driverId: 2 },
      ]
    : []),
  { type: 'work.retried' },
  ...(s.context.driverChoice[7] === undefined && atStart(s)
    ? [{ type: 'work.driver.chosen', listingId: 7, driverId: 2 }]
    : []),
  { type: 'work.driver.assigned', listingId: 7 },
  { type: 'work.archive.requested', listingId: 7 },
  { type: 'work.feedback.requested', listingId: 7 },
  { type: 'work.completion.started', listingId: 7, mode: 'extraCost' },
  { type: 'xstate.done.actor.loadWonWork', output: page },
  { type: 'xstate.error.actor.loadWonWork', error: offline },
  { type: 'xstate.done.actor.assignDriver', output: withDriver },
  { type: 'xstate.error.actor.assignDriver', error: offline },
  { type: 'xstate.done.actor.archiveJob', output: 40 },
  { type: 'xstate.error.actor.archiveJob', error: offline },
  { type: 'xstate.done.actor.askForFeedback', output: '2026-11-21T10:00:00Z' },
  { type: 'xstate.error.actor.askForFeedback', error: twice },
  { type: 'xstate.done.actor.jobCompletion', output: { ...job, job_status: 'realised' } },
  { type: 'xstate.done.actor.jobCompletion', output: null },
];

const SIZE = { states: 8, transitions: 21 };
const coverage = new Coverage(wonWork);

describe('won work', () => {
  // paths stay on page 1 or 2 of one tab change: each filter and tab is a new read, the same as any other
  const paths = edgeCoveringPaths(getShortestPaths(wonWork, { events, input: {}, ...byIncomingEvent } as never));

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const notices: WorkNotice[] = [];
    await runPath(
      wonWork,
      path,
      {
        input: {},
        promiseActors: ['loadWonWork', 'assignDriver', 'archiveJob', 'askForFeedback', 'jobCompletion'],
        actions: ['notify'],
        check: (snap, step, record) => {
          expect(isLoading(snap)).toBe(snap.matches('loading'));
          if (hasFailed(snap)) expect(snap.context.failure).toBe('offline');
          if (snap.matches('ready')) expect(pageCount(snap)).toBe(3);
          // a card is busy only while its own action runs
          expect(isRowBusy(snap, 7)).toBe(
            (['assigning', 'archiving', 'requestingFeedback'] as const).some((s) => snap.matches({ ready: s })),
          );
          // the read asks for the drivers and vehicles once, then only the page
          const reads = record.calls
            .filter((c) => c.src === 'loadWonWork')
            .map((c) => c.input as { withSetup: boolean });
          if (reads.length > 0) expect(reads[0]!.withSetup).toBe(true);
          // an assignment sends the driver picked on that card
          for (const call of record.calls.filter((c) => c.src === 'assignDriver'))
            expect(call.input).toEqual({ listingId: 7, driverId: 2 });
          const type = step.event.type;
          if (type === 'work.driver.assigned' && snap.matches({ ready: 'idle' }))
            expect(snap.context.driverMissing).toBe(7);
          if (type === 'xstate.done.actor.askForFeedback') {
            expect(snap.context.rows[0]!.feedback.requested_at).toBe('2026-11-21T10:00:00Z');
            expect(snap.context.rows[0]!.can.request_feedback).toBe(false);
          }
          notices.splice(0, notices.length, ...record.actions.map((a) => a.params as WorkNotice));
        },
      },
      coverage,
    );
    // a failed action says it in the server's words when refused, and by kind otherwise
    for (const notice of notices.filter((n) => n.tone === 'danger')) {
      if (notice.action === 'request_feedback')
        expect(notice).toMatchObject({ kind: 'refused', message: twice.message });
      else expect(notice).toMatchObject({ kind: 'offline' });
    }
  });

  afterAll(() => coverage.expectComplete(SIZE));
});

describe('won work, a choice made while the list is being read', () => {
  it('reads the chosen tab at once, and the answer of the read it replaced changes nothing', async () => {
    const reads: { tab: string; resolve: (p: WonWorkPage) => void }[] = [];
    const actor = createActor(
      wonWork.provide({
        actors: {
          loadWonWork: fromPromise<WonWorkPage, WonWorkQueryState & { withSetup: boolean }>(
            ({ input }) => new Promise((resolve) => reads.push({ tab: input.tab, resolve })),
          ),
        },
      }),
      { input: {} },
    ).start();
    await Promise.resolve();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    // the partner picks Completed before the Active read (after a completion, say) has answered
    actor.send({ type: 'work.tab.selected', tab: 'completed' });
    await Promise.resolve();
    expect(actor.getSnapshot().context.tab).toBe('completed');
    expect(reads.map((r) => r.tab)).toEqual(['active', 'completed']);
    // the stale Active answer is dropped; the Completed one is shown
    reads[0]!.resolve({ ...page, total: 99 });
    await new Promise((r) => setImmediate(r));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    reads[1]!.resolve(page);
    await new Promise((r) => setImmediate(r));
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.total).toBe(41);
    actor.stop();
  });
});
