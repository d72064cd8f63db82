import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { accountPreferencesForm, profileEditForm } from '@/machines/profile/profile-form.machine';
import { profileMachine } from '@/machines/profile/profile.machine';
import { formFailure, profileLoadFailure } from '@/machines/profile/profile.selectors';
import type { Profile } from '@/schemas/profile';
import { HttpError, NetworkError } from '@/src/api/errors';
import type { ProfileEdit } from '@/src/api/profile';
import { byIncomingEvent, Coverage, describePath, runPath } from './model-harness';

/**
 * The profile page (machines/profile): the page machine (read, tabs, a form's answer), the edit profile form and the
 * account and preferences form, every state and transition, with the API faked.
 */

const hannah: Profile = {
  full_name: 'Hannah Price',
  email: 'profile@example.com',
  phone: null,
  account_type: 'individual',
  company_name: null,
  company_number: null,
  address: { town: 'Exeter', postcode: 'EX1 1GE', short: 'Exeter EX1' },
  language: 'en',
  default_search_radius: 20,
  week_start: 'monday',
  created_at: '2026-07-21T14:30:00.000Z',
};
const moved: Profile = {
  ...hannah,
  full_name: 'Hannah Price-Jones',
  address: { town: 'Exeter', postcode: 'EX4 3SR', short: 'Exeter EX4' },
};
const offline = new NetworkError({ message: 'Failed to fetch', timedOut: false, url: 'v1/profile' });
const refused = new HttpError({
  status: 422,
  message: 'messages.validation',
  errors: { postcode: ['Please Enter a Valid UK Postcode'], other: ['not a field of the form'] },
  code: null,
  url: 'v1/profile',
});

describe('profile page', () => {
  type Snap = SnapshotFrom<typeof profileMachine>;
  const events = (s: Snap): AnyEventObject[] => [
    { type: 'xstate.done.actor.loadProfile', output: hannah },
    { type: 'xstate.error.actor.loadProfile', error: offline },
    { type: 'profile.retried' },
    ...(s.context.tab === 'edit' ? [{ type: 'tab.selected', tab: 'reviews' }] : []),
    ...(s.context.profile === hannah ? [{ type: 'profile.updated', profile: moved }] : []),
  ];
  const coverage = new Coverage(profileMachine);
  const paths = getShortestPaths(profileMachine, { events, ...byIncomingEvent, input: { tab: 'edit' } } as never);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      profileMachine,
      path,
      {
        input: { tab: 'edit' },
        promiseActors: ['loadProfile'],
        check: (snap, step) => {
          if (step.event.type === 'xstate.error.actor.loadProfile') expect(profileLoadFailure(snap)).toBe('offline');
          if (snap.matches('ready')) expect(snap.context.profile).not.toBeNull();
          // the tab follows the address whether or not the profile is there yet
          if (step.event.type === 'tab.selected') expect(snap.context.tab).toBe('reviews');
        },
      },
      coverage,
    );
  });

  // tab.selected is the root's transition, which the harness does not count; the paths above take it in every state
  afterAll(() => coverage.expectComplete({ states: 3, transitions: 5 }));
});

