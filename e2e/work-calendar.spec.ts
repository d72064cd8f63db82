import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_HEADERS, readAsPartner, signInForToken } from './partner-api';
import { LoginPage } from './pages/login-page';
import { WorkCalendarPage } from './pages/work-calendar-page';
import { ORIGIN } from './ports';

/**
 * The work calendar (issue 7) against the seeded server, as partner@example.com: a private job made in three steps
 * appears at its London hour and in the .ics export; a private job is changed and deleted; month and week, the
 * filters, and both languages. The jobs are put next year, where the seed has none: in July (British Summer Time,
 * UTC+1, so 09:00 London is 08:00 UTC: a calendar that showed UTC would put it an hour early) and in January (GMT).
 */

const EMAIL = 'partner@example.com';
const YEAR = new Date().getUTCFullYear() + 1;
const SUMMER = `${YEAR}-07-14`;
const WINTER = `${YEAR}-01-13`;
const compact = (date: string) => date.replaceAll('-', '');
/** The days of the week (Monday to Sunday) holding WINTER, and of the week after: all in January. */
const winterWeek = (weeks: number) => {
  const day = new Date(`${WINTER}T12:00:00Z`);
  const monday = day.getUTCDate() - ((day.getUTCDay() + 6) % 7) + 7 * weeks;
  return new RegExp(`^${monday}\\s?–\\s?${monday + 6} January ${YEAR}$`);
};

async function signIn(page: Page, language: 'en' | 'es' = 'en'): Promise<WorkCalendarPage> {
  await page.context().addCookies([{ name: 'i18n_locale', value: language, url: ORIGIN }]);
  await page.goto('login');
  await new LoginPage(page).signIn(EMAIL);
  await expect(page).not.toHaveURL(/\/login/);
  return new WorkCalendarPage(page);
}

