import { expect, test } from '@playwright/test';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './chromium-flags';
import { FindWorkPage, isJobsPage, milesBetween, type JobsAnswer } from './pages/find-work-page';
import { LoginPage } from './pages/login-page';
import { signInForToken } from './partner-api';
import { ORIGIN } from './ports';

// The map draws with WebGL, which Chromium gives headless through SwiftShader unless the GPU is switched off.
test.use({
  launchOptions: {
    executablePath: TEST_CHROMIUM_PATH,
    args: CHROMIUM_FLAGS.filter((flag) => flag !== '--disable-gpu'),
  },
});

test.beforeEach(async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('partner@example.com');
  await page.waitForURL(/\/tpp\/$/);
});

test('a search around Manchester finds house moves and pianos within 20 miles, by the server’s coordinates', async ({
  page,
}) => {
  const findWork = new FindWorkPage(page);
  await findWork.open();
  const centre = await findWork.choosePickup('Manchester');
  await findWork.chooseRadius(20);
  await findWork.chooseCategories(['House move', 'Piano']);
  const answer = await findWork.search();
  expect(answer.data.length).toBeGreaterThan(0);
  for (const row of answer.data) {
    expect(['house_move', 'piano']).toContain(row.category);
    expect(milesBetween(centre, row.pickup)).toBeLessThanOrEqual(20.01);
  }
  await expect(findWork.total()).toHaveText(`${answer.meta.total} jobs found`);
  await expect(findWork.cards().first()).toBeVisible();
});

test('the pickup and the delivery radius are two controls with names of their own', async ({ page }) => {
  const findWork = new FindWorkPage(page);
  await findWork.open();
  const pickup = page.getByRole('combobox', { name: 'Within (pickup)', exact: true });
  const delivery = page.getByRole('combobox', { name: 'Within (delivery)', exact: true });
  await expect(pickup).toHaveAttribute('name', 'pickup-radius');
  await expect(delivery).toHaveAttribute('name', 'delivery-radius');
  await expect(page.getByRole('combobox', { name: 'Within', exact: true })).toHaveCount(0);
});

test('sorting by price, high to low, orders the results', async ({ page }) => {
  const findWork = new FindWorkPage(page);
  await findWork.open();
  await findWork.choosePickup('Manchester');
  await findWork.search();
  const sorted = page.waitForResponse(isJobsPage(1));
  await page.locator('select[name="sort"]').selectOption('payout_desc');
  const answer = (await (await sorted).json()) as JobsAnswer;
  const prices = answer.data.map((r) => r.price.amount);
  expect(prices.length).toBeGreaterThan(1);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
  // the sort is kept for the tab across a reload (spec §9 storage)
  await page.reload();
  await expect(page.locator('select[name="sort"]')).toHaveValue('payout_desc');
});

test('scrolling loads every page of a result set, with no listing twice', async ({ page }) => {
  const findWork = new FindWorkPage(page);
  await findWork.open();
  await findWork.choosePickup('Leeds');
  // 20 miles: several pages even after other tests running beside this one have booked jobs of the area (at
  // 10 miles the set was 41 rows, and one booking took it to exactly two pages)
  await findWork.chooseRadius(20);
  await findWork.chooseCategories(['House move']);
  const first = await findWork.search();
  expect(first.meta.total).toBeGreaterThan(first.meta.limit * 2);
  expect(first.meta.total).toBeLessThan(400);
  const ids = first.data.map((r) => `${r.kind}:${r.id}`);
  page.on('response', async (response) => {
    if (!response.url().endsWith('/v1/jobs')) return;
    const answer = (await response.json()) as JobsAnswer;
    if (answer.meta.page > 1) ids.push(...answer.data.map((r) => `${r.kind}:${r.id}`));
  });
  const end = page.getByText(`All ${first.meta.total} jobs shown`);
  for (let i = 0; i < 60 && !(await end.isVisible()); i += 1) {
    await findWork.scroller().evaluate((el) => el.scrollBy(0, el.clientHeight));
    await page.waitForTimeout(150);
  }
  await expect(end).toBeVisible();
  expect(ids).toHaveLength(first.meta.total);
  expect(new Set(ids).size).toBe(ids.length);
});

