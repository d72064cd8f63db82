import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { documentUploadMachine } from '@/machines/documents/document-upload.machine';
import { coverMinimum, fieldProblem, isDialogueOpen } from '@/machines/documents/document-upload.selectors';
import type { UploadRequest } from '@/machines/documents/document-upload.types';
import { MAX_UPLOAD_BYTES, type PartnerDocument } from '@/schemas/documents';
import { HttpError, NetworkError } from '@/src/api/errors';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

type Snap = SnapshotFrom<typeof documentUploadMachine>;

/** The files a partner picks, in the order the script tries them: 1 byte over 10mb, then a .exe renamed .pdf. */
const BIG = { name: 'scan.pdf', size: MAX_UPLOAD_BYTES + 1 };
const RENAMED_EXE = { name: 'invoice.pdf', size: 4_096 };
const SETUP = { name: 'setup.exe', size: 2_048 };
/** The real PDF chosen after the server's refusal. */
const FIXED = { name: 'insurance.pdf', size: 90_000 };

const stored = {
  id: 41,
  type: 'third_party_insurance',
  status: 'pending_review',
  expires_at: '2027-06-30',
  cover_amount: 2_000_000,
  uploaded_at: '2026-11-18T14:30:00.000Z',
  review_due_by: '2026-11-21T14:30:00.000Z',
  reviewed_at: null,
  rejection_reason: null,
  file_name: 'invoice.pdf',
  size_bytes: 4_096,
  content_type: 'application/pdf',
} as unknown as PartnerDocument;
const notAPdf = new HttpError({
  status: 422,
  message: 'messages.validation',
  errors: { file: ['This file is not a valid PDF.'] },
  code: null,
  url: 'v1/documents',
});
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1/documents' });

/**
 * What the partner does, as a script over the form's values so the graph stays small: a file over 10mb, then a .exe
 * (wrong format), then a .exe renamed .pdf; the type third-party insurance; its expiry date; a cover under the £1m
 * minimum, then one over it. Submits, cancels, closes and reopens are offered everywhere; the server answers with the
 * document, a field refusal (the renamed .exe) or no connection.
 */
const events = (s: Snap): AnyEventObject[] => {
  const v = s.context.values;
  const change = (field: string, value: unknown) => ({ type: 'upload.changed', field, value });
  const script: AnyEventObject[] = [];
  if (v.document_file === null) script.push(change('document_file', BIG));
  if (v.document_file === BIG) script.push(change('document_file', SETUP));
  if (v.document_file === SETUP) script.push(change('document_file', RENAMED_EXE));
  if (v.document_file === RENAMED_EXE && v.document_type === '')
    script.push(change('document_type', 'third_party_insurance'));
  if (v.document_type !== '' && v.document_expires_at === '') script.push(change('document_expires_at', '2027-06-30'));
  if (v.document_expires_at !== '' && v.document_cover_amount === '')
    script.push(change('document_cover_amount', '500'));
  if (v.document_cover_amount === '500') script.push(change('document_cover_amount', '2000000'));
  if (s.matches('refused') && v.document_file !== FIXED) script.push(change('document_file', FIXED));
  return [
    { type: 'upload.opened' },
    ...script,
    { type: 'upload.submitted' },
    { type: 'upload.cancelled' },
    { type: 'upload.closed' },
    { type: 'xstate.done.actor.sendUpload', output: stored },
    { type: 'xstate.error.actor.sendUpload', error: v.document_file === RENAMED_EXE ? notAPdf : offline },
  ];
};

const SIZE = { states: 6, transitions: 13 };
const coverage = new Coverage(documentUploadMachine);

describe('document upload', () => {
  const paths = getShortestPaths(documentUploadMachine, { events, ...byIncomingEvent } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      documentUploadMachine,
      path,
      {
        promiseActors: ['sendUpload'],
        actions: ['announceUploaded'],
        check: (snap, step, record) => {
          // nothing the portal can refuse is ever sent: no file over 10mb, no .exe, no cover under the minimum
          for (const call of record.calls) {
            const sent = call.input as UploadRequest;
            expect(sent.file.size).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
            expect(sent.file.name.endsWith('.pdf')).toBe(true);
            expect(Number(sent.coverAmount)).toBeGreaterThanOrEqual(1_000_000);
            expect(sent.expiresAt).toBe('2027-06-30');
          }
          // a refusal keeps every value chosen, and shows the server's words under the file
          if (step.event.type === 'xstate.error.actor.sendUpload') {
            expect(snap.context.values).toMatchObject({
              document_type: 'third_party_insurance',
              document_cover_amount: '2000000',
            });
            const problem = fieldProblem(snap, 'document_file');
            if (snap.context.values.document_file === RENAMED_EXE)
              expect(problem).toEqual({ kind: 'server', text: 'This file is not a valid PDF.' });
            else expect(snap.context.failure).toBe('offline');
          }
          if (snap.matches('done'))
            expect(record.actions.filter((a) => a.type === 'announceUploaded').length).toBeGreaterThan(0);
          expect(isDialogueOpen(snap)).toBe(!snap.matches('idle'));
        },
      },
      coverage,
    );
  });

  it('refuses a file over 10mb and a missing type before sending, with the spec rules', () => {
    const path = paths.find(
      (p) => p.state.matches('choosing') && p.state.context.submitted && p.state.context.values.document_file === BIG,
    )!;
    expect(fieldProblem(path.state, 'document_file')).toEqual({
      kind: 'rule',
      error: { rule: 'size', params: { size: 10240 } },
    });
    expect(fieldProblem(path.state, 'document_type')).toEqual({ kind: 'rule', error: { rule: 'required' } });
  });

  it('asks third-party insurance for £1m of cover', () => {
    const path = paths.find(
      (p) => p.state.context.values.document_cover_amount === '500' && p.state.context.submitted,
    )!;
    expect(coverMinimum(path.state)).toBe(1_000_000);
    expect(fieldProblem(path.state, 'document_cover_amount')).toEqual({
      kind: 'rule',
      error: { rule: 'min_value', params: { min: 1_000_000 } },
    });
  });
});

afterAll(() => coverage.expectComplete(SIZE));