describe('edit profile form', () => {
  type Snap = SnapshotFrom<typeof profileEditForm>;
  /** What the partner does: a bad postcode first, then a good one, blurs, an emptied name put right. */
  const events = (s: Snap): AnyEventObject[] => {
    const v = s.context.values;
    const change = (field: string, value: string) => ({ type: 'form.changed', field, value });
    return [
      ...(v.postcode === 'EX1 1GE' ? [change('postcode', 'EX1')] : []),
      ...(v.postcode === 'EX1' ? [change('postcode', 'ex4 3sr')] : []),
      ...(v.full_name === 'Hannah Price' && v.postcode === 'EX1' ? [change('full_name', '')] : []),
      ...(v.full_name === '' ? [change('full_name', 'Hannah Price-Jones')] : []),
      ...(s.context.touched.postcode ? [] : [{ type: 'form.blurred', field: 'postcode' }]),
      { type: 'form.submitted' },
      { type: 'xstate.done.actor.save', output: moved },
      { type: 'xstate.error.actor.save', error: v.full_name === 'Hannah Price-Jones' ? refused : offline },
    ];
  };
  const coverage = new Coverage(profileEditForm);
  const paths = getShortestPaths(profileEditForm, {
    events,
    ...byIncomingEvent,
    input: { profile: hannah },
  } as never).filter((p) => p.steps.length <= 7);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      profileEditForm,
      path,
      {
        input: { profile: hannah },
        promiseActors: ['save'],
        actions: ['notifySaved', 'notifyFailed'],
        check: (snap, step, record) => {
          // a form with a broken rule is never sent
          for (const call of record.calls) {
            const sent = call.input as ProfileEdit;
            expect(sent.full_name).not.toBe('');
            expect(sent.postcode).not.toBe('EX1');
          }
          if (step.event.type === 'xstate.error.actor.save') {
            // 'Failed to update account details', everything typed kept, the server's text under its field only
            expect(formFailure(snap)).not.toBeNull();
            expect(record.actions.at(-1)?.type).toBe('notifyFailed');
            expect(snap.context.values).toEqual(record.calls.at(-1)?.input);
            expect(Object.keys(snap.context.serverErrors)).toEqual(
              (step.event as unknown as { error: unknown }).error === refused ? ['postcode'] : [],
            );
          }
          if (step.event.type === 'xstate.done.actor.save') {
            expect(record.actions.at(-1)?.type).toBe('notifySaved');
            expect(snap.context.values.postcode).toBe('EX4 3SR');
            expect(snap.context.saved).toEqual(moved);
          }
          // a rule's message shows only for a touched field
          if (!snap.context.touched.postcode) expect(snap.context.touched.full_name).toBeUndefined();
        },
      },
      coverage,
    );
  });

  it('says what is wrong with the postcode once the field was left, and keeps the value', () => {
    const path = paths.find(
      (p) =>
        p.state.context.values.postcode === 'EX1' && p.state.context.touched.postcode && p.state.matches('editing'),
    )!;
    expect(path.state.context.errors.postcode).toEqual({ rule: 'postcode' });
  });

  afterAll(() => coverage.expectComplete({ states: 2, transitions: 6 }));
});

describe('account and preferences form', () => {
  type Snap = SnapshotFrom<typeof accountPreferencesForm>;
  const events = (s: Snap): AnyEventObject[] => [
    ...(s.context.values.language === 'en' ? [{ type: 'form.changed', field: 'language', value: '' }] : []),
    ...(s.context.values.language === '' ? [{ type: 'form.changed', field: 'language', value: 'es' }] : []),
    ...(s.context.touched.language ? [] : [{ type: 'form.blurred', field: 'language' }]),
    { type: 'form.submitted' },
    { type: 'xstate.done.actor.save', output: { ...hannah, language: 'es' } },
    { type: 'xstate.error.actor.save', error: offline },
  ];
  const coverage = new Coverage(accountPreferencesForm);
  const paths = getShortestPaths(accountPreferencesForm, {
    events,
    ...byIncomingEvent,
    input: { profile: hannah },
  } as never).filter((p) => p.steps.length <= 6);

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await runPath(
      accountPreferencesForm,
      path,
      {
        input: { profile: hannah },
        promiseActors: ['save'],
        actions: ['notifySaved', 'notifyFailed'],
        check: (snap, step, record) => {
          // the selects' values go as the API's types
          for (const call of record.calls)
            expect(call.input).toEqual({
              language: expect.stringMatching(/^(en|es)$/),
              default_search_radius: 20,
              week_start: 'monday',
            });
          if (step.event.type === 'xstate.error.actor.save') {
            expect(formFailure(snap)).toBe('offline');
            expect(snap.context.values.language).toBe((record.calls.at(-1)?.input as { language: string }).language);
          }
        },
      },
      coverage,
    );
  });

  afterAll(() => coverage.expectComplete({ states: 2, transitions: 6 }));
});