test('each tab’s count equals the total its list shows', async ({ page }) => {
  const findWork = new FindWorkPage(page);
  await findWork.open();
  // a town no other browser test books or claims around: their bookings between the counts and a tab's list would
  // change one and not the other (CI saw 66 counted, 65 listed around Manchester)
  await findWork.choosePickup('Nottingham');
  await findWork.search();
  for (const [tab, id] of [
    ['Instant', 'instant'],
    ['Auction', 'auction'],
    ['Journeys', 'journey'],
  ] as const) {
    await findWork.tab(tab).click();
    const count = (await findWork.tabCount(id).textContent()) ?? '';
    await expect(findWork.total()).toHaveText(new RegExp(`^(${count} jobs? found|No jobs found)$`));
  }
});

test('no category: the message shows and no search is sent', async ({ page }) => {
  const findWork = new FindWorkPage(page);
  await findWork.open();
  await findWork.choosePickup('Manchester');
  await findWork.chooseCategories([]);
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/v1/jobs')) sent += 1;
  });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Please select at least one category')).toBeVisible();
  await page.waitForTimeout(500);
  expect(sent).toBe(0);
});

test('a saved search survives a reload and can be deleted; its dialogue works from the keyboard', async ({ page }) => {
  // Eleven steps and two full reloads of the page with its searches: about 20 s on this 2-core machine when idle.
  test.setTimeout(60_000);
  const findWork = new FindWorkPage(page);
  await findWork.open();
  await findWork.choosePickup('Bristol');
  await findWork.chooseCategories(['Piano']);
  await findWork.search();
  // with the keyboard: the dialogue takes the focus to its name field, Escape closes it and gives the focus back
  const saveButton = page.getByRole('button', { name: 'Save search' });
  await saveButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(saveButton).toBeFocused();
  await saveButton.click();
  const name = `Bristol pianos ${Date.now()}`;
  await page.getByRole('dialog').getByLabel('Name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Save search' }).click();
  await expect(page.locator('.saved-status')).toHaveText('Saved');
  await page.reload();
  const item = page.locator(`[data-saved-search="${name}"]`);
  await expect(item).toBeVisible();
  await page.getByRole('button', { name: `Delete saved search ${name}` }).click();
  await expect(item).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.saved-searches')).toBeVisible();
  await expect(item).toHaveCount(0);
});

test('the map shows the results as markers', async ({ page }) => {
  const findWork = new FindWorkPage(page);
  await findWork.open();
  await findWork.choosePickup('Manchester');
  await findWork.search();
  await expect(findWork.map()).toHaveAttribute('data-map-ready', 'true', { timeout: 20_000 });
  await expect
    .poll(async () => Number(await findWork.map().getAttribute('data-rendered-markers')), { timeout: 20_000 })
    .toBeGreaterThan(0);
});

test('typing after the chosen town keeps the text, and a town pasted over it opens its list when the look-up answers', async ({
  page,
}) => {
  const findWork = new FindWorkPage(page);
  await findWork.open();
  const input = page.locator('input[name="pickup-place"]');
  // the registered address is the default search's place: typing after it keeps it and the key
  await expect(input).not.toHaveValue('');
  const home = await input.inputValue();
  await input.focus();
  await page.keyboard.press('End');
  await page.keyboard.type('x');
  await expect(input).toHaveValue(`${home}x`);
  await page.keyboard.press('Escape');
  // insertText over the selected text is what a paste does: the whole text in one input event
  await input.selectText();
  await page.keyboard.insertText('Leeds');
  await expect(input).toHaveValue('Leeds');
  await expect(
    page
      .getByRole('listbox')
      .getByRole('option', { name: /^Leeds/ })
      .first(),
  ).toBeVisible();
});