/** A private job made through the API (for the tests about what happens to one), on vehicle 3 with driver 2. */
async function createJob(
  request: APIRequestContext,
  job: { title: string; date: string; pickupUtc: [string, string]; deliveryUtc: [string, string] },
): Promise<string> {
  const token = await signInForToken(request, EMAIL);
  const headers = { ...API_HEADERS, Authorization: `Bearer ${token}` };
  const place = async (postcode: string) => {
    const res = await request.get(`${ORIGIN}/v1/places?q=${encodeURIComponent(postcode)}`, { headers });
    const found = ((await res.json()) as { data: { lat: number; lng: number; town: string }[] }).data[0]!;
    return { lat: found.lat, lng: found.lng, town: found.town, postcode };
  };
  const uuid = crypto.randomUUID();
  const node = async (postcode: string, sortOrder: 1 | 2, window: [string, string]) => ({
    place: await place(postcode),
    sortOrder,
    nodeType: sortOrder === 1 ? 'pickup' : 'delivery',
    timeWindowStart: `${job.date}T${window[0]}:00Z`,
    timeWindowEnd: `${job.date}T${window[1]}:00Z`,
    durationOnSiteInSeconds: 900,
  });
  const res = await request.post(`${ORIGIN}/ng/api/v3/provider/private-jobs`, {
    headers,
    data: {
      payload: {
        uuid,
        volumeInM3: 6,
        nodes: [await node('M1 1AE', 1, job.pickupUtc), await node('SK1 1AA', 2, job.deliveryUtc)],
        vehicle_id: 3,
        driver_id: 2,
        title: job.title,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return uuid;
}

/** An iCalendar file's events, its folded lines put back together (RFC 5545 §3.1). */
function icsEvents(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: Record<string, string>[] = [];
  let event: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') event = {};
    else if (line === 'END:VEVENT' && event) {
      events.push(event);
      event = null;
    } else if (event) {
      const colon = line.indexOf(':');
      event[line.slice(0, colon).split(';')[0]!] = line.slice(colon + 1);
    }
  }
  return events;
}

test.describe('work calendar', () => {
  test('creates a private job in three steps, each keeping what was typed, at its London hour and in the .ics', async ({
    page,
  }) => {
    const calendar = await signIn(page);
    const title = `Summer move ${Date.now()}`;
    await calendar.open(`view=week&date=${SUMMER}`);
    await calendar.startNewPrivateJob();
    // the calendar's day is the job's first day
    await expect(calendar.field('pickup-date')).toHaveValue(SUMMER);
    await expect(calendar.field('delivery-date')).toHaveValue(SUMMER);

    // step 1's rules show their messages and keep what was typed
    await calendar.next();
    await expect(calendar.messageOf('pickup-postcode')).toHaveText('Required');
    await calendar.fillStop('pickup', { postcode: 'LS1', from: '09:00', to: '10:00' });
    await calendar.fillStop('delivery', { postcode: 'YO1 7HH', from: '12:00', to: '15:00' });
    await calendar.next();
    await expect(calendar.jobStep()).toHaveAttribute('data-step', 'stops');
    await expect(calendar.messageOf('pickup-postcode')).toHaveText('Please Enter a Valid UK Postcode');
    await expect(calendar.messageOf('pickup-to')).toHaveText('A pickup or delivery window lasts at least 2 hours');
    await expect(calendar.field('pickup-postcode')).toHaveValue('LS1');
    await calendar.fillStop('pickup', { postcode: 'LS1 4AP', to: '11:00' });
    await expect(calendar.messageOf('pickup-postcode')).toHaveCount(0);
    await calendar.next();

    // step 2: the volume's rule, then the vehicle, driver and a title
    await expect(calendar.jobStep()).toHaveAttribute('data-step', 'capacity');
    await calendar.field('volume').fill('45');
    await calendar.next();
    await expect(calendar.messageOf('volume')).toHaveText('The volume is at most 40 m³');
    await expect(calendar.field('volume')).toHaveValue('45');
    await calendar.field('volume').fill('12.5');
    await calendar.choose('vehicle', 'OE19 HCK · Renault Master');
    await calendar.choose('driver', 'Aisha Lewis');
    await calendar.field('title').fill(title);
    // back to the stops and on again: everything is still there
    await calendar.back();
    await expect(calendar.field('pickup-postcode')).toHaveValue('LS1 4AP');
    await calendar.next();
    await expect(calendar.field('title')).toHaveValue(title);
    await calendar.next();

    // step 3: the review, in London time
    await expect(calendar.jobStep()).toHaveAttribute('data-step', 'review');
    await expect(calendar.review().getByTestId('review-pickup')).toContainText('Leeds LS1 4AP');
    await expect(calendar.review().getByTestId('review-pickup-window')).toContainText('09:00–11:00');
    await expect(calendar.review().getByTestId('review-delivery-window')).toContainText('12:00–15:00');
    await expect(calendar.review()).toContainText('12.5 m³');
    await calendar.save();

    // on the calendar: on its day, from 09:00 London, level with the 09:00 line of the week
    const entry = calendar.entries(title);
    await expect(entry).toHaveCount(1);
    await expect(entry).toHaveAttribute('data-day', SUMMER);
    await expect(entry).toContainText('09:00–15:00');
    const [entryBox, lineBox] = [await entry.boundingBox(), await calendar.hourLine(9).boundingBox()];
    expect(Math.abs(entryBox!.y - lineBox!.y)).toBeLessThan(4);

    // the .ics export of the week shown holds it, in UTC (09:00 BST is 08:00Z), its lines folded at 75 octets
    const file = await calendar.exportIcs();
    expect(file.name).toMatch(/^work-calendar-.*\.ics$/);
    expect(file.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    for (const line of file.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(icsEvents(file.text).find((e) => e.SUMMARY?.includes(title))).toMatchObject({
      DTSTART: `${compact(SUMMER)}T080000Z`,
      DTEND: `${compact(SUMMER)}T140000Z`,
      CATEGORIES: 'private',
    });

    // and in the month view, in the day's cell
    await calendar.chooseView('month');
    await expect(calendar.dayCell(SUMMER).locator('[data-testid="calendar-entry"]', { hasText: '09:00' })).toHaveCount(
      1,
    );
    await expect(calendar.dayCell(SUMMER)).toContainText(title);
  });

  test('changes a private job and deletes it', async ({ page, request }) => {
    const title = `Edit check ${Date.now()}`;
    await createJob(request, { title, date: SUMMER, pickupUtc: ['08:00', '10:00'], deliveryUtc: ['11:00', '13:00'] });
    const calendar = await signIn(page);
    await calendar.open(`view=week&date=${SUMMER}`);
    await calendar.openEntry(title);
    await expect(calendar.detailsWindow('pickup')).toContainText('09:00–11:00');

    await calendar.startEdit();
    await expect(calendar.field('pickup-postcode')).toHaveValue('M1 1AE');
    await calendar.fillStop('delivery', { to: '16:00' });
    await calendar.next();
    await expect(calendar.jobStep()).toHaveAttribute('data-step', 'capacity');
    await expect(calendar.field('title')).toHaveValue(title);
    await calendar.next();
    await expect(calendar.review().getByTestId('review-delivery-window')).toContainText('12:00–16:00');
    await page.getByTestId('private-job-save').click();
    // saved: the job is shown as it is now, and the calendar behind has it
    await expect(calendar.detailsWindow('delivery')).toContainText('12:00–16:00');
    await page.getByRole('button', { name: 'Close' }).click();
    await calendar.expectLoaded();
    await expect(calendar.entries(title)).toContainText('09:00–16:00');

    await calendar.openEntry(title);
    await calendar.deleteOpenJob();
    await expect(calendar.entries(title)).toHaveCount(0);
  });

  test('switches between month and week and filters by vehicle and driver', async ({ page, request }) => {
    const title = `Winter job ${Date.now()}`;
    await createJob(request, { title, date: WINTER, pickupUtc: ['09:00', '11:00'], deliveryUtc: ['12:00', '14:00'] });
    const calendar = await signIn(page);
    await calendar.open(`date=${WINTER}`);
    await expect(calendar.period()).toHaveText(`January ${YEAR}`);
    // GMT: 09:00 UTC is 09:00 London
    await expect(calendar.dayCell(WINTER).locator('[data-testid="calendar-entry"]', { hasText: '09:00' })).toHaveCount(
      1,
    );

    await calendar.filter('vehicle', 'OE19 HCK');
    await expect(page).toHaveURL(/vehicle=3/);
    await expect(calendar.entries(title)).toHaveCount(1);
    await calendar.filter('vehicle', 'DA68 KFA');
    await expect(calendar.entries(title)).toHaveCount(0);
    await calendar.filter('vehicle', null);
    await calendar.filter('driver', 'Aisha Lewis');
    await expect(calendar.entries(title)).toHaveCount(1);
    await calendar.filter('driver', 'Charlie Watson');
    await expect(calendar.entries(title)).toHaveCount(0);
    await calendar.filter('driver', null);

    await expect(page.getByRole('button', { name: 'Month', pressed: true })).toBeVisible();
    await calendar.chooseView('week');
    // the view buttons say which is on to assistive technology (aria-pressed)
    await expect(page.getByRole('button', { name: 'Week', pressed: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Month', pressed: false })).toBeVisible();
    await expect(calendar.period()).toHaveText(winterWeek(0));
    await expect(calendar.entries(title)).toContainText('09:00–14:00');
    await calendar.step('next');
    await expect(calendar.period()).toHaveText(winterWeek(1));
    await expect(calendar.entries(title)).toHaveCount(0);
    // the view and day are in the address: a reload comes back to them
    await page.reload();
    await calendar.expectLoaded();
    await expect(calendar.period()).toHaveText(winterWeek(1));
    await calendar.step('previous');
    await expect(calendar.entries(title)).toHaveCount(1);
  });

  test('private work preferences are chosen with the keyboard alone, saved, and read back', async ({
    page,
    request,
  }) => {
    const calendar = await signIn(page);
    await calendar.open();
    await page.getByTestId('calendar-preferences').click();
    const dialog = page.getByTestId('preferences-dialog');
    const overlap = dialog.getByRole('checkbox', { name: /Keep private jobs off vehicles busy/ });
    await expect(overlap).not.toBeChecked();
    // the radio cards are drawn (their styles come with the dialogue, whatever was opened before)
    await expect(dialog.locator('label.resv-radio').first()).toHaveCSS('border-top-style', 'solid');

    // the overlap rule: Space ticks and unticks it, and its card follows (left off: other specs make private jobs)
    await overlap.focus();
    await page.keyboard.press('Space');
    await expect(overlap).toBeChecked();
    await expect(dialog.locator('label.cal-checkbox')).toHaveAttribute('data-selected', 'true');
    await page.keyboard.press('Space');
    await expect(overlap).not.toBeChecked();
    await expect(dialog.locator('label.cal-checkbox')).not.toHaveAttribute('data-selected');

    // colour by: the arrow key moves the choice within the group
    await dialog.getByRole('radio', { name: 'Vehicle' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: 'Driver' })).toBeChecked();
    await dialog.getByTestId('preferences-save').click();
    await expect(dialog).toBeHidden();

    const saved = await readAsPartner<{ block_marketplace_overlap: boolean; calendar_colour_by: string }>(
      request,
      EMAIL,
      'ng/api/v3/provider/private-work-preferences',
    );
    expect([saved.block_marketplace_overlap, saved.calendar_colour_by]).toEqual([false, 'driver']);

    // opened again, the dialogue shows what was saved; put back as it was
    await page.getByTestId('calendar-preferences').click();
    await expect(dialog.getByRole('radio', { name: 'Driver' })).toBeChecked();
    await dialog.locator('label.resv-radio', { hasText: 'Vehicle' }).click();
    await expect(dialog.getByRole('radio', { name: 'Vehicle' })).toBeChecked();
    await dialog.getByTestId('preferences-save').click();
    await expect(dialog).toBeHidden();
  });

  test('speaks Spanish', async ({ page }) => {
    const calendar = await signIn(page, 'es');
    await calendar.open(`date=${WINTER}`);
    await expect(calendar.heading()).toHaveText('Calendario de trabajo');
    await expect(calendar.period()).toHaveText(`enero de ${YEAR}`);
    await expect(page.locator('.cal-month th').first()).toHaveText('lun');
    await expect(page.getByTestId('calendar-view-week')).toHaveText('Semana');
    await calendar.startNewPrivateJob();
    await expect(calendar.dialog().getByRole('heading', { name: 'Nuevo trabajo privado' })).toBeVisible();
    await calendar.next();
    await expect(calendar.messageOf('pickup-postcode')).toHaveText('Obligatorio');
  });
});
