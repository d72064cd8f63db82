import { assign, setup } from 'xstate';
import { hasErrors } from '@/machines/forms/form-rules';
import { HttpError } from '@/src/api/errors';
import { sendUpload } from './document-upload.actors';
import { checkUpload, shownErrors } from './document-upload.rules';
import type {
  DocumentUploadContext,
  DocumentUploadEvent,
  UploadField,
  UploadRequest,
  UploadValues,
} from './document-upload.types';

const EMPTY: UploadValues = {
  document_type: '',
  document_file: null,
  document_expires_at: '',
  document_cover_amount: '',
};

/** The server's field names (schemas/documents.ts, the multipart form) and the form's. */
const FIELD_OF_SERVER: Readonly<Record<string, UploadField>> = {
  file: 'document_file',
  type: 'document_type',
  expires_at: 'document_expires_at',
  cover_amount: 'document_cover_amount',
};

/** A refusal's first message per form field; null when the failure names no field of the form. */
const serverFieldErrors = (error: unknown): Partial<Record<UploadField, string>> | null => {
  if (!(error instanceof HttpError)) return null;
  const named: Partial<Record<UploadField, string>> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const own = FIELD_OF_SERVER[field];
    if (own && messages[0]) named[own] = messages[0];
  }
  return Object.keys(named).length > 0 ? named : null;
};

const fresh = { errors: {}, serverErrors: {}, touched: {}, submitted: false, failure: null, uploaded: null };

/**
 * Uploading one document (issue 8; spec §5 uploads, §9 review within 72 hours): the dialogue opens (`choosing`), the
 * partner picks a type, a file, and the expiry date and cover the type needs; a submit is checked by the portal first
 * (`validating`, the spec texts), then sent (`uploading`, the progress shows); the server's refusal keeps every value
 * chosen (`refused`) and shows its message under the field; a stored document is `done` and announced, so the list
 * reloads. The view never validates: it sends `upload.changed` and reads `errors` and `serverErrors`.
 */
export const documentUploadMachine = setup({
  types: {} as { context: DocumentUploadContext; events: DocumentUploadEvent },
  actors: { sendUpload },
  actions: {
    /** Platform effect, provided by the page: reload the list with the new document in it. */
    announceUploaded: () => {},
    startAfresh: assign(({ event }) => ({
      ...fresh,
      values:
        event.type === 'upload.opened' && event.documentType ? { ...EMPTY, document_type: event.documentType } : EMPTY,
    })),
    storeChange: assign(({ context, event }) => {
      if (event.type !== 'upload.changed') return {};
      const values = { ...context.values, [event.field]: event.value } as UploadValues;
      const touched = { ...context.touched, [event.field]: true };
      const serverErrors = { ...context.serverErrors };
      delete serverErrors[event.field];
      return { values, touched, serverErrors, errors: shownErrors(values, touched, context.submitted), failure: null };
    }),
    checkAll: assign(({ context }) => ({ submitted: true, errors: checkUpload(context.values) })),
    storeUploaded: assign({ uploaded: ({ event }) => ('output' in event ? event.output : null) as never }),
    storeRefusal: assign(({ event }) => {
      const error = 'error' in event ? event.error : null;
      const named = serverFieldErrors(error);
      if (named) return { serverErrors: named, failure: null };
      const offline = error instanceof Error && '_tag' in error && error._tag === 'NetworkError';
      return { serverErrors: {}, failure: offline ? ('offline' as const) : ('server' as const) };
    }),
  },
  guards: {
    hasClientErrors: ({ context }) => hasErrors(context.errors),
  },
}).createMachine({
  id: 'documentUpload',
  context: { values: EMPTY, ...fresh },
  initial: 'idle',
  states: {
    idle: {
      description: 'The upload dialogue is closed; the list of documents shows',
      on: { 'upload.opened': { target: 'choosing', actions: 'startAfresh' } },
    },
    choosing: {
      description: 'The partner chooses the type and the file, and the expiry date and cover the type needs',
      on: {
        'upload.changed': { actions: 'storeChange' },
        'upload.submitted': 'validating',
        'upload.cancelled': 'idle',
      },
    },
    validating: {
      description: 'The portal checks the form before anything is sent, with the rule texts under the fields',
      entry: 'checkAll',
      always: [{ guard: 'hasClientErrors', target: 'choosing' }, { target: 'uploading' }],
    },
    uploading: {
      description: 'The file is on its way to the server; the progress shows',
      tags: ['loading'],
      invoke: {
        id: 'sendUpload',
        src: 'sendUpload',
        input: ({ context }): UploadRequest => ({
          file: context.values.document_file!,
          type: context.values.document_type as UploadRequest['type'],
          expiresAt: context.values.document_expires_at,
          coverAmount: context.values.document_cover_amount,
        }),
        onDone: { target: 'done', actions: ['storeUploaded', 'announceUploaded'] },
        onError: { target: 'refused', actions: 'storeRefusal' },
      },
    },
    refused: {
      description: 'The server refused the upload: its message shows, and every value chosen is kept to put right',
      tags: ['error'],
      on: {
        'upload.changed': { target: 'choosing', actions: 'storeChange' },
        'upload.submitted': 'validating',
        'upload.cancelled': 'idle',
      },
    },
    done: {
      description: 'The document is stored, pending review (within 72 hours)',
      on: {
        'upload.opened': { target: 'choosing', actions: 'startAfresh' },
        'upload.closed': 'idle',
      },
    },
  },
});