test('on a phone the map under the feed is downloaded only when the partner scrolls down to it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const mapScripts: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(results-map|map-style|maplibre)[^/]*\.m?js$/.test(request.url())) mapScripts.push(request.url());
  });
  const findWork = new FindWorkPage(page);
  await findWork.open();
  // the default search runs on opening: the feed is filled and the page settled, with the map still not fetched
  await expect(findWork.total()).toBeVisible();
  await page.waitForTimeout(500);
  expect(mapScripts).toEqual([]);
  await expect(findWork.map()).toHaveCount(0);

  await page.locator('.map-column').first().scrollIntoViewIfNeeded();
  await expect(findWork.map()).toHaveAttribute('data-map-ready', 'true', { timeout: 20_000 });
  expect(mapScripts.length).toBeGreaterThan(0);
});

test('the four tabs share one map: changing tab keeps it, markers drawn', async ({ page }) => {
  const findWork = new FindWorkPage(page);
  await findWork.open();
  await findWork.choosePickup('Manchester');
  await findWork.search();
  const map = findWork.map();
  await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 20_000 });
  // a mark on the map's drawing surface: a map built again for the next tab would not carry it
  await map
    .locator('canvas')
    .first()
    .evaluate((canvas) => canvas.setAttribute('data-probe', 'kept'));
  const instantTotal = await findWork.total().textContent();

  await findWork.tab('Auction').click();
  await expect(findWork.total()).not.toHaveText(instantTotal ?? '');
  await expect(map.locator('canvas[data-probe="kept"]')).toHaveCount(1);
  await expect(map).toHaveAttribute('data-map-ready', 'true');
  await expect
    .poll(async () => Number(await map.getAttribute('data-rendered-markers')), { timeout: 20_000 })
    .toBeGreaterThan(0);
});

test('the card under the pointer or focus has its route drawn on the map, and only while it is there', async ({
  page,
}) => {
  const findWork = new FindWorkPage(page);
  await findWork.open();
  await expect(findWork.map()).toHaveAttribute('data-map-ready', 'true', { timeout: 20_000 });
  const map = findWork.map();
  await expect(map).not.toHaveClass(/results-map--highlighting/);

  await findWork.cards().nth(1).hover();
  await expect(map).toHaveClass(/results-map--highlighting/);
  await page.mouse.move(1, 1);
  await expect(map).not.toHaveClass(/results-map--highlighting/);

  // the keyboard reaches the same line: a link in a card takes focus and the card says which route
  await findWork.cards().first().getByRole('link').first().focus();
  await expect(map).toHaveClass(/results-map--highlighting/);
  // the search and the list are as they were: hovering redraws the map, not the page
  await expect(findWork.total()).toBeVisible();
});

test('a job taken by another partner is marked at once, and gone from the next search', async ({ page, request }) => {
  const findWork = new FindWorkPage(page);
  await findWork.open();
  // the default search (around the registered address, every category) runs on opening; instant jobs that can be
  // booked outright are the click-and-claim ones
  await expect(findWork.total()).toBeVisible();
  const filtered = page.waitForResponse(isJobsPage(1));
  await page.getByRole('checkbox', { name: 'Click and claim' }).check();
  const answer = (await (await filtered).json()) as JobsAnswer;
  const job = answer.data.find((r) => r.kind === 'instant');
  expect(job, 'an instant click-and-claim job to take').toBeDefined();
  await expect(findWork.card(job!.id)).toBeVisible();

  const token = await signInForToken(request, 'starter@example.com');
  const booked = await request.post(`${ORIGIN}/v1/listings/${job!.id}/book`, {
    data: { payload: {} },
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  expect(booked.status()).toBe(200);

  await expect(findWork.card(job!.id).getByText('Taken')).toBeVisible();
  const again = await findWork.search();
  expect(again.data.map((r) => r.id)).not.toContain(job!.id);
});

test('when the map cannot be loaded, a note takes its place and the results still work', async ({ page }) => {
  await page.route(/\/assets\/(results-map|map-style)-[^/]*\.js$/, (route) => route.abort());
  const findWork = new FindWorkPage(page);
  await findWork.open();
  await expect(page.getByText('The map cannot be shown on this device. Every result is in the list.')).toBeVisible();
  await expect(findWork.total()).toBeVisible();
  await expect(findWork.cards().first()).toBeVisible();
});
