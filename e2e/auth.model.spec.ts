import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
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
 * what the page shows.
 */
// Against the server whose access tokens live 3 seconds, so "the token expired" is real expiry.
const ORIGIN = `http://localhost:${SHORT_TTL_PORT}`;
test.use({ baseURL: `${ORIGIN}/tpp/` });

/** The model's failures as the client really raises them, so the graph computes the messages the page shows. */
const httpError = (status: number) =>
  new HttpError({ status, message: `HTTP ${status}`, errors: {}, code: null, url: '' });
const http401 = httpError(401);

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
];

/** The fault (tpp_fault cookie) that makes an actor fail, for the actors whose failure needs one. */
const FAULT_FOR: Record<string, string> = {
  'xstate.error.actor.requestToken': '500@/oauth/token',
  'xstate.error.actor.fetchUser': '500@/v1/user-info',
  'xstate.error.actor.renewToken': '500@/oauth/token',
  'xstate.error.actor.signOut': '500@/logout',
};

interface Step {
  readonly event: AnyEventObject;
  readonly state: { readonly value: unknown; readonly context: unknown };
}
const SETTLED = ['loggedIn', 'loggedOut'];
const isUserEvent = (e: AnyEventObject) => e.type.startsWith('auth.');

const paths = getShortestPaths(authMachine, { events: EVENTS, input: { token: null }, ...byIncomingEvent } as never)
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

async function arrange(context: BrowserContext, outcomes: readonly AnyEventObject[]): Promise<{ password: string }> {
  await context.clearCookies({ name: 'tpp_fault' });
  const faulty = outcomes.map((e) => FAULT_FOR[e.type]).find(Boolean);
  if (faulty) await context.addCookies([{ name: 'tpp_fault', value: faulty, url: ORIGIN }]);
  const wrongPassword = outcomes.some((e) => e.type === 'xstate.error.actor.signIn');
  return { password: wrongPassword ? 'not-the-password1' : DEMO_PASSWORD };
}

async function act(page: Page, event: AnyEventObject, password: string): Promise<void> {
  switch (event.type) {
    case 'auth.login.submitted':
      await new LoginPage(page).signIn('partner@example.com', password);
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

async function expectPageShows(page: Page, state: string, error: string | undefined): Promise<void> {
  if (state === 'loggedIn') {
    await new DashboardPage(page).expectGreeting('Dan');
    await expect(page.locator('.summary-card').first()).toBeVisible();
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

for (const { path, steps } of paths) {
  test(`auth in the browser: ${describePath(path)}`, async ({ page, context }) => {
    const userEventAt = steps.map((s, i) => (isUserEvent(s.event) ? i : -1)).filter((i) => i >= 0);

    // The start-up restore: a live server session when the path restores one, else none.
    if (steps[0]?.event.type === 'xstate.done.actor.restoreSession') {
      await context.request.post(`${ORIGIN}/login`, {
        data: { email: 'partner@example.com', password: DEMO_PASSWORD },
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
        await act(page, step.event, password);
      }
      const settled = !steps[i + 1] || isUserEvent(steps[i + 1]!.event);
      const state = String(step.state.value);
      if (settled && (state === 'loggedIn' || state === 'loggedOut')) {
        await expectPageShows(page, state, (step.state.context as { error: { id: string } | null }).error?.id);
      }
    }
    recordUiPath(authMachine, { token: null }, steps);
  });
}

test('the auth model reaches both settled states in the browser', () => {
  expect(new Set(paths.map((p) => String(p.path.state.value)))).toEqual(new Set(SETTLED));
  expect(paths.length).toBeGreaterThanOrEqual(10);
});
