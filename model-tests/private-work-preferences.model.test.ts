import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { privateWorkPreferencesMachine } from '@/machines/private-work-preferences/private-work-preferences.machine';
import {
  loadFailure,
  preferencesOutcome,
  saveFailure,
  shownVolumeRule,
} from '@/machines/private-work-preferences/private-work-preferences.selectors';
import type { PrivateWorkPreferences } from '@/schemas/private-job';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof privateWorkPreferencesMachine>;

const stored: PrivateWorkPreferences = {
  default_volume_m3: 10,
  pickup_on_site_s: 1800,
  delivery_on_site_s: 1800,
  block_marketplace_overlap: false,
  calendar_colour_by: 'vehicle',
};
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'private-work-preferences' });
const refused = new HttpError({
  status: 422,
  message: 'messages.validation',
  errors: { default_volume_m3: ['The volume is at most 40 m³'] },
  code: null,
  url: 'private-work-preferences',
});

/** What the partner types: a volume over 40 m³ put right, then the other fields, one after the other. */
const events = (s: Snap): AnyEventObject[] => {
  const form = s.context.form;
  const change = (patch: object) => ({ type: 'preferences.changed', patch });
  return [
    { type: 'xstate.done.actor.loadPreferences', output: stored },
    { type: 'xstate.error.actor.loadPreferences', error: offline },
    { type: 'preferences.retried' },
    ...(form.volume === '10' ? [change({ volume: '45' })] : []),
    ...(form.volume === '45' ? [change({ volume: '12,5' })] : []),
    ...(form.volume === '12,5' && form.pickupOnSiteS === 1800 ? [change({ pickupOnSiteS: 900 })] : []),
    ...(form.pickupOnSiteS === 900 && !form.blockOverlap
      ? [change({ deliveryOnSiteS: 2400, blockOverlap: true, colourBy: 'driver' })]
      : []),
    ...(form.volume !== '10' ? [{ type: 'preferences.submitted' }] : []),
    ...(form.volume === '10' || form.blockOverlap ? [{ type: 'preferences.closed' }] : []),
    { type: 'xstate.done.actor.savePreferences', output: { ...stored, default_volume_m3: 12.5 } },
    { type: 'xstate.error.actor.savePreferences', error: form.blockOverlap ? refused : offline },
  ];
};

const SIZE = { states: 6, transitions: 11 };
const coverage = new Coverage(privateWorkPreferencesMachine);

describe('private work preferences', () => {
  const paths = getShortestPaths(privateWorkPreferencesMachine, { events, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      privateWorkPreferencesMachine,
      path,
      {
        promiseActors: ['loadPreferences', 'savePreferences'],
        check: (snap, step, record) => {
          // the rule of the volume shows once a save was tried, and a volume over 40 m³ is never sent
          if (!snap.context.triedSave) expect(shownVolumeRule(snap)).toBeNull();
          for (const call of record.calls.filter((c) => c.src === 'savePreferences')) {
            const sent = call.input as PrivateWorkPreferences;
            expect(sent.default_volume_m3).toBeLessThanOrEqual(40);
            // a comma is read as a decimal point
            expect(sent.default_volume_m3).toBe(12.5);
          }
          // a failed save keeps everything typed, and says so
          if (step.event.type === 'xstate.error.actor.savePreferences') {
            expect(saveFailure(snap)).not.toBeNull();
            expect(snap.context.form.volume).toBe('12,5');
          }
          if (step.event.type === 'xstate.error.actor.loadPreferences') expect(loadFailure(snap)?.kind).toBe('offline');
          if (snap.status === 'done') expect(preferencesOutcome(snap)).toBe(snap.context.saved ? 'saved' : 'closed');
        },
      },
      coverage,
    );
  });

  it('says what is wrong with a volume over 40 m³ when saving, and sends nothing', () => {
    const path = paths.find((p) => p.state.context.form.volume === '45' && p.state.context.triedSave)!;
    expect(path.state.matches('editing')).toBe(true);
    expect(shownVolumeRule(path.state)).toBe('volumeTooLarge');
  });
});

afterAll(() => coverage.expectComplete(SIZE));
