import { expect, test } from '@playwright/test';
import { NotificationsPage, ProfilePage, signInAs } from './pages/profile-page';

/**
 * Issue 8, the partner's own account: edit profile (the form scheme's messages, the address short form, a failed save
 * keeping what was typed), ratings and reviews (shown from 5 ratings, the four criteria, the chart), notification
 * preferences (saved and kept; a failed save restores the previous values), and the statistics chart in English and
 * Spanish. profile@example.com (Hannah Price, Exeter EX1 1GE, 3 ratings) and reviews@example.com (Tom Fletcher,
 * Norwich, 30 ratings) are this file's own accounts (server/seed/profile.ts): nothing else changes them.
 */

const PROFILE = 'profile@example.com';
const REVIEWS = 'reviews@example.com';

test('edit profile: a bad postcode is refused with its message and kept, a good one saves and shows "Exeter EX4"', async ({
  page,
}) => {
  await signInAs(page, PROFILE);
  const profile = new ProfilePage(page);
  await profile.open();
  await expect(profile.address()).toHaveText('Exeter EX1');
  await expect(profile.input('full_name')).toHaveValue('Hannah Price');

  await profile.fill('postcode', 'EX4');
  await expect(profile.fieldError('postcode')).toHaveText('Please Enter a Valid UK Postcode');
  await expect(profile.input('postcode')).toHaveClass(/is-invalid/);
  await profile.save();
  await expect(profile.input('postcode')).toHaveValue('EX4');
  await expect(profile.fieldError('postcode')).toHaveText('Please Enter a Valid UK Postcode');

  // a name emptied says so with the generic required message and the field's label
  await profile.fill('full_name', '');
  await expect(profile.fieldError('full_name')).toHaveText("Full name can't be blank");
  await profile.fill('full_name', 'Hannah Price');

  // the server fails once: 'Failed to update account details', everything typed still there
  await profile.fill('postcode', 'EX4 3SR');
  await expect(profile.input('postcode')).toHaveClass(/is-valid/);
  await profile.fill('phone', '07700 900123');
  await page.route('**/v1/profile', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"Sorry, something went wrong"}',
        })
      : route.fallback(),
  );
  await profile.save();
  await expect(profile.toast('Failed to update account details')).toBeVisible();
  await expect(profile.input('postcode')).toHaveValue('EX4 3SR');
  await expect(profile.input('phone')).toHaveValue('07700 900123');
  await expect(profile.address()).toHaveText('Exeter EX1');
  await page.unroute('**/v1/profile');

  await profile.save();
  await expect(profile.toast('Your profile was saved')).toBeVisible();
  await expect(profile.address()).toHaveText('Exeter EX4');
  await expect(profile.input('postcode')).toHaveValue('EX4 3SR');
  await page.reload();
  await expect(profile.address()).toHaveText('Exeter EX4');
  await expect(profile.input('phone')).toHaveValue('07700 900123');
});

test('customer reviews: the rating, its four criteria and the chart from 5 ratings; fewer shows no average', async ({
  page,
  browser,
}) => {
  await signInAs(page, REVIEWS);
  const reviews = new ProfilePage(page);
  await reviews.open('reviews');
  await expect(page.getByRole('tab', { name: 'Customer reviews' })).toHaveAttribute('aria-selected', 'true');
  await expect(reviews.ratingAverage()).toHaveText(/^[1-5]\.\d{1,2}$/);
  await expect(page.getByText('30 ratings · the average of the last 25')).toBeVisible();
  await expect(reviews.criteria()).toHaveText([
    /Punctuality\s*\d/,
    /Communication\s*\d/,
    /Care of goods\s*\d/,
    /Presentation\s*\d/,
  ]);
  const chart = reviews.chart('rating-chart');
  await expect(chart).toBeVisible();
  await expect(page.getByRole('img', { name: /Rating over time/ })).toBeVisible();
  expect(await chart.locator('circle').count()).toBeGreaterThanOrEqual(10);
  await expect(reviews.reviews()).toHaveCount(20);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(reviews.reviews()).toHaveCount(10);

  const context = await browser.newContext();
  const few = await context.newPage();
  await signInAs(few, PROFILE);
  const fewReviews = new ProfilePage(few);
  await fewReviews.open('reviews');
  await expect(fewReviews.notEnoughRatings()).toHaveText('Not enough ratings yet (3 of 5)');
  await expect(fewReviews.ratingAverage()).toHaveCount(0);
  await expect(fewReviews.chart('rating-chart')).toHaveCount(0);
  await expect(fewReviews.reviews()).toHaveCount(3);
  await context.close();
});

test('notification preferences: two changes saved survive a reload; a failed save restores the previous values', async ({
  page,
}) => {
  await signInAs(page, PROFILE);
  const prefs = new NotificationsPage(page);
  await prefs.open();
  const paymentsSms = prefs.cell('Payments', 'SMS');
  const messagesInApp = prefs.cell('Messages', 'In-app');
  await expect(paymentsSms).not.toBeChecked();
  await expect(messagesInApp).toBeChecked();

  await prefs.toggle('Payments', 'SMS');
  await prefs.toggle('Messages', 'In-app');
  await expect(paymentsSms).toBeChecked();
  await expect(messagesInApp).not.toBeChecked();
  await prefs.save();
  await expect(prefs.toast('Notification preferences saved')).toBeVisible();
  await page.reload();
  await expect(paymentsSms).toBeChecked();
  await expect(messagesInApp).not.toBeChecked();

  await page.route('**/v1/notification-preferences', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"Sorry, something went wrong"}',
        })
      : route.fallback(),
  );
  const remindersEmail = prefs.cell('Job reminders', 'E-mail');
  await expect(remindersEmail).toBeChecked();
  await prefs.toggle('Job reminders', 'E-mail');
  await expect(remindersEmail).not.toBeChecked();
  await prefs.save();
  await expect(prefs.toast('Failed to update notification preferences')).toBeVisible();
  await expect(remindersEmail).toBeChecked();
  await expect(paymentsSms).toBeChecked();
  await expect(messagesInApp).not.toBeChecked();
});

test('statistics: a bar chart of the last 12 months, in English and in Spanish', async ({ page, browser }) => {
  await signInAs(page, REVIEWS);
  const stats = new ProfilePage(page);
  await stats.open('statistics');
  const jobs = stats.chart('statistics-jobs-chart');
  await expect(jobs).toBeVisible();
  await expect(jobs.locator('.chart-label')).toHaveCount(12);
  await expect(page.getByRole('img', { name: /Jobs done per month/ })).toBeVisible();
  await expect(stats.chart('statistics-earnings-chart').locator('.chart-value').first()).toContainText('£');
  await expect(page.getByTestId('statistics-totals')).toContainText('£');

  const context = await browser.newContext({ locale: 'es-ES' });
  const es = await context.newPage();
  await signInAs(es, REVIEWS);
  await es.goto('profile/statistics');
  await expect(es.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
  await expect(es.getByRole('tab', { name: 'Estadísticas' })).toHaveAttribute('aria-selected', 'true');
  await expect(es.getByRole('img', { name: /Trabajos realizados por mes/ })).toBeVisible();
  await expect(es.getByTestId('statistics-totals')).toContainText('€');
  await context.close();
});
