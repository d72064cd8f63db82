import { assign, emit, sendTo, setup } from 'xstate';
import type { Reservation } from '@/schemas/reservation';
import {
  failureNotices,
  isUnanswered,
  ruleNotice,
  successNotice,
  type ReservationNotice,
} from '@/machines/reservations/reservation-notices';
import { refusedWork } from '@/machines/work-eligibility/work-refusal';
import { acceptDrafts, loadSetup, lookUpPostcodes, validateDrafts } from './reservation-wizard.actors';
import {
  applyEdit,
  EMPTY_REQUEST,
  emptyPrivateJob,
  initialContext,
  restoreRequest,
  toReservationInputs,
  touchedBy,
  withPlace,
} from './reservation-request';
import { checkRequest, wantedPostcodes } from './reservation-rules';
import type * as T from './reservation-wizard.types';

type Failed = { event: { error: unknown } };
type Loaded = { event: { output: T.WizardSetup } };
const setupOf = ({ event }: Loaded) => ({ setup: event.output });
const errorOf = ({ event }: Failed) => ({ error: event.error });
const keep = {
  type: 'persistRequest',
  params: ({ context }: { context: T.WizardContext }) => ({ request: context.request }),
} as const;
/** An edit of the request: applied, its fields marked touched, saved, and new postcodes looked up. */
const edit = ['applyEdit', keep, 'askForPostcodes'] as const;
/** The server refused for the work rule: the page shows why instead of the form. */
const toWorkBlocked = {
  guard: { type: 'isWorkRefusedError', params: errorOf },
  target: 'workBlocked',
  actions: ['forgetSubmitKey', { type: 'storeRefusedWork', params: errorOf }],
} as const;
const notifyCreateFailed = {
  type: 'notify',
  params: ({ event }: Failed) => ({ notices: failureNotices(event.error, 'create') }),
} as const;

/**
 * Create reservations (spec §2 /reservations/create, §4 create flow: step 1 request, step 2 review, step 3
 * submitted; §5 rules; §7 calls; §8 errors). Step 1 checks every rule as the partner types (reservation-rules.ts) and
 * looks up each postcode typed; step 2 shows the server's priced drafts and the days it refused, and a day can be
 * removed; the create carries an Idempotency-Key, so a double click or a retry after no answer creates once.
 *
 * The request survives a reload: every edit is handed to `persistRequest` (the page keeps it in sessionStorage), the
 * page gives it back as `input.saved`, and it is restored once the set-up has loaded. Back and forth keep it.
 */
