import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { PortalLocale } from '@/src/format/locale-codes';
import { localeMachine } from '@/machines/locale/locale.machine';
import {
  currentLocale,
  hasMessagesOf,
  isSwitching,
  messagesFailedFor,
  messagesOf,
  requestLanguageOf,
} from '@/machines/locale/locale.selectors';
import type { LocaleInput, LocaleLoadError, Messages } from '@/machines/locale/locale.types';
import { Coverage, describePath, edgeCoveringPaths, runPath, startMachine, type RunOptions } from './model-harness';

type Snapshot = ReturnType<typeof localeMachine.transition>;
type Event = Parameters<typeof localeMachine.transition>[1];

const PAGE = 'find-work/find-work-page';
/** Each locale's messages by part: the shell and one page's. */
const catalogue: Record<PortalLocale, Record<string, Messages>> = {
  en: { shell: { 'nav.findWork': 'Find work' }, [PAGE]: { 'findWork.title': 'Find work' } },
  es: { shell: { 'nav.findWork': 'Buscar trabajo' }, [PAGE]: { 'findWork.title': 'Buscar trabajo' } },
};
/** What the loader gives for a locale's parts: their messages, merged. */
const merged = (code: PortalLocale, parts: readonly string[]): Messages =>
  Object.assign({}, ...parts.map((part) => catalogue[code][part]));
const missing = (code: PortalLocale): LocaleLoadError => ({ _tag: 'LocaleFileMissing', code });

// A Spanish browser on the English domain: detection picks 'es' from the language list.
const input: LocaleInput = {
  cookie: null,
  languages: ['es-ES', 'en-GB'],
  pathname: '/tpp/find-work',
  hostname: 'portal.example.com',
};

/**
 * Every outcome the machine can meet from a given snapshot: both choices of language (and an unavailable one),
 * a retry, and the invoked load succeeding or failing for the locale it was asked for.
 */
function eventsFor(snapshot: Snapshot): Event[] {
  const pending = snapshot.context.pendingCode ?? 'en';
  const { parts } = snapshot.context;
  const outcomes: AnyEventObject[] = [
    { type: 'xstate.done.actor.loadMessages', output: { code: pending, parts, messages: merged(pending, parts) } },
    { type: 'xstate.error.actor.loadMessages', error: missing(pending) },
  ];
  return [
    { type: 'locale.selected', code: 'en' },
    { type: 'locale.selected', code: 'es' },
    { type: 'locale.selected', code: 'de' },
    { type: 'locale.retry' },
    { type: 'messages.needed', part: PAGE },
    ...(outcomes as unknown as Event[]),
  ];
}

const traversal = {
  input,
  events: eventsFor,
  filterEvents: (snapshot: Snapshot, event: Event) => snapshot.can(event),
};

const shortestPaths = getShortestPaths(localeMachine, traversal);
// All simple paths number in the thousands here (every order of choosing, failing and retrying), without pages asking
// for their messages: each ask multiplies the contexts past what a run can walk.
const allSimplePaths = getSimplePaths(localeMachine, {
  ...traversal,
  filterEvents: (snapshot: Snapshot, event: Event) => snapshot.can(event) && event.type !== 'messages.needed',
});
// A page's messages asked for, loaded or failed, asked again, around one switch of language and its load.
const pagePaths = edgeCoveringPaths(
  getSimplePaths(localeMachine, {
    ...traversal,
    filterEvents: (snapshot: Snapshot, event: Event) =>
      snapshot.can(event) &&
      (event.type !== 'locale.selected' || (event as { code: string }).code === 'en') &&
      event.type !== 'locale.retry',
  }),
);
const simplePaths = edgeCoveringPaths(allSimplePaths);

const coverage = new Coverage(localeMachine);

/**
 * The fakes, spies and per-step assertions of one run. Entering (or re-entering) loading starts exactly one load,
 * of the pending code; each finished load is persisted and each failed one reported, with the locale concerned.
 */
