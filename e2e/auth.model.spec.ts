import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { authMachine } from '@/machines/auth/auth.machine';
import { HttpError } from '@/src/api/errors';
import { SHORT_TTL_PORT } from './ports';
import { byIncomingEvent, describePath } from '@/model-tests/model-harness';
import { DashboardPage } from './pages/dashboard-page';
import { DEMO_PASSWORD, LoginPage } from './pages/login-page';
import { recordUiPath } from './ui-model-coverage';

/**
 * UI-level model test of sign-in and re-login: the paths come from the auth machine's own graph, and each
 * is played in Chromium against the seeded server. A user event is a browser action; an invoked actor's
 * outcome (done or error) is arranged on the server before the action that starts it — a live session,
 * a wrong password, or an injected fault on one endpoint — and every settled state is checked against
 * what the page shows. An admin's switch user is played as the admin (paths that switch start with the admin's
 * session): acting as the starter partner, Priya Shah, and back.
 */
// Against the server whose access tokens live 3 seconds, so "the token expired" is real expiry.
const ORIGIN = `http://localhost:${SHORT_TTL_PORT}`;
test.use({ baseURL: `${ORIGIN}/tpp/` });

/** The model's failures as the client really raises them, so the graph computes the messages the page shows. */
const httpError = (status: number) =>
  new HttpError({ status, message: `HTTP ${status}`, errors: {}, code: null, url: '' });
const http401 = httpError(401);

/** The users the switch-user outputs stand for: the partner acted as, and the admin back as themselves. */
const ACTING_AS_PARTNER = { full_name: 'Priya Shah', impersonator_id: 4 };
const ADMIN = { full_name: 'Alex Morgan', impersonator_id: null };

/** The outcomes the browser can produce, as graph events (the model's errors mapped to real causes). */
const EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.restoreSession', output: { token: 'live', user: null } },
  { type: 'xstate.error.actor.restoreSession', error: http401 },
  { type: 'auth.login.submitted', email: 'partner@example.com', password: DEMO_PASSWORD },
  { type: 'xstate.done.actor.signIn' },
  { type: 'xstate.error.actor.signIn', error: http401 },
  { type: 'xstate.done.actor.requestToken', output: 'new' },
  { type: 'xstate.error.actor.requestToken', error: httpError(500) },
  { type: 'xstate.done.actor.fetchUser', output: null },
  { type: 'xstate.error.actor.fetchUser', error: httpError(500) },
  { type: 'auth.token.expired' },
  { type: 'xstate.done.actor.renewToken', output: 'renewed' },
  { type: 'xstate.error.actor.renewToken', error: http401 },
  { type: 'auth.logout.requested' },
  { type: 'xstate.done.actor.signOut' },
  { type: 'xstate.error.actor.signOut', error: httpError(500) },
  { type: 'auth.switchUser.requested', userId: 0 },
  { type: 'xstate.done.actor.switchUser', output: { token: 'switched', user: ACTING_AS_PARTNER } },
  { type: 'xstate.error.actor.switchUser', error: httpError(500) },
  { type: 'auth.switchUser.cleared' },
  { type: 'xstate.done.actor.clearSwitch', output: { token: 'cleared', user: ADMIN } },
  { type: 'xstate.error.actor.clearSwitch', error: httpError(500) },
];

/** The fault (tpp_fault cookie) that makes an actor fail, for the actors whose failure needs one. */
const FAULT_FOR: Record<string, string> = {
  'xstate.error.actor.requestToken': '500@/oauth/token',
  'xstate.error.actor.fetchUser': '500@/v1/user-info',
  'xstate.error.actor.renewToken': '500@/oauth/token',
  'xstate.error.actor.signOut': '500@/logout',
  // the partner's user info, not the token call: tokens here live 3 seconds, and a renewal (also /oauth/token) on a
  // slow run would meet the fault and sign the admin out
  'xstate.error.actor.switchUser': '500@/v1/user-info',
  'xstate.error.actor.clearSwitch': '500@/oauth/mock-user/clear',
};

interface Step {
  readonly event: AnyEventObject;
  readonly state: { readonly value: unknown; readonly context: unknown };
}
const SETTLED = ['loggedIn', 'loggedOut'];
const isUserEvent = (e: AnyEventObject) => e.type.startsWith('auth.');

type AnySnapshot = SnapshotFrom<AnyStateMachine>;

const actingAs = (snapshot: { readonly context: unknown }) =>
  (snapshot.context as { user: { impersonator_id: number | null } | null }).user?.impersonator_id != null;
