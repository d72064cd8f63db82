import 'temporal-polyfill/global';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatDate, formatTime } from '@/src/format/date';
import { FleetApi } from './fleet-api';
import { JourneyApi } from './journey-api';
import { PartnerApi } from './listing-api';
import { API_HEADERS, signInForToken } from './partner-api';
import { FindWorkPage } from './pages/find-work-page';
import { JourneyPage } from './pages/journey-page';
import { ListingPage } from './pages/listing-page';
import { LoginPage } from './pages/login-page';
import { WorkNotice } from './pages/work-notice';
import { ORIGIN } from './ports';

/**
 * Who may work (spec §6: accepted documents, an approved vehicle, the partner terms; spec §9: a false completion
 * suspends the account for 7 days), decided by the server (server/partner/work-eligibility.ts) and shown by the portal
 * before the partner tries: find work, a job's page, a journey and the reservation wizard say why work is closed and
 * link to what puts it right; the server refuses if the partner tries anyway, and a page that learns it from a refusal
 * says the same. The partners: expiring@example.com (documents missing and expired, as seeded for the dashboard's
 * banners), suspended@example.com (seeded suspended) and refused@example.com (its van is rejected by the team during
 * the test, and approved again): server/seed/test-accounts.ts. None of them changes anything another test reads.
 */
const EXPIRING = 'expiring@example.com';
const SUSPENDED = 'suspended@example.com';
const REFUSED = 'refused@example.com';

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('login');
  await new LoginPage(page).signIn(email);
  await page.waitForURL(/\/tpp\/$/);
}

/** The partner's calls of the actions that take work on: the status and the reason of each answer. */
async function tryEverything(
  http: APIRequestContext,
  email: string,
  ids: { job: number; auction: number; journey: number; interest: number },
): Promise<Record<string, { status: number; reason: unknown }>> {
  const headers = { ...API_HEADERS, Authorization: `Bearer ${await signInForToken(http, email)}` };
  const me = (await (await http.get(`${ORIGIN}/v1/user-info`, { headers })).json()) as { id: number };
  const post = async (path: string, payload?: unknown) => {
    const res = await http.post(`${ORIGIN}/${path}`, {
      headers,
      ...(payload === undefined ? {} : { data: { payload } }),
    });
    return { status: res.status(), reason: ((await res.json()) as { reason?: unknown }).reason };
  };
  const day = new Date(Date.now() + 20 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  const place = { lat: 52.48, lng: -1.9, town: 'Birmingham', postcode: 'B1 1AA' };
  return {
    book: await post(`v1/listings/${ids.job}/book`, {}),
    quote: await post(`v1/listings/${ids.auction}/quote`, { amount: 12_500 }),
    claim: await post(`journey/api/v1/journey/${ids.journey}/register-driver/1`, { provider_vehicle_id: 1 }),
    interest: await post('ng/api/v3/provider/expressInterest', {
      provider_vehicle_id: 1,
      job_id: [ids.interest],
      job_type: 'journey',
    }),
    validate: await post('v1/reservations', {
      user_id: me.id,
      vehicle_id: 1,
      reservations: [
        {
          date: day,
          people: 1,
          capacity: { value: 10, unit: 'm3' },
          nodes: [
            { place, time: 'anytime' },
            { place, time: 'anytime' },
          ],
          externalJobs: [],
        },
      ],
    }),
    create: await post('v1/reservations/accept-drafts', { reservations: [1] }),
    acceptOffer: await post('v1/reservations/1/accept-offer'),
  };
}

let jobs: PartnerApi;
let journeys: JourneyApi;
let open: { job: number; auction: number; journey: number; interest: number };
test.beforeAll(async () => {
  jobs = await PartnerApi.signIn('partner@example.com');
  journeys = await JourneyApi.signIn('partner@example.com');
  open = {
    job: (await jobs.anyOpenJob('instant')).id,
    auction: (await jobs.anyOpenJob('auction')).id,
    journey: (await journeys.anyOpenJourney('click_and_claim')).id,
    interest: (await journeys.anyOpenJourney('express_interest')).id,
  };
});
test.afterAll(async () => {
  await jobs.dispose();
  await journeys.dispose();
});

/** Find work, a job, a journey and the wizard each say why, with `line` for the reason, and offer no action. */
async function expectClosedEverywhere(
  page: Page,
  reason: 'documents' | 'suspended',
  line: string | RegExp,
): Promise<void> {
  const findWork = new FindWorkPage(page);
  await findWork.open();
  const onFindWork = new WorkNotice(page, 'onboarding-notice');
  await expect(onFindWork.reason(reason)).toContainText(line);
  // the journey tab's cards have no ticks to express interest with
  await findWork.choosePickup('Birmingham');
  await findWork.chooseRadius(200);
  await findWork.search();
  await findWork.tab('Journeys').click();
  await expect(findWork.cards().first()).toBeVisible();
  await expect(page.locator('.listing-card .listing-select')).toHaveCount(0);

  const listing = new ListingPage(page);
  await listing.open(open.job);
  const notice = new WorkNotice(page);
  await expect(notice.reason(reason)).toContainText(line);
  await expect(listing.bookNow()).toHaveCount(0);
  await listing.open(open.auction);
  await expect(notice.reason(reason)).toContainText(line);
  await expect(listing.quoteField()).toHaveCount(0);

  const journey = new JourneyPage(page);
  await journey.open(open.journey);
  await journey.expectPanel('notEligible');
  await expect(notice.reason(reason)).toContainText(line);
  await expect(journey.claimButton()).toHaveCount(0);

  await page.goto('reservations/create');
  await expect(notice.reason(reason)).toContainText(line);
  await expect(page.getByTestId('wizard-step')).toHaveCount(0);
}

test('documents missing and expired: every page that offers work says which, links to the documents, and the server refuses', async ({
  page,
  request,
}) => {
  // a search, four pages and seven refused calls: about 30 s on this shared 2-core machine
  test.setTimeout(90_000);
  await signIn(page, EXPIRING);
  await expectClosedEverywhere(
    page,
    'documents',
    'Documents still needed: Proof of identity and Goods-in-transit insurance (expired).',
  );

  const refused = await tryEverything(request, EXPIRING, open);
  for (const [action, answer] of Object.entries(refused))
    expect(answer, action).toEqual({ status: 403, reason: 'documents' });

  // the notice's link goes to the documents page
  await page.goto('find-work');
  await new WorkNotice(page, 'onboarding-notice').link('Upload documents').click();
  await expect(page).toHaveURL(/\/tpp\/documents$/);
});

test('suspended: every page that offers work says until when, and the server refuses', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await signInForToken(request, SUSPENDED);
  const me = await request.get(`${ORIGIN}/v1/user-info`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
  });
  const { work } = (await me.json()) as { work: { reasons: string[]; suspended_until: string } };
  expect(work.reasons).toEqual(['suspended']);
  // in London time, with the portal's formatters ("6th December 2026, 22:04")
  const until = `${formatDate(work.suspended_until, 'en')}, ${formatTime(work.suspended_until, 'en')}`;

  await signIn(page, SUSPENDED);
  await expectClosedEverywhere(page, 'suspended', `Your account is suspended until ${until}`);

  const refused = await tryEverything(request, SUSPENDED, open);
  for (const [action, answer] of Object.entries(refused))
    expect(answer, action).toEqual({ status: 403, reason: 'suspended' });
});

