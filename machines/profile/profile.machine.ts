import { assign, setup } from 'xstate';
import { failureKind } from '@/src/api/errors';
import { loadProfile } from './profile.actors';
import type { ProfileContext, ProfileEvent, ProfileInput } from './profile.types';

/**
 * The profile page (issue 8; spec §2 profile): reads the partner's profile once, then shows it on five tabs. The tab
 * is the address's (/profile/{tab}) and can change at any time, even while the read runs. The two forms of the page
 * are machines of their own (profile-form.machine.ts) started with the profile; a save there sends the answer back
 * here (`profile.updated`), so the header's name and address follow. The reviews, statistics and history tabs read
 * their own data through the shared request machine (machines/request), a page at a time.
 */
export const profileMachine = setup({
  types: {} as { context: ProfileContext; events: ProfileEvent; input: ProfileInput },
  actors: { loadProfile },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({ tab: input.tab, profile: null, failure: null }),
  initial: 'loading',
  on: { 'tab.selected': { actions: assign({ tab: ({ event }) => event.tab }) } },
  states: {
    loading: {
      description: 'Reading the profile',
      tags: ['loading'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'ready', actions: assign({ profile: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ failure: ({ event }) => failureKind(event.error) }) },
      },
    },
    loadFailed: {
      description: 'The profile could not be read: what went wrong, and a retry',
      tags: ['error'],
      on: { 'profile.retried': { target: 'loading', actions: assign({ failure: null }) } },
    },
    ready: {
      description: 'The tabs; a saved form replaces the profile with the answer',
      on: { 'profile.updated': { actions: assign({ profile: ({ event }) => event.profile }) } },
    },
  },
});
