import { assign, emit, setup } from 'xstate';
import { failureKind, HttpError } from '@/src/api/errors';
import { downloadCsv } from './csv-export.actors';
import { exportErrors, presetRange } from './csv-export.rules';
import type {
  CsvExportContext,
  CsvExportEmitted,
  CsvExportEvent,
  CsvExportInput,
  ExportField,
} from './csv-export.types';

/** A 422 naming the range's fields: their texts go under the fields. */
const isRangeRefusal = (error: unknown) =>
  error instanceof HttpError &&
  error.status === 422 &&
  Object.keys(error.errors).some((f) => f === 'from' || f === 'to');

const serverErrorsOf = (error: unknown): Partial<Record<ExportField, readonly string[]>> => {
  const errors = error instanceof HttpError ? error.errors : {};
  return {
    ...(errors.from ? { export_from: errors.from } : {}),
    ...(errors.to ? { export_to: errors.to } : {}),
  };
};

/**
 * The payments CSV export side sheet (spec §2 "CSV export side sheet"; issue 8): choose a range — this month, last
 * month, this tax year, or custom dates with the form scheme's messages — and Download, which fetches the CSV with
 * the partner's token and hands the file to the view to save. A range the server refuses shows its texts under the
 * fields; a download that fails otherwise says why and can be tried again, the range kept.
 */
export const csvExport = setup({
  types: {} as { context: CsvExportContext; events: CsvExportEvent; input: CsvExportInput; emitted: CsvExportEmitted },
  actors: { downloadCsv },
  actions: {
    applyPreset: assign(({ context, event }): Partial<CsvExportContext> => {
      if (event.type !== 'export.preset.chosen') return {};
      return {
        preset: event.preset,
        values: event.preset === 'custom' ? context.values : presetRange(event.preset, context.today),
        serverErrors: {},
      };
    }),
    applyField: assign(({ context, event }): Partial<CsvExportContext> => {
      if (event.type !== 'export.field.changed') return {};
      return { preset: 'custom' as const, values: { ...context.values, [event.field]: event.value }, serverErrors: {} };
    }),
    validate: assign(({ context }) => ({ errors: exportErrors(context.values) })),
    touchAll: assign({ touched: { export_from: true, export_to: true } }),
  },
  guards: {
    isRangeValid: ({ context }) => Object.keys(exportErrors(context.values)).length === 0,
    isRefusedRange: ({ event }) => isRangeRefusal((event as unknown as { error: unknown }).error),
  },
}).createMachine({
  id: 'csvExport',
  context: ({ input }) => ({
    today: input.today,
    preset: 'this_month',
    values: presetRange('this_month', input.today),
    errors: {},
    touched: {},
    serverErrors: {},
    failure: null,
    saved: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The side sheet is shut; the page shows its Export button',
      on: { 'export.opened': { target: 'choosing', actions: assign({ failure: null }) } },
    },
    choosing: {
      description: 'The side sheet: a preset range or custom dates, each field checked as the partner goes',
      on: {
        'export.closed': { target: 'closed' },
        'export.preset.chosen': { actions: ['applyPreset', 'validate'] },
        'export.field.changed': { actions: ['applyField', 'validate'] },
        'export.field.blurred': {
          actions: [
            assign(({ context, event }) => ({ touched: { ...context.touched, [event.field]: true } })),
            'validate',
          ],
        },
        'export.submitted': { target: 'validating' },
      },
    },
    validating: {
      description: 'Download was pressed: every field shows its state; a valid range is downloaded',
      entry: ['touchAll', 'validate'],
      always: [{ guard: 'isRangeValid', target: 'downloading' }, { target: 'choosing' }],
    },
    downloading: {
      description: 'Fetching the CSV of the range with the token',
      tags: ['busy'],
      invoke: {
        id: 'downloadCsv',
        src: 'downloadCsv',
        input: ({ context }) => ({ from: context.values.export_from, to: context.values.export_to }),
        onDone: {
          target: 'closed',
          actions: [
            emit(({ event }) => ({ type: 'export.file', text: event.output.text, fileName: event.output.fileName })),
            emit({ type: 'export.notice', tone: 'success' }),
            assign({ saved: ({ event }) => event.output.fileName }),
          ],
        },
        onError: [
          {
            guard: 'isRefusedRange',
            target: 'choosing',
            actions: assign({ serverErrors: ({ event }) => serverErrorsOf(event.error) }),
          },
          {
            target: 'failed',
            actions: [
              assign({ failure: ({ event }) => failureKind(event.error) }),
              emit(({ event }) => ({ type: 'export.notice', tone: 'danger', kind: failureKind(event.error) })),
            ],
          },
        ],
      },
    },
    failed: {
      description: 'The download failed (no answer, a server error): what went wrong, the range kept, a retry',
      tags: ['error'],
      on: {
        'export.retried': { target: 'downloading', actions: assign({ failure: null }) },
        'export.preset.chosen': { target: 'choosing', actions: [assign({ failure: null }), 'applyPreset', 'validate'] },
        'export.field.changed': { target: 'choosing', actions: [assign({ failure: null }), 'applyField', 'validate'] },
        'export.closed': { target: 'closed' },
      },
    },
  },
});