/**
 * What the page offers: "Switch user" only while not acting as a partner, "Back to my account" only while acting as
 * one. Checked during the traversal, so each state's shortest path is one a user can take.
 */
const offeredByThePage = (snapshot: AnySnapshot, event: AnyEventObject) =>
  byIncomingEvent.filterEvents(snapshot, event) &&
  (event.type === 'auth.switchUser.requested'
    ? !actingAs(snapshot)
    : event.type === 'auth.switchUser.cleared'
      ? actingAs(snapshot)
      : true);

const allPaths = getShortestPaths(authMachine, {
  events: EVENTS,
  input: { token: null },
  ...byIncomingEvent,
  filterEvents: offeredByThePage,
} as never)
  .map((p) => ({
    path: p,
    steps: (p.steps as unknown as readonly Step[]).filter((s) => s.event.type !== 'xstate.init'),
  }))
  .filter(
    ({ path, steps }) =>
      // a path ends where the page can be checked, not in the middle of a request …
      SETTLED.includes(String(path.state.value)) &&
      // … and a partner acts only on a settled page: a click cannot land while a request is under way
      steps.every((s, i) => !isUserEvent(s.event) || i === 0 || SETTLED.includes(String(steps[i - 1]!.state.value))),
  );

/** The transitions a path takes, as "state event". */
const transitionsOf = (steps: readonly Step[]) =>
  steps.map((s, i) => `${i === 0 ? 'checking' : JSON.stringify(steps[i - 1]!.state.value)} ${s.event.type}`);
/**
 * Switching paths multiply (each context after a switch is a state of its own to the graph, and each can expire or
 * switch again); of those, the shortest first, a path runs only when it takes a transition no earlier path took.
 */
const switching = (steps: readonly Step[]) => steps.some((s) => s.event.type.startsWith('auth.switchUser.'));
const covered = new Set(allPaths.filter((p) => !switching(p.steps)).flatMap((p) => transitionsOf(p.steps)));
// A failed restore is arranged by having no server session, so it can be played only at start-up: after a failed
// "back to my account" the session still acts as the partner, and the restore finds it.
const arrangeable = (steps: readonly Step[]) =>
  steps.every((s, i) => i === 0 || s.event.type !== 'xstate.error.actor.restoreSession');
const paths = [
  ...allPaths.filter((p) => !switching(p.steps)),
  ...allPaths
    .filter((p) => switching(p.steps) && arrangeable(p.steps))
    .sort((x, y) => x.steps.length - y.steps.length)
    .filter((p) => {
      const fresh = transitionsOf(p.steps).filter((t) => !covered.has(t));
      fresh.forEach((t) => covered.add(t));
      return fresh.length > 0;
    }),
];

async function arrange(context: BrowserContext, outcomes: readonly AnyEventObject[]): Promise<{ password: string }> {
  await context.clearCookies({ name: 'tpp_fault' });
  const faulty = outcomes.map((e) => FAULT_FOR[e.type]).find(Boolean);
  if (faulty) await context.addCookies([{ name: 'tpp_fault', value: faulty, url: ORIGIN }]);
  const wrongPassword = outcomes.some((e) => e.type === 'xstate.error.actor.signIn');
  return { password: wrongPassword ? 'not-the-password1' : DEMO_PASSWORD };
}

