import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { WorkPage } from './pages/work-page';
import { ORIGIN } from './ports';
import { WorkApi } from './work-api';

/**
 * Won work (issue 7) against the seeded server, as the demo partner: assigning a driver, completing a job with an
 * additional cost, the completion refused before the pickup, a completion that fails keeping what was typed, feedback
 * asked once, and the job sheet with the driver's position. Each test takes its own job from the server's list.
 */
async function signIn(page: Page): Promise<void> {
  await page.goto('login');
  await new LoginPage(page).signIn('partner@example.com');
  await page.waitForURL(/\/tpp\/$/);
}

test.beforeEach(async ({ page }) => signIn(page));

test('a driver is assigned to a won job, and the card shows who', async ({ page, request }) => {
  const job = await new WorkApi(request).job(
    'active',
    (j) => j.driver === null && j.job_status === 'allocated' && j.can.allocate_driver,
    'allocated job without a driver',
  );
  const work = new WorkPage(page);
  await work.open();
  const card = await work.card(job.listing_id);
  await expect(card.getByTestId('job-driver')).toHaveText('No driver yet');

  // Assign with no driver chosen: spec §5's message, on the card
  await card.getByTestId('assign-driver').click();
  await expect(card.getByRole('alert')).toHaveText('Please select a driver');
  await expect(card.getByTestId('driver-select')).toHaveAttribute('aria-invalid', 'true');

  const select = card.getByTestId('driver-select');
  const driver = (await select.locator('option').nth(1).textContent())!.trim();
  await select.selectOption({ label: driver });
  await card.getByTestId('assign-driver').click();
  await expect(page.locator('.toast', { hasText: 'Driver assigned' })).toBeVisible();
  await expect(card.getByTestId('job-driver')).toHaveText(driver);

  // the server kept it
  await page.reload();
  await expect((await work.card(job.listing_id)).getByTestId('job-driver')).toHaveText(driver);
});

test('a job is completed with an additional cost, and shows completed with the charge', async ({ page, request }) => {
  const job = await new WorkApi(request).job(
    'active',
    (j) => j.job_status === 'in_realisation' && Date.parse(j.completable_from) < Date.now(),
    'job in progress whose pickup has passed',
  );
  const work = new WorkPage(page);
  await work.open();
  const card = await work.card(job.listing_id);
  await work.startCompletion(card, 'with an additional cost');
  const dialog = work.completionDialog();

  // nothing typed: both fields say what they need, and the dialogue stays
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Additional cost (£) is required.')).toBeVisible();
  await expect(dialog.getByText('Why the additional cost is required.')).toBeVisible();

  await dialog.getByLabel('Additional cost (£)').fill('25.50');
  await dialog.getByLabel('Why the additional cost').fill('Two extra flights of stairs at the delivery');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // the confirmation warns of the suspension a false completion brings
  await expect(dialog.getByTestId('completion-confirm')).toContainText('Additional cost: £25.50');
  await expect(dialog.getByRole('note')).toHaveText(
    'Only complete a job that is really done: a false completion suspends your account for 7 days.',
  );
  await dialog.getByRole('button', { name: 'Yes, complete the job' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.toast', { hasText: 'Job completed' })).toBeVisible();

  // it moved to the completed tab, with its charge and reason
  await work.selectTab('Completed');
  const done = await work.card(job.listing_id);
  await expect(done.getByTestId('job-status')).toHaveText('Completed by you');
  await expect(done.getByTestId('extra-charge')).toHaveText('+ £25.50 additional cost');
  await expect(done.getByTestId('job-issue')).toHaveText('Two extra flights of stairs at the delivery');
});

test('completing a job before its pickup is refused with the reason, and the dialogue stays', async ({
  page,
  request,
}) => {
  const job = await new WorkApi(request).job(
    'active',
    (j) => j.job_status === 'allocated' && Date.parse(j.completable_from) > Date.now() + 3_600_000,
    'allocated job with its pickup ahead',
  );
  const work = new WorkPage(page);
  await work.open();
  await work.startCompletion(await work.card(job.listing_id), 'with an issue');
  const dialog = work.completionDialog();
  await dialog.getByLabel('What happened').fill('Customer asked to finish early');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Yes, complete the job' }).click();
  await expect(dialog.getByTestId('completion-failure')).toHaveText(
    'You cannot complete this job before its pickup time.',
  );
  // what was typed is still there
  await expect(dialog.getByLabel('What happened')).toHaveValue('Customer asked to finish early');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect((await work.card(job.listing_id)).getByTestId('job-status')).toHaveText('Allocated');
});

test('a completion that fails says so in the words of spec §8 and keeps what was typed', async ({
  page,
  context,
  request,
}) => {
  const job = await new WorkApi(request).job('active', (j) => j.job_status === 'in_realisation', 'job in progress');
  const work = new WorkPage(page);
  await work.open();
  await work.startCompletion(await work.card(job.listing_id), 'with an issue');
  const dialog = work.completionDialog();
  await dialog.getByLabel('What happened').fill('Gate locked, waited 40 minutes');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await context.addCookies([{ name: 'tpp_fault', value: '500@/ng/api/v3/actions', url: ORIGIN }]);
  await dialog.getByRole('button', { name: 'Yes, complete the job' }).click();
  await expect(dialog.getByTestId('completion-failure')).toContainText('Something went wrong, please try again later.');
  await expect(dialog.getByLabel('What happened')).toHaveValue('Gate locked, waited 40 minutes');
  await context.clearCookies({ name: 'tpp_fault' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('feedback is requested once, and the button goes', async ({ page, request }) => {
  const api = new WorkApi(request);
  const job = await api.job('completed', (j) => j.can.request_feedback, 'completed job without a feedback request');
  const work = new WorkPage(page);
  await work.open('completed');
  const card = await work.card(job.listing_id);
  await card.getByTestId('request-feedback').click();
  await expect(page.locator('.toast', { hasText: 'Feedback requested' })).toBeVisible();
  await expect(card.getByTestId('feedback-requested')).toContainText('Feedback requested on');
  await expect(card.getByTestId('request-feedback')).toHaveCount(0);
  await page.reload();
  await expect((await work.card(job.listing_id)).getByTestId('request-feedback')).toHaveCount(0);
  // once per job: the server refuses a second request
  expect(await api.requestFeedbackAgain(job.listing_id)).toBe(409);
});

test('the job sheet shows the job and where its driver is', async ({ page, request }) => {
  const job = await new WorkApi(request).job(
    'active',
    (j) => j.driver !== null && Date.parse(j.tracking_from) < Date.now(),
    'job with a driver inside its tracking window',
  );
  await page.goto(`work/listing/${job.listing_id}`);
  const sheet = page.getByTestId('job-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('sheet-status')).toBeVisible();
  await expect(sheet.getByTestId('tracking-state')).toHaveAttribute('data-state', /at_pickup|on_the_way|arrived/);
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/tpp\/work$/);
});