function runOptions(): RunOptions<typeof localeMachine> {
  // Detection happened before the first step: the Spanish browser language picks es.
  const expected = {
    loads: [{ code: 'es', parts: ['shell'] }] as { code: PortalLocale; parts: readonly string[] }[],
    persisted: [] as PortalLocale[],
    failures: [] as LocaleLoadError[],
    /** The locale in use before the step. */
    inUse: null as PortalLocale | null,
  };
  return {
    input,
    promiseActors: ['loadMessages'],
    actions: ['persistLocale', 'reportLoadFailure'],
    check: (snapshot, { event }, record) => {
      if (event.type === 'xstate.done.actor.loadMessages') {
        const { code, parts } = (event as unknown as { output: { code: PortalLocale; parts: string[] } }).output;
        expect(record.calls.at(-1)?.input, 'the model finishes the load that was started').toEqual({ code, parts });
        // a language that came into use is stored; a page's messages in the language in use store nothing
        if (code !== expected.inUse) expected.persisted.push(code);
      } else if (event.type === 'xstate.error.actor.loadMessages') {
        const { error } = event as unknown as { error: LocaleLoadError };
        expect(record.calls.at(-1)?.input, 'the model fails the load that was started').toMatchObject({
          code: error.code,
        });
        expected.failures.push(error);
      } else if (!event.type.startsWith('xstate.') && snapshot.matches('loading')) {
        expected.loads.push({ code: snapshot.context.pendingCode!, parts: snapshot.context.parts });
      }
      expect(record.calls).toEqual(expected.loads.map((input) => ({ src: 'loadMessages', input })));
      expect(record.actions.filter((a) => a.type === 'persistLocale').map((a) => a.params)).toEqual(
        expected.persisted.map((code) => ({ code })),
      );
      expect(record.actions.filter((a) => a.type === 'reportLoadFailure').map((a) => a.params)).toEqual(
        expected.failures.map((error) => ({ error })),
      );
      expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));

      // What views read must agree with the context.
      const { code, pendingCode, loadedParts, parts } = snapshot.context;
      expect(currentLocale(snapshot)).toBe(code);
      expect(messagesOf(snapshot)).toEqual(code ? merged(code, loadedParts) : {});
      expect(isSwitching(snapshot)).toBe(snapshot.matches('loading') && code !== null && pendingCode !== code);
      // a page's messages are asked for once, and a page shows once they are in (or offers a retry)
      expect(new Set(parts).size).toBe(parts.length);
      expect(hasMessagesOf(PAGE)(snapshot)).toBe(loadedParts.includes(PAGE));
      expect(messagesFailedFor(PAGE)(snapshot)).toBe(
        snapshot.matches('ready') && snapshot.context.error !== null && !loadedParts.includes(PAGE),
      );
      if (event.type === 'messages.needed' && snapshot.matches('ready')) expect(loadedParts).toContain(PAGE);
      expect(requestLanguageOf(snapshot)).toBe((code ?? pendingCode) === 'es' ? 'es_ES' : 'en_GB');
      expected.inUse = code;
      if (snapshot.matches('ready')) expect(pendingCode).toBeNull();
      if (snapshot.matches('failed')) expect(code).toBeNull();
    },
  };
}

describe('locale machine model', () => {
  it('generates paths to every stable state', () => {
    const reached = new Set(shortestPaths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toEqual(new Set(['"loading"', '"ready"', '"failed"']));
    expect(allSimplePaths.length).toBeGreaterThan(simplePaths.length);
    expect(simplePaths.length).toBeGreaterThan(0);
  });

  describe.each([
    ['shortest', shortestPaths],
    ['simple', simplePaths],
    ['page messages', pagePaths],
  ] as const)('%s paths', (_kind, paths) => {
    it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
      await runPath(localeMachine, path, runOptions(), coverage);
    });
  });
});