async function act(page: Page, event: AnyEventObject, email: string, password: string): Promise<void> {
  switch (event.type) {
    case 'auth.login.submitted':
      await new LoginPage(page).signIn(email, password);
      return;
    case 'auth.switchUser.requested':
      await new DashboardPage(page).chooseMenuItem('Switch user');
      await page.getByLabel('Partner name or e-mail').fill('shah');
      // the search for "shah" has answered (the first list, before it, may show her too)
      await expect(page.getByTestId('switch-user-partner')).toHaveCount(1);
      await page.getByRole('button', { name: 'Act as Priya Shah' }).click();
      return;
    case 'auth.switchUser.cleared':
      await page.getByTestId('impersonation-banner').getByRole('button', { name: 'Back to my account' }).click();
      return;
    case 'auth.token.expired': {
      // wait out the token's 3-second life; the next call meets a 401 and the portal renews the token silently
      const renewal = page.waitForResponse((r) => r.url().endsWith('/oauth/token'), { timeout: 15_000 });
      const refused = page.waitForResponse((r) => r.status() === 401 && r.url().includes('/v1/'), { timeout: 15_000 });
      await page.waitForTimeout(3_500);
      await page.evaluate(() => {
        history.pushState({}, '', '/tpp/nowhere');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByRole('link', { name: 'Back to the dashboard' }).click();
      // the renewal really happened: a call was refused, then a new token was asked for
      await refused;
      await renewal;
      return;
    }
    case 'auth.logout.requested':
      await new DashboardPage(page).chooseMenuItem('Sign out');
      return;
  }
}

async function expectPageShows(
  page: Page,
  state: string,
  error: string | undefined,
  who: { readonly name: string; readonly via: string },
): Promise<void> {
  if (state === 'loggedIn' && who.via === 'xstate.error.actor.switchUser') {
    // still the admin, on the switch-user page, told the switch failed
    await expect(page.getByRole('heading', { level: 1, name: 'Switch user' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('You could not be signed in as that partner. Please try again.');
    await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
    return;
  }
  if (state === 'loggedIn') {
    await new DashboardPage(page).expectGreeting(who.name);
    await expect(page.locator('.summary-card').first()).toBeVisible();
    // the banner says so exactly while acting as the partner
    await expect(page.getByTestId('impersonation-banner')).toHaveCount(who.name === 'Priya' ? 1 : 0);
    return;
  }
  await expect(page.getByRole('heading', { name: 'Sign in to your partner account' })).toBeVisible();
  const messages: Record<string, string> = {
    'auth.error.credentials': 'The e-mail or password is not right. Please check them and try again.',
    'auth.error.unexpected': 'Sorry, something went wrong. Please try again.',
    'auth.error.sessionExpired': 'Your session has ended. Please sign in again.',
  };
  if (error) await expect(page.getByRole('alert')).toHaveText(messages[error]!);
  else await expect(page.getByRole('alert')).toHaveCount(0);
}

/**
 * Who the page greets after step `at`: the partner while the server session acts as one (from a switch until a
 * "back to my account" that worked: a failed one leaves the session acting, and the restore that follows finds it),
 * else the admin on a switching path, else the partner.
 */
const greeted = (steps: readonly Step[], at: number, admin: boolean) => {
  const last = steps
    .slice(0, at + 1)
    .map((s) => s.event.type)
    .filter((type) => type === 'xstate.done.actor.switchUser' || type === 'xstate.done.actor.clearSwitch')
    .at(-1);
  return last === 'xstate.done.actor.switchUser' ? 'Priya' : admin ? 'Alex' : 'Dan';
};

for (const { path, steps } of paths) {
  test(`auth in the browser: ${describePath(path)}`, async ({ page, context }) => {
    const userEventAt = steps.map((s, i) => (isUserEvent(s.event) ? i : -1)).filter((i) => i >= 0);
    // a path that switches user is an admin's
    const admin = steps.some((s) => s.event.type.startsWith('auth.switchUser.'));
    const email = admin ? 'admin@example.com' : 'partner@example.com';

    // The start-up restore: a live server session when the path restores one, else none.
    if (steps[0]?.event.type === 'xstate.done.actor.restoreSession') {
      await context.request.post(`${ORIGIN}/login`, {
        data: { email, password: DEMO_PASSWORD },
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
    }
    await page.goto('');

    for (let i = 0; i < steps.length; i += 1) {
      const step = steps[i]!;
      if (userEventAt.includes(i)) {
        const next = userEventAt.find((j) => j > i) ?? steps.length;
        const { password } = await arrange(
          context,
          steps.slice(i + 1, next).map((s) => s.event),
        );
        await act(page, step.event, email, password);
      }
      const settled = !steps[i + 1] || isUserEvent(steps[i + 1]!.event);
      const state = String(step.state.value);
      if (settled && (state === 'loggedIn' || state === 'loggedOut')) {
        await expectPageShows(page, state, (step.state.context as { error: { id: string } | null }).error?.id, {
          name: greeted(steps, i, admin),
          via: step.event.type,
        });
      }
    }
    recordUiPath(authMachine, { token: null }, steps);
  });
}

test('the auth model reaches both settled states in the browser, and both ways of switching user', () => {
  expect(new Set(paths.map((p) => String(p.path.state.value)))).toEqual(new Set(SETTLED));
  expect(paths.length).toBeGreaterThanOrEqual(10);
  // and an admin's switch user, both ways, each with its failure
  const taken = new Set(paths.flatMap((p) => transitionsOf(p.steps)));
  for (const outcome of ['switchUser', 'clearSwitch'])
    for (const end of ['done', 'error']) expect([...taken].join('\n')).toContain(`xstate.${end}.actor.${outcome}`);
});
