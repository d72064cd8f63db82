import { assign, fromPromise, setup } from 'xstate';
import type { FormErrors } from '@/machines/forms/form-rules';
import type { Profile } from '@/schemas/profile';
import { failureKind } from '@/src/api/errors';
import { saveAccountPreferences, saveProfile } from '@/src/api/profile';
import {
  editOfValues,
  editValuesOf,
  preferencesOfValues,
  preferenceValuesOf,
  validateEdit,
  validatePreferences,
} from './profile-form.rules';
import { EDIT_FIELDS, PREFERENCE_FIELDS, type ProfileFormContext, type ProfileFormEvent } from './profile.types';

interface ProfileFormOptions<F extends string, I> {
  readonly id: string;
  readonly fields: readonly F[];
  readonly validate: (values: Readonly<Record<F, string>>) => FormErrors<F>;
  readonly valuesOf: (profile: Profile) => Record<F, string>;
  readonly toInput: (values: Readonly<Record<F, string>>) => I;
  readonly save: (input: I) => Promise<Profile>;
}

/** The server's texts for this form's fields out of a refusal (a 422's `errors`); none for any other failure. */
const serverErrorsOf = <F extends string>(
  fields: readonly F[],
  error: unknown,
): Partial<Record<F, readonly string[]>> => {
  const errors = (error as { errors?: Readonly<Record<string, readonly string[]>> } | null)?.errors ?? {};
  return Object.fromEntries(fields.filter((f) => errors[f]?.length).map((f) => [f, errors[f]])) as Partial<
    Record<F, readonly string[]>
  >;
};

const allTouched = <F extends string>(fields: readonly F[]) =>
  Object.fromEntries(fields.map((f) => [f, true])) as Partial<Record<F, boolean>>;

/**
 * A form of the profile page on the shared form scheme (spec §5; machines/forms/form-rules.ts): the values as typed,
 * each field's first broken rule, shown once the field was left or a save was tried. A save sends the values; on
 * success the form takes the stored profile's values and says so (`notifySaved`); on failure — the server refused a
 * field, or no answer — it says 'Failed to update account details' (`notifyFailed`, spec §8) and keeps everything
 * typed, with the server's text under each field it refused. The toasts are the page's: both actions are provided at
 * the React boundary.
 */
export function buildProfileForm<F extends string, I>(typed: ProfileFormOptions<F, I>) {
  // Typed by field for the caller; string-keyed inside, where xstate's inference cannot follow a generic context.
  const options = typed as unknown as ProfileFormOptions<string, unknown>;
  const { fields, validate } = options;
  return setup({
    types: {} as { context: ProfileFormContext<string>; events: ProfileFormEvent<string>; input: { profile: Profile } },
    actors: { save: fromPromise<Profile, unknown>(({ input }) => options.save(input)) },
    actions: { notifySaved: () => {}, notifyFailed: () => {} },
    guards: { isFormValid: ({ context }) => Object.keys(validate(context.values)).length === 0 },
  }).createMachine({
    id: options.id,
    context: ({ input }) => {
      const values = options.valuesOf(input.profile);
      return { values, touched: {}, errors: validate(values), serverErrors: {}, failure: null, saved: null };
    },
    initial: 'editing',
    states: {
      editing: {
        description: 'The form as typed; a failed save is told here with everything typed kept',
        on: {
          'form.changed': {
            actions: assign(({ context, event }) => {
              const values = { ...context.values, [event.field]: event.value };
              const { [event.field]: _dropped, ...serverErrors } = context.serverErrors;
              void _dropped;
              return { values, errors: validate(values), serverErrors: serverErrors as typeof context.serverErrors };
            }),
          },
          'form.blurred': {
            actions: assign({ touched: ({ context, event }) => ({ ...context.touched, [event.field]: true }) }),
          },
          'form.submitted': [
            { guard: 'isFormValid', target: 'saving', actions: assign({ touched: allTouched(fields), failure: null }) },
            { actions: assign({ touched: allTouched(fields) }) },
          ],
        },
      },
      saving: {
        description: 'Saving; the form waits for the answer',
        tags: ['busy'],
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }: { context: ProfileFormContext<string> }) => options.toInput(context.values),
          onDone: {
            target: 'editing',
            actions: [
              assign(({ event }) => {
                const values = options.valuesOf(event.output);
                return { saved: event.output, values, errors: validate(values), touched: {}, serverErrors: {} };
              }),
              'notifySaved',
            ],
          },
          onError: {
            target: 'editing',
            actions: [
              assign({
                failure: ({ event }) => failureKind(event.error),
                serverErrors: ({ event }) => serverErrorsOf(fields, event.error),
              }),
              'notifyFailed',
            ],
          },
        },
      },
    },
  });
}

/** Edit profile: name, phone, company, the address by its postcode. */
export const profileEditForm = buildProfileForm({
  id: 'profileEdit',
  fields: EDIT_FIELDS,
  validate: validateEdit,
  valuesOf: editValuesOf,
  toInput: editOfValues,
  save: saveProfile,
});

/** Account and preferences: language, default search radius, first day of the week. */
export const accountPreferencesForm = buildProfileForm({
  id: 'accountPreferences',
  fields: PREFERENCE_FIELDS,
  validate: validatePreferences,
  valuesOf: preferenceValuesOf,
  toInput: preferencesOfValues,
  save: saveAccountPreferences,
});
