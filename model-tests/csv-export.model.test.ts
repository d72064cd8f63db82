import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { csvExport } from '@/machines/payments/csv-export.machine';
import { presetRange } from '@/machines/payments/csv-export.rules';
import { downloadFailure, isDownloading, isSheetOpen, shownError } from '@/machines/payments/csv-export.selectors';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof csvExport>;

/** A Saturday in November 2026: this tax year began on 6 April 2026. */
const TODAY = '2026-11-21';
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1/payments/export.csv' });
const refusedRange = new HttpError({
  status: 422,
  message: 'messages.validation',
  errors: { to: ['A range is at most 366 days'] },
  code: null,
  url: 'v1/payments/export.csv',
});
const file = { text: '\uFEFFdate,reference\r\n', fileName: 'payments-2026-11-01-2026-11-21.csv' };

/**
 * The partner opens the sheet, picks presets, types an end before the start and puts it right, downloads; the
 * server refuses a range once, a download fails and is tried again.
 */
const events = (s: Snap): AnyEventObject[] => {
  const { preset, values } = s.context;
  return [
    { type: 'export.opened' },
    { type: 'export.closed' },
    ...(preset === 'this_month' ? [{ type: 'export.preset.chosen', preset: 'tax_year' }] : []),
    ...(preset === 'this_month' ? [{ type: 'export.preset.chosen', preset: 'last_month' }] : []),
    ...(preset === 'tax_year' ? [{ type: 'export.preset.chosen', preset: 'custom' }] : []),
    ...(values.export_to !== '2026-03-01'
      ? [{ type: 'export.field.changed', field: 'export_to', value: '2026-03-01' }]
      : []),
    ...(values.export_to === '2026-03-01'
      ? [{ type: 'export.field.changed', field: 'export_to', value: '2026-11-21' }]
      : []),
    { type: 'export.field.blurred', field: 'export_to' },
    { type: 'export.submitted' },
    { type: 'export.retried' },
    { type: 'xstate.done.actor.downloadCsv', output: file },
    ...(preset === 'last_month' ? [{ type: 'xstate.error.actor.downloadCsv', error: refusedRange }] : []),
    ...(preset === 'this_month' ? [{ type: 'xstate.error.actor.downloadCsv', error: offline }] : []),
  ];
};

const SIZE = { states: 5, transitions: 15 };
const coverage = new Coverage(csvExport);

describe('csv export side sheet', () => {
  const paths = getShortestPaths(csvExport, { events, ...byIncomingEvent, input: { today: TODAY } } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      csvExport,
      path,
      {
        input: { today: TODAY },
        promiseActors: ['downloadCsv'],
        check: (snap, step, record) => {
          // only a valid range is ever sent
          for (const call of record.calls) {
            const range = call.input as { from: string; to: string };
            expect(range.from <= range.to).toBe(true);
          }
          expect(isSheetOpen(snap)).toBe(!snap.matches('closed'));
          if (isDownloading(snap)) expect(snap.matches('downloading')).toBe(true);
          if (step.event.type === 'xstate.error.actor.downloadCsv' && snap.matches('failed'))
            expect(downloadFailure(snap)).toBe('offline');
          if (step.event.type === 'xstate.error.actor.downloadCsv' && snap.matches('choosing'))
            expect(snap.context.serverErrors.export_to).toEqual(['A range is at most 366 days']);
          // an end before the start shows its rule once the field was left or Download pressed
          if (snap.context.values.export_to === '2026-03-01' && snap.context.touched.export_to)
            expect(shownError(snap, 'export_to')).toEqual({
              rule: 'min_value',
              params: { min: snap.context.values.export_from },
            });
        },
      },
      coverage,
    );
  });

  it('counts the presets from today in London', () => {
    expect(presetRange('this_month', TODAY)).toEqual({ export_from: '2026-11-01', export_to: TODAY });
    expect(presetRange('last_month', TODAY)).toEqual({ export_from: '2026-10-01', export_to: '2026-10-31' });
    expect(presetRange('tax_year', TODAY)).toEqual({ export_from: '2026-04-06', export_to: TODAY });
    expect(presetRange('tax_year', '2026-04-05')).toEqual({ export_from: '2025-04-06', export_to: '2026-04-05' });
    expect(presetRange('last_month', '2026-01-15')).toEqual({ export_from: '2025-12-01', export_to: '2025-12-31' });
  });
});

afterAll(() => coverage.expectComplete(SIZE));