describe('locale machine behaviour outside the graph', () => {
  // An English start: no browser language to go by.
  const start = () =>
    startMachine(localeMachine, {
      input: { ...input, languages: [] },
      promiseActors: ['loadMessages'],
      actions: ['persistLocale'],
    });
  const loadedCodes = (live: ReturnType<typeof start>) =>
    live.record.calls.map((c) => (c.input as { code: PortalLocale }).code);
  const persisted = (live: ReturnType<typeof start>) => live.record.actions.map((a) => a.params);

  it('ignores choosing the locale in use, and one without messages', async () => {
    const live = start();
    await live.settle(0, 'done', { code: 'en', parts: ['shell'], messages: catalogue.en.shell });
    const ready = live.actor.getSnapshot();
    expect(ready.value).toBe('ready');
    live.actor.send({ type: 'locale.selected', code: 'en' });
    live.actor.send({ type: 'locale.selected', code: 'de' });
    live.actor.send({ type: 'locale.selected', code: 'EN' });
    expect(live.actor.getSnapshot()).toBe(ready);
    expect(live.record.calls).toHaveLength(1);
  });

  it('drops a stale load when another locale is chosen while loading', async () => {
    const live = start();
    expect(loadedCodes(live)).toEqual(['en']);
    live.actor.send({ type: 'locale.selected', code: 'es' });
    expect(loadedCodes(live)).toEqual(['en', 'es']);
    await live.settle(0, 'done', { code: 'en', parts: ['shell'], messages: catalogue.en.shell });
    expect(live.actor.getSnapshot().value).toBe('loading');
    expect(persisted(live)).toEqual([]);
    await live.settle(1, 'done', { code: 'es', parts: ['shell'], messages: catalogue.es.shell });
    expect(live.actor.getSnapshot().context).toEqual({
      code: 'es',
      pendingCode: null,
      messages: catalogue.es.shell,
      parts: ['shell'],
      loadedParts: ['shell'],
      error: null,
    });
    expect(persisted(live)).toEqual([{ code: 'es' }]);
  });

  it('tags an unknown load failure as LocaleLoadFailed', async () => {
    const live = start();
    await live.settle(0, 'error', new Error('network'));
    expect(live.actor.getSnapshot().value).toBe('failed');
    expect(live.actor.getSnapshot().context.error).toEqual({ _tag: 'LocaleLoadFailed', code: 'en' });
  });

  it('starts loading the detected locale with the real loader when no fake is provided', () => {
    const actor = createActor(localeMachine, { input }).start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.pendingCode).toBe('es');
    actor.stop();
  });
});

it('a switch of language loads every part needed so far in the new one', async () => {
  const live = startMachine(localeMachine, {
    input: { ...input, languages: [] },
    promiseActors: ['loadMessages'],
    actions: ['persistLocale'],
  });
  await live.settle(0, 'done', { code: 'en', parts: ['shell'], messages: catalogue.en.shell });
  live.actor.send({ type: 'messages.needed', part: PAGE });
  // the page's part comes in the locale in use; the messages on screen stay meanwhile
  expect(live.record.calls[1]?.input).toEqual({ code: 'en', parts: ['shell', PAGE] });
  expect(isSwitching(live.actor.getSnapshot())).toBe(false);
  await live.settle(1, 'done', { code: 'en', parts: ['shell', PAGE], messages: merged('en', ['shell', PAGE]) });
  // the page's messages store nothing: the cookie keeps the partner's choice (a test or another tab may change it)
  expect(live.record.actions.filter((a) => a.type === 'persistLocale').map((a) => a.params)).toEqual([{ code: 'en' }]);
  live.actor.send({ type: 'messages.needed', part: PAGE });
  expect(live.record.calls).toHaveLength(2);
  live.actor.send({ type: 'locale.selected', code: 'es' });
  expect(live.record.calls[2]?.input).toEqual({ code: 'es', parts: ['shell', PAGE] });
  expect(isSwitching(live.actor.getSnapshot())).toBe(true);
});

afterAll(() => coverage.expectComplete({ states: 4, transitions: 11 }));
