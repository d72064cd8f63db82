import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './chromium-flags';
import { AlertsPage } from './pages/alerts-page';
import { LoginPage } from './pages/login-page';
import { API_HEADERS, signInForToken } from './partner-api';
import { ORIGIN } from './ports';

/**
 * New-work alerts against the seeded server: a partner turns on "Alert me" for a saved search around a town, the admin
 * posts a job that matches it and one that does not (POST /v1/admin/jobs, as a customer would), and the partner sees
 * the counter rise without a reload, the match marked New on the alerts page, the counter drop, and the mark gone
 * after a reload. Jobs go to Carlisle, which no other browser test searches.
 */

// The find-work page draws its map with WebGL, which Chromium gives headless through SwiftShader unless the GPU is off.
test.use({
  launchOptions: {
    executablePath: TEST_CHROMIUM_PATH,
    args: CHROMIUM_FLAGS.filter((flag) => flag !== '--disable-gpu'),
  },
});
test.describe.configure({ mode: 'serial' });

const TOWN = 'Carlisle';
const ELSEWHERE = 'Truro';

/** A demo user signed in through the API as the portal does (session cookie, cookie grant, bearer token). */
class Api {
  private constructor(
    private readonly http: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(email: string): Promise<Api> {
    const http = await playwrightRequest.newContext();
    return new Api(http, await signInForToken(http, email));
  }

  async call<T>(method: 'get' | 'post' | 'delete', path: string, payload?: unknown): Promise<T> {
    const response = await this.http.fetch(`${ORIGIN}/v1/${path}`, {
      method,
      headers: { ...API_HEADERS, Authorization: `Bearer ${this.token}` },
      ...(payload === undefined ? {} : { data: { payload } }),
    });
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  /** POST /v1/admin/jobs: an instant piano job from `town`, picked up the day after tomorrow. */
  async postJob(town: string): Promise<{ id: number }> {
    const start = new Date(Date.now() + 2 * 24 * 3_600_000);
    start.setUTCHours(9, 0, 0, 0);
    const { data } = await this.call<{ data: { id: number } }>('post', 'admin/jobs', {
      kind: 'instant',
      category: 'piano',
      pickup: { town },
      delivery: { town: 'Leeds' },
      pickup_date: { start: start.toISOString(), end: new Date(start.getTime() + 4 * 3_600_000).toISOString() },
      volume_m3: 3,
      price: { amount: 18_000 },
    });
    return data;
  }

  dispose() {
    return this.http.dispose();
  }
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const useLanguage = (page: Page, language: 'en' | 'es') =>
  page.context().addCookies([{ name: 'i18n_locale', value: language, url: ORIGIN }]);

async function signIn(page: Page, email = 'partner@example.com') {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email);
  await page.waitForURL(/\/tpp\/$/);
}

let partner: Api;
let admin: Api;
let search: { id: number; name: string };

test.beforeAll(async () => {
  partner = await Api.signIn('partner@example.com');
  admin = await Api.signIn('admin@example.com');
  const { data: places } = await partner.call<{ data: Array<{ town: string; lat: number; lng: number }> }>(
    'get',
    `places?q=${TOWN}`,
  );
  const place = places.find((p) => p.town === TOWN)!;
  const { data } = await partner.call<{ data: { id: number; name: string } }>('post', 'saved-searches', {
    name: `Pianos around ${TOWN} ${Date.now()}`,
    criteria: {
      type: 'instant',
      pickup: { location: { name: TOWN, lat: place.lat, lon: place.lng }, radius: { value: 10, unit: 'mi' } },
      categories: ['piano'],
    },
  });
  search = data;
  // whatever matched before this test is seen: the counter counts only what the admin posts from here on
  await partner.call('post', 'alerts/seen', {});
});

test.afterAll(async () => {
  await partner.call('delete', `saved-searches/${search.id}`);
  await Promise.all([partner.dispose(), admin.dispose()]);
});

test('a job matching an alerting search raises the counter live and is marked New once on the alerts page', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const alerts = new AlertsPage(page);
  await signIn(page);
  await alerts.expectBadgeCount(0);

  await page.goto('find-work');
  await expect(page.getByRole('heading', { level: 1, name: 'Find work' })).toBeVisible();
  await alerts.turnOnAlert(search.name);
  await alerts.expectBadgeCount(0);

  const matching = await admin.postJob(TOWN);
  const elsewhere = await admin.postJob(ELSEWHERE);
  // no reload: the counter follows the server's `posted` events
  await alerts.expectBadgeCount(1);
  await expect(alerts.badge()).toHaveAccessibleName('New work: 1 unseen alert');

  await alerts.openFromBadge();
  await expect(page.getByRole('heading', { level: 1, name: 'New work alerts' })).toBeVisible();
  const card = alerts.card(matching.id);
  await expect(card).toBeVisible();
  await expect(alerts.newMark(matching.id)).toHaveText('New');
  await expect(card).toContainText(`Matches ${search.name}`);
  await expect(card.getByRole('link', { name: `Piano: ${TOWN} to Leeds` })).toHaveAttribute(
    'href',
    `/tpp/find-work/listing/${matching.id}`,
  );
  await expect(alerts.card(elsewhere.id)).toHaveCount(0);
  // opening the page marked it seen: the counter drops while the mark stays for this visit
  await alerts.expectBadgeCount(0);
  await expect(alerts.newMark(matching.id)).toBeVisible();

  await page.reload();
  await expect(alerts.card(matching.id)).toBeVisible();
  await expect(alerts.newMark(matching.id)).toHaveCount(0);
  await alerts.expectBadgeCount(0);

  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/tpp/find-work/listing/${matching.id}$`));
});

test('the alerts page reads in Spanish and has no serious or critical axe violations in either language', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const alerts = new AlertsPage(page);
  const fresh = await admin.postJob(TOWN);
  await signIn(page);
  await useLanguage(page, 'es');

  await alerts.open('Alertas de trabajo nuevo');
  await expect(alerts.newMark(fresh.id)).toHaveText('Nuevo');
  await expect(alerts.card(fresh.id)).toContainText(`Coincide con ${search.name}`);
  await expect(alerts.card(fresh.id).getByRole('link', { name: `Piano: de ${TOWN} a Leeds` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Alertas activadas' })).toBeVisible();
  await expect(alerts.badge()).toContainText('Trabajo nuevo');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  expect(await seriousViolations(page)).toEqual([]);

  await useLanguage(page, 'en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'New work alerts' })).toBeVisible();
  await expect(alerts.card(fresh.id)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a partner with no alerts on is told how to turn them on', async ({ page }) => {
  const alerts = new AlertsPage(page);
  await signIn(page, 'starter@example.com');
  await alerts.open();
  await expect(alerts.emptyState()).toContainText('You have no alerts on');
  await expect(alerts.emptyState()).toContainText('turn on “Alert me”');
  expect(await seriousViolations(page)).toEqual([]);
  await alerts.emptyState().getByRole('link', { name: 'Go to Find work' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find work' })).toBeVisible();
});