export const reservationWizard = setup({
  types: {} as { context: T.WizardContext; events: T.WizardEvent; input: T.WizardInput; emitted: T.WizardEmitted },
  actors: { loadSetup, lookUpPostcodes, validateDrafts, acceptDrafts },
  actions: {
    /** Platform effect, provided by the page: keep the request for a reload (sessionStorage). */
    persistRequest: (_, _params: { request: T.RequestForm }) => {},
    /** Platform effect, provided by the page: the request was created, forget it. */
    clearSavedRequest: () => {},
    storeSetup: assign((_, { setup }: { setup: T.WizardSetup }) => ({
      info: setup.info,
      vehicles: setup.vehicles,
      work: setup.info.work ?? null,
    })),
    /** Why the server refused: the partner may not take work (suspended, documents, vehicle, terms). */
    storeRefusedWork: assign({ work: (_, { error }: { error: unknown }) => refusedWork(error) }),
    /** The request saved before a reload, fitted to the period and the vehicles of now. */
    restoreSaved: assign(({ context: { saved, info, vehicles } }) => {
      const restored = info ? restoreRequest(saved, { info, vehicles }) : null;
      return { saved: null, request: restored ?? EMPTY_REQUEST, restored: restored !== null };
    }),
    applyEdit: assign(({ context, event }) => ({
      request: applyEdit(context.request, event, context.vehicles),
      touched: [...new Set([...context.touched, ...touchedBy(event)])],
    })),
    /** Adds the one private job a reservation may have, with a new uuid. */
    addPrivateJob: assign({
      request: ({ context }) => ({ ...context.request, privateJob: emptyPrivateJob(crypto.randomUUID()) }),
    }),
    askForPostcodes: sendTo('lookUpPostcodes', ({ context }) => ({
      type: 'postcodes.wanted' as const,
      postcodes: wantedPostcodes(context.request, context.places),
    })),
    /** Where a postcode is (or that nothing is known there, or that the look-up failed: typing it again retries). */
    storePlace: assign({ places: ({ context, event }) => withPlace(context.places, event) }),
    revealAll: assign({ revealAll: true }),
    storeReview: assign((_, review: T.ReviewResult) => ({ drafts: review.drafts, dayErrors: review.dayErrors })),
    /** Takes a day off the review, and off the request (going back shows the days that are left). */
    removeDay: assign(({ context, event }) => {
      const date = event.type === 'day.removed' ? event.date : '';
      return {
        drafts: context.drafts.filter((d) => d.date !== date),
        dayErrors: context.dayErrors.filter((e) => e.date !== date),
        request: { ...context.request, dates: context.request.dates.filter((d) => d !== date) },
      };
    }),
    /** The create's Idempotency-Key: a new one, unless the last create got no answer (then it is sent again). */
    issueSubmitKey: assign({
      submitKey: ({ context }) => context.submitKey ?? crypto.randomUUID(),
      submitFailed: false,
    }),
    forgetSubmitKey: assign({ submitKey: null, submitFailed: false }),
    storeCreated: assign((_, { created }: { created: readonly Reservation[] }) => ({ created })),
    startAfresh: assign({
      request: ({ context }): T.RequestForm => ({ ...EMPTY_REQUEST, vehicleId: context.request.vehicleId }),
      touched: [],
      revealAll: false,
      drafts: [],
      dayErrors: [],
      created: [],
      restored: false,
    }),
    /** Asks the page for toasts (message ids; the page translates them). */
    notify: emit((_, { notices }: { notices: readonly ReservationNotice[] }) => ({
      type: 'reservation.notices' as const,
      notices,
    })),
  },
  guards: {
    isEligible: (_, { setup }: { setup: T.WizardSetup }) => setup.info.eligible,
    /** Journey-ready, but the partner may not take work now (the server's decision in reservation-info). */
    isWorkBlocked: (_, { setup }: { setup: T.WizardSetup }) =>
      setup.info.eligible && setup.info.work?.may_work === false,
    isWorkRefusedError: (_, { error }: { error: unknown }) => refusedWork(error) !== null,
    /** No rule of step 1 is broken (and every postcode is found). */
    isRequestValid: ({ context }) => checkRequest(context.request, context).length === 0,
    hasPrivateJob: ({ context }) => context.request.privateJob !== null,
    hasNoPrivateJob: ({ context }) => context.request.privateJob === null,
    hasDrafts: ({ context }) => context.drafts.length > 0,
    /** The day removed is the last one listed at step 2: nothing is left to review. */
    isLastDay: ({ context, event }) =>
      event.type === 'day.removed' &&
      [...context.drafts.map((d) => d.date), ...context.dayErrors.map((e) => e.date)].every((d) => d === event.date),
    isUnansweredError: (_, { error }: { error: unknown }) => isUnanswered(error),
  },
}).createMachine({
  id: 'reservationWizard',
  context: ({ input }) => initialContext(input),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the reservation period, eligibility and the approved vehicles',
      tags: ['loading'],
      invoke: {
        id: 'loadSetup',
        src: 'loadSetup',
        onDone: [
          {
            guard: { type: 'isWorkBlocked', params: setupOf },
            target: 'workBlocked',
            actions: { type: 'storeSetup', params: setupOf },
          },
          {
            guard: { type: 'isEligible', params: setupOf },
            target: 'requesting',
            actions: [{ type: 'storeSetup', params: setupOf }, 'restoreSaved'],
          },
          { target: 'notEligible', actions: { type: 'storeSetup', params: setupOf } },
        ],
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => event.error }) },
      },
    },
    failed: {
      description: 'The set-up could not be read: an error with a retry',
      tags: ['error'],
      on: { 'wizard.retried': { target: 'loading', actions: assign({ loadError: null }) } },
    },
    notEligible: {
      description: 'The partner may not make reservations (not journey-ready): the page says how to reach the team',
    },
    workBlocked: {
      description:
        'The partner may not take work now (suspended, documents, vehicle, terms): the page says why and links to the fix',
    },
    requesting: {
      description: 'Step 1: the partner fills in the request; every rule is checked as they type, postcodes looked up',
      invoke: {
        id: 'lookUpPostcodes',
        src: 'lookUpPostcodes',
        input: ({ context }) => ({ postcodes: wantedPostcodes(context.request, context.places) }),
      },
      on: {
        'request.changed': { actions: edit },
        'date.toggled': { actions: edit },
        'privateJob.added': { guard: 'hasNoPrivateJob', actions: ['addPrivateJob', keep] },
        'privateJob.changed': { guard: 'hasPrivateJob', actions: edit },
        'privateJob.removed': { guard: 'hasPrivateJob', actions: edit },
        'postcode.resolved': { actions: 'storePlace' },
        'postcode.failed': { actions: 'storePlace' },
        'wizard.next': [{ guard: 'isRequestValid', target: 'validating' }, { actions: 'revealAll' }],
      },
    },
    validating: {
      description: 'Step 2 on its way: the server validates and prices each chosen day',
      tags: ['loading'],
      invoke: {
        id: 'validateDrafts',
        src: 'validateDrafts',
        input: ({ context }) => ({
          userId: context.userId,
          vehicleId: context.request.vehicleId!,
          reservations: toReservationInputs(context.request, context.places),
        }),
        onDone: {
          target: 'reviewing',
          actions: [
            { type: 'storeReview', params: ({ event }) => event.output },
            // spec §8: a danger toast for each broken rule, titled from the catalogue (the days show them too)
            {
              type: 'notify',
              params: ({ event }) => ({
                notices: event.output.dayErrors.map((e) => ruleNotice(e, 'create')),
              }),
            },
          ],
        },
        onError: [toWorkBlocked, { target: 'requesting', actions: notifyCreateFailed }],
      },
    },
    reviewing: {
      description: 'Step 2: the priced drafts, and the days the server refused with why; a day can be removed',
      on: {
        // the drafts change: a create that got no answer is not repeated with its key for another list
        'day.removed': [
          { guard: 'isLastDay', target: 'requesting', actions: ['removeDay', keep, 'forgetSubmitKey'] },
          { actions: ['removeDay', keep, 'forgetSubmitKey'] },
        ],
        'wizard.back': { target: 'requesting', actions: 'forgetSubmitKey' },
        'wizard.submitted': { guard: 'hasDrafts', target: 'submitting', actions: 'issueSubmitKey' },
      },
    },
    submitting: {
      description: 'Creating the drafts; a second click does nothing, and a retry after no answer reuses the key',
      tags: ['busy'],
      invoke: {
        id: 'acceptDrafts',
        src: 'acceptDrafts',
        input: ({ context }) => ({ ids: context.drafts.map((d) => d.id), key: context.submitKey ?? '' }),
        onDone: {
          target: 'submitted',
          actions: [
            { type: 'storeCreated', params: ({ event }) => ({ created: event.output }) },
            'forgetSubmitKey',
            'clearSavedRequest',
            { type: 'notify', params: { notices: [successNotice('reservations.toast.created')] } },
          ],
        },
        onError: [
          {
            guard: { type: 'isUnansweredError', params: errorOf },
            target: 'reviewing',
            actions: assign({ submitFailed: true }),
          },
          toWorkBlocked,
          { target: 'reviewing', actions: ['forgetSubmitKey', notifyCreateFailed] },
        ],
      },
    },
    submitted: {
      description: 'Step 3: the reservations are requested; the team decides within 24 hours',
      on: { 'wizard.restarted': { target: 'requesting', actions: 'startAfresh' } },
    },
  },
});