test('a refusal the page could not foresee (the van rejected meanwhile) becomes the same message', async ({ page }) => {
  test.setTimeout(90_000);
  const http = await playwrightRequest.newContext();
  const team = new FleetApi(http);
  const partner = await JourneyApi.signIn(REFUSED);
  const van = (await partner.vehicles(open.journey))[0]!;
  await team.review(van.id, 'APPROVED');
  try {
    await signIn(page, REFUSED);
    const notice = new WorkNotice(page);

    // a job: Book now is offered; the van is rejected before the partner confirms
    const listing = new ListingPage(page);
    await listing.open(open.job);
    await listing.bookNow().click();
    await team.review(van.id, 'REJECTED');
    await listing.confirmButton().click();
    await expect(listing.toast('Unable to book this job')).toBeVisible();
    await expect(notice.reason('vehicle')).toContainText('You need at least one approved vehicle.');
    await expect(notice.link('Add a vehicle')).toHaveAttribute('href', '/tpp/vehicles');
    await expect(listing.bookNow()).toHaveCount(0);

    // a journey: the claim is offered; the van is rejected before the partner claims
    await team.review(van.id, 'APPROVED');
    const row = await partner.anyOpenJourney('click_and_claim');
    const journey = new JourneyPage(page);
    await journey.open(row.id);
    await journey.expectPanel('offered');
    await expect(journey.claimButton()).toBeVisible();
    await team.review(van.id, 'REJECTED');
    await journey.claimButton().click();
    await expect(journey.toast('Unable to claim this journey')).toBeVisible();
    await journey.expectPanel('notEligible');
    await expect(notice.reason('vehicle')).toContainText('You need at least one approved vehicle.');
    expect((await partner.journey(row.id)).data?.allocationDetails?.status).toBe('UNALLOCATED');
  } finally {
    await team.review(van.id, 'APPROVED');
    await partner.dispose();
    await http.dispose();
  }
});
