import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { format, resolveConfig } from 'prettier';
import type { RecordedLog } from '@/src/app/inspection';
import type { MachineIndex } from '@/src/pages/machines/statechart-layout';
import { FindWorkPage } from './pages/find-work-page';
import { LoginPage } from './pages/login-page';
import { ORIGIN } from './ports';

/**
 * The machines page (/tpp/machines) and the inspector, in the production build: what an admin sees, what a partner
 * does not. `RECORD_REPLAY_LOG=1` also writes the log copied from the inspector to model-tests/logs/, where
 * model-tests/replay.test.ts replays it into the find-work machine.
 */
const INDEX = JSON.parse(
  readFileSync(fileURLToPath(new URL('../docs/machines/machines.json', import.meta.url)), 'utf8'),
) as MachineIndex;
const REPLAY_LOG = fileURLToPath(new URL('../model-tests/logs/find-work-search.json', import.meta.url));

/** The machines page, as an admin uses it. */
class MachinesPage {
  constructor(private readonly page: Page) {}

  async open(machine?: string, query = ''): Promise<void> {
    await this.page.goto(`machines${machine ? `?machine=${machine}` : ''}${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: machine ?? 'Machines' })).toBeVisible();
  }

  card(id: string) {
    return this.page.locator('.machine-card').filter({ has: this.page.getByRole('link', { name: id, exact: true }) });
  }

  running() {
    return this.page.locator('.machines-running li');
  }

  frame() {
    return this.page.getByRole('region', { name: /^Statechart of/ });
  }

  /** A state's box in the diagram, by its path (`ready.results.searching`; the machine itself is `(machine)`). */
  state(path: string) {
    return this.page.locator(`.diagram-svg .sc-state[data-state="${path}"]`);
  }

  activeStates() {
    return this.page.locator('.diagram-svg .sc-state.is-active:not(.sc-root)');
  }

  liveState() {
    return this.page.getByTestId('live-state');
  }

  zoomLevel() {
    return this.page.locator('.zoom-level');
  }

  /** The drawing's scale and offset, as its transform says. */
  async view(): Promise<{ scale: number; x: number; y: number }> {
    const transform = (await this.page.locator('.diagram-svg > g').getAttribute('transform')) ?? '';
    const [x, y, scale] = [...transform.matchAll(/-?[\d.]+/g)].map((m) => Number(m[0]));
    return { x: x!, y: y!, scale: scale! };
  }
}

async function signIn(page: Page, email: string, language: 'en' | 'es' = 'en') {
  await page.context().addCookies([{ name: 'i18n_locale', value: language, url: ORIGIN }]);
  await page.goto('login');
  await new LoginPage(page).signIn(email);
  await expect(page.getByRole('navigation', { name: /Main|Principal/ })).toBeVisible();
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('an admin finds every machine of machines/ listed, and opens one drawn from its definition', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Machines' }).click();
  const machines = new MachinesPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Machines' })).toBeVisible();
  await expect(page.locator('.machine-card')).toHaveCount(INDEX.machines.length);
  for (const m of INDEX.machines) {
    await expect(machines.card(m.id)).toBeVisible();
    await expect(machines.card(m.id)).toContainText(`${m.states} state`);
  }

  await machines.card('findWork').getByRole('link', { name: 'findWork' }).click();
  await expect(page).toHaveURL(/\/tpp\/machines\?machine=findWork$/);
  await expect(page.getByRole('heading', { level: 1, name: 'findWork' })).toBeVisible();
  const findWork = INDEX.machines.find((m) => m.id === 'findWork')!;
  // one box per state, and the machine's own frame
  await expect(page.locator('.diagram-svg .sc-state')).toHaveCount(findWork.states + 1);
  for (const path of findWork.shape.split(' ')) await expect(machines.state(path)).toHaveCount(1);
  await expect(machines.state('ready')).toHaveClass(/sc-parallel/);
  await expect(machines.state('ready.results')).toHaveClass(/sc-region/);
  await expect(page.locator('.sc-initial')).not.toHaveCount(0);
  await expect(page.locator('.sc-label').filter({ hasText: 'search.submitted' }).first()).toBeAttached();
  await expect(page.locator('.sc-label').filter({ hasText: '[formValid]' }).first()).toBeAttached();
  await expect(page.getByText('Not running in this tab.')).toBeVisible();

  // picking a state in the list says what it does
  await page.getByRole('button', { name: 'searching' }).first().click();
  await expect(machines.state('ready.results.searching')).toHaveClass(/is-selected/);
  const details = page.locator('.selection-details');
  await expect(details.getByRole('heading', { name: 'ready.results.searching' })).toBeVisible();
  await expect(details).toContainText('loadPage');
  await details.getByRole('button', { name: /done: loadPage/ }).click();
  await expect(details).toContainText('loadPage has finished');
});

test('the diagram zooms and pans with the buttons, the wheel, a drag and the keyboard', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  const machines = new MachinesPage(page);
  await machines.open('auth');
  const frame = machines.frame();
  await expect(frame).toBeVisible();
  const start = await machines.view();

  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await machines.view()).scale).toBeCloseTo(start.scale * 1.25, 2);
  await expect(machines.zoomLevel()).toHaveText(`${Math.round(start.scale * 125)}%`);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(async () => (await machines.view()).scale).toBeCloseTo(start.scale, 2);

  const box = (await frame.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => (await machines.view()).scale).toBeGreaterThan(start.scale * 1.2);

  const before = await machines.view();
  await page.mouse.move(box.x + 40, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 140, box.y + 90, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await machines.view()).x).toBeCloseTo(before.x + 100, 0);

  await frame.focus();
  const moved = await machines.view();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await machines.view()).x).toBeCloseTo(moved.x + 40, 0);
  await page.keyboard.press('-');
  await expect.poll(async () => (await machines.view()).scale).toBeLessThan(moved.scale);
  // 0 fits the whole machine in the frame: nothing is left for the overview to point at
  await expect(page.locator('.diagram-overview')).toBeVisible();
  await page.keyboard.press('0');
  await expect.poll(async () => (await machines.view()).scale).toBeLessThan(moved.scale);
  await expect(page.locator('.diagram-overview')).toHaveCount(0);
});

test('the machines running in the tab are listed, and the diagram follows the state as it changes', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');
  const machines = new MachinesPage(page);
  await machines.open();
  const running = machines.running();
  await expect(running.filter({ hasText: 'auth' })).toContainText('loggedIn');
  await expect(running.filter({ hasText: 'connectivity' })).toContainText('online');
  await expect(running.filter({ hasText: 'locale' })).toContainText('ready');
  // an instance of a factory's machine is listed under its own name, linked to the machine it runs
  await expect(running.filter({ hasText: 'badgeCounters' })).toContainText('(request)');
  await expect(machines.card('connectivity').getByText('Live')).toBeVisible();

  await running.filter({ hasText: 'connectivity' }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'connectivity' })).toBeVisible();
  await expect(machines.liveState()).toHaveText('online');
  await expect(machines.state('online')).toHaveClass(/is-active/);
  await expect(machines.activeStates()).toHaveCount(1);

  await page.context().setOffline(true);
  await expect(machines.liveState()).toHaveText('offline');
  await expect(machines.state('offline')).toHaveClass(/is-active/);
  await expect(machines.state('online')).not.toHaveClass(/is-active/);

  await page.context().setOffline(false);
  await expect(machines.state('online')).toHaveClass(/is-active/);
  await expect(machines.activeStates()).toHaveCount(1);
});

test('?inspect shows an admin the inspector, with each event, its transitions and actions, and copies the log', async ({
  page,
  context,
}) => {
  // a long walk: a search, a tab, the inspector's log, filter, details, actors and the copied log, with axe
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
  await signIn(page, 'admin@example.com');
  // without ?inspect, no inspector in a production build
  await expect(page.getByRole('button', { name: /^Inspector/ })).toHaveCount(0);

  await page.goto('find-work?inspect');
  await expect(page.getByRole('heading', { level: 1, name: 'Find work' })).toBeVisible();
  const findWork = new FindWorkPage(page);
  await findWork.choosePickup('Leeds');
  await findWork.chooseRadius(20);
  await findWork.search();
  await expect(findWork.cards().first()).toBeVisible();
  await findWork.tab('Auction').click();
  await expect(findWork.tab('Auction')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

  await page.getByRole('button', { name: /^Inspector/ }).click();
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  await expect(inspector).toBeVisible();
  const events = inspector.locator('.inspector-log > li');
  await expect(events.filter({ hasText: 'search.submitted' }).first()).toContainText('findWork');
  await expect(events.filter({ hasText: 'tab.selected' }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await inspector.getByPlaceholder('Filter events').fill('tab.selected');
  await expect(events).not.toHaveCount(0);
  for (const text of await events.locator('summary').allTextContents()) expect(text).toContain('tab.selected');
  const tabSelected = events.first();
  await tabSelected.locator('summary').click();
  await expect(tabSelected).toContainText('ready.results');
  await expect(tabSelected).toContainText('selectTab');
  await inspector.getByPlaceholder('Filter events').fill('');

  const actors = inspector.getByRole('region', { name: /^Actors/ });
  await expect(actors.locator('[data-actor="findWork"]')).toContainText('ready.results');
  await actors.locator('[data-actor="findWork"] summary').click();
  await expect(actors.locator('[data-actor="findWork"]')).toContainText('"activeTab": "auction"');

  // the log follows events as they happen while it is open, with no filter typed
  const tabEvents = events.filter({ hasText: 'tab.selected' });
  const seen = await tabEvents.count();
  await findWork.tab('Instant').click();
  await expect(tabEvents).toHaveCount(seen + 1);

  // what the filter shows is what is copied: the find-work machine's events alone
  await inspector.getByPlaceholder('Filter events').fill('findWork');
  await inspector.getByRole('button', { name: 'Copy log as JSON' }).click();
  // the status line, not the locale actor's messages (its context, listed under Actors, holds that text too)
  await expect(inspector.locator('.inspector-status')).toHaveText(/events? copied/);
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as RecordedLog;
  expect(copied).toMatchObject({ format: 'tpp-inspection-log', version: 1, page: '/tpp/find-work' });
  expect(new Set(copied.steps.map((s) => s.machineId))).toEqual(new Set(['findWork']));
  const types = copied.steps.map((s) => s.event.type);
  expect(types[0]).toBe('xstate.init');
  expect(types).toEqual(expect.arrayContaining(['search.submitted', 'tab.selected']));

  if (process.env.RECORD_REPLAY_LOG) {
    const config = (await resolveConfig(REPLAY_LOG)) ?? {};
    writeFileSync(REPLAY_LOG, await format(JSON.stringify(copied), { ...config, parser: 'json' }));
  }
});

test('a partner cannot open the machines page or the inspector in a production build', async ({ page }) => {
  await signIn(page, 'partner@example.com');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Machines' })).toHaveCount(0);
  await page.goto('machines?inspect');
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
  await expect(page.locator('.sc-state')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Inspector/ })).toHaveCount(0);
  await page.goto('find-work');
  await expect(page.getByRole('heading', { level: 1, name: 'Find work' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Inspector/ })).toHaveCount(0);
});

test('a guest asking for the machines page is sent to sign in, then comes back to it as an admin', async ({ page }) => {
  await page.goto('machines?machine=auth');
  await expect(page).toHaveURL(/\/tpp\/login\?redirect=/);
  await new LoginPage(page).signIn('admin@example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'auth' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the machines page and a machine fit a 390 px screen in Spanish, and zoom with a tap', async ({ page }) => {
    await signIn(page, 'admin@example.com', 'es');
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto('machines');
    await expect(page.getByRole('heading', { level: 1, name: 'Máquinas' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto('machines?machine=journeyAllocation');
    await expect(page.locator('.diagram-svg .sc-state').first()).toBeAttached();
    expect(await overflow()).toBeLessThanOrEqual(0);
    const machines = new MachinesPage(page);
    const before = await machines.view();
    await page.getByRole('button', { name: 'Acercar' }).tap();
    await expect.poll(async () => (await machines.view()).scale).toBeGreaterThan(before.scale);
  });
});

for (const language of ['en', 'es'] as const) {
  test(`the machines page has no serious or critical axe violations in ${language}`, async ({ page }) => {
    // two axe runs over pages of many diagrams: seconds each on a busy 2-core machine
    test.setTimeout(60_000);
    await signIn(page, 'admin@example.com', language);
    await page.goto('machines');
    await expect(page.locator('.machine-card').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('machines?machine=journeyAllocation');
    await expect(page.locator('.sc-state').first()).toBeAttached();
    await page.locator('.state-button').nth(2).click();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
